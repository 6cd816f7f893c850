import { CODES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { courseCan } from '../courseAuth';
import { useCourseParam } from '../hooks/useCourseParam';

/** /courseEnrollInfo?courseId=: the enrolment settings, read only, with a way to change them. */
export default function CourseEnrollInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const allowed = courseId !== null && courseCan(courseId, 'manageEnroll');
  const setting = useQuery({
    queryKey: courseKeys.enrollSetting(courseId ?? 0),
    queryFn: () => coursesApi.getEnrollSetting(courseId!),
    enabled: allowed,
    retry: retryNetworkOnly,
  });

  let body: ReactNode;
  if (courseId === null) body = <LoadFailed message={t('validation.courseId')} />;
  else if (!allowed || (setting.error instanceof ApiError && setting.error.code === CODES.forbidden)) body = <NoPermission />;
  else if (setting.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (setting.isError) body = <LoadFailed message={errorMessage(setting.error)} onRetry={() => void setting.refetch()} />;
  else {
    const s = setting.data;
    const asked = s.formLists.filter((q) => Number(q.selected) === 1);
    body = (
      <div className="page-body form-page" data-testid="enroll-info">
        <List className="setting-list" header={t('courses.enroll.joinHeader')}>
          <List.Item
            extra={
              <span data-testid="enroll-info-open">
                {s.enrollstate === '1' ? t('courses.enroll.isOpen') : t('courses.enroll.isClosed')}
              </span>
            }
          >
            {t('courses.enroll.open')}
          </List.Item>
          <List.Item
            extra={
              <span data-testid="enroll-info-review">
                {s.auditstate === '1' ? t('courses.enroll.manual') : t('courses.enroll.auto')}
              </span>
            }
          >
            {t('courses.enroll.review')}
          </List.Item>
          <List.Item
            extra={
              <span data-testid="enroll-info-max">
                {s.maxcount > 0 ? t('courses.enroll.maxcountValue', { count: s.maxcount }) : t('courses.enroll.noLimit')}
              </span>
            }
          >
            {t('courses.enroll.maxcount')}
          </List.Item>
        </List>
        <List className="setting-list" header={t('courses.enroll.questionsHeader')}>
          <List.Item>
            {asked.length > 0 ? (
              <div className="tag-wrap" data-testid="enroll-info-questions">
                {asked.map((q) => (
                  <Tag key={`${q.key}-${q.title}`} color="primary" fill="outline">
                    {q.title}
                  </Tag>
                ))}
              </div>
            ) : (
              <span className="muted">{t('courses.enroll.noQuestions')}</span>
            )}
          </List.Item>
        </List>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          onClick={() => navigate(`/seniorSetting?courseId=${courseId}`)}
          data-testid="enroll-info-edit"
        >
          {t('courses.enroll.change')}
        </Button>
      </div>
    );
  }

  return (
    <div className="page" data-testid="course-enroll-info-page">
      <PageNavBar title={t('courses.enroll.infoTitle')} />
      {body}
    </div>
  );
}
