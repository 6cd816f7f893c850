import { CODES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { EnrollAnswers } from '../components/EnrollAnswers';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { courseCan } from '../courseAuth';
import { useCourseParam } from '../hooks/useCourseParam';
import { useEnrollReview } from '../hooks/useEnrollReview';
import { parseCourseId } from '../utils';
import { formatTime } from './EnrollReviewPage';

/** /enrollDetail?courseId=&id=: one enrolment request, with approve and reject while it waits. */
export default function EnrollDetailPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const id = parseCourseId(params.get('id'));
  const allowed = courseId !== null && courseCan(courseId, 'manageEnroll');
  const list = useQuery({
    queryKey: courseKeys.enrollList(courseId ?? 0, 'all'),
    queryFn: () => coursesApi.enrollList(courseId!),
    enabled: allowed && id !== null,
    retry: retryNetworkOnly,
  });
  const { review, busy } = useEnrollReview(courseId ?? 0);
  const row = list.data?.find((r) => r.id === id);

  let body: ReactNode;
  if (courseId === null || id === null) body = <LoadFailed message={t('courses.review.notFound')} />;
  else if (!allowed || (list.error instanceof ApiError && list.error.code === CODES.forbidden)) body = <NoPermission />;
  else if (list.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (list.isError) body = <LoadFailed message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (!row) body = <LoadFailed message={t('courses.review.notFound')} />;
  else
    body = (
      <div className="page-body form-page">
        <section className="enroll-person" data-testid="enroll-detail">
          <UserAvatar name={row.username} src={row.avatar || undefined} size={56} testid="enroll-detail-avatar" />
          <div>
            <div className="review-name" data-testid="enroll-detail-name">
              {row.username}
            </div>
            <div className="muted small">
              {row.stno ? t('courses.review.stno', { stno: row.stno }) : t('courses.review.noStno')}
            </div>
            <div className="muted small">{t('courses.review.time', { time: formatTime(row.createtime) })}</div>
          </div>
          <Tag
            className="enroll-person-state"
            color={row.state === 0 ? 'warning' : row.state === 1 ? 'success' : 'danger'}
            fill="outline"
            data-testid="enroll-detail-state"
          >
            {t(`courses.review.tab${row.state}`)}
          </Tag>
        </section>
        <List header={t('courses.review.answers')} className="setting-list">
          <List.Item>
            {row.answers.length > 0 ? (
              <EnrollAnswers answers={row.answers} testid="enroll-detail-answers" />
            ) : (
              <span className="muted">{t('courses.review.noAnswers')}</span>
            )}
          </List.Item>
        </List>
        {row.state === 0 ? (
          <div className="button-stack">
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={busy === 1}
              disabled={busy !== null}
              onClick={() => void review([row.id], 1)}
              data-testid="enroll-detail-approve"
            >
              {t('courses.review.approve')}
            </Button>
            <Button
              block
              shape="rounded"
              size="large"
              color="danger"
              fill="outline"
              loading={busy === 2}
              disabled={busy !== null}
              onClick={() => void review([row.id], 2)}
              data-testid="enroll-detail-reject"
            >
              {t('courses.review.reject')}
            </Button>
          </div>
        ) : null}
      </div>
    );

  return (
    <div className="page" data-testid="enroll-request-page">
      <PageNavBar title={t('courses.review.detailTitle')} />
      {body}
    </div>
  );
}
