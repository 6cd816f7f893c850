import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { FileLinks } from '../components/FileLinks';
import { WorkAnswer } from '../components/WorkAnswer';
import { homeworkPath, stuWorkDetailPath } from '../paths';
import '../../materials/materials.css';
import '../homework.css';

/**
 * /homework/stuWorkHistory?courseId=&id=[&sid=]: every version of a submission, newest first, with
 * its files, message, who handed it in and when (overtime marked). A student sees their own (or
 * their group's); a teacher names the submission.
 */
export default function StuWorkHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const sid = parseItemId(params.get('sid'));
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const goBack = useGoBack(
    courseId && id
      ? manager && sid
        ? stuWorkDetailPath(courseId, id, sid)
        : homeworkPath(courseId, manager ? 1 : 0, id)
      : undefined,
  );
  return (
    <div className="page hw-page" data-testid="work-history-page">
      <PageNavBar title={t('homework.history.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null || (hasAbility(course, 'manageContent') && sid === null) ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <History courseId={course.id} id={id} sid={sid ?? 0} />
          )
        }
      </CourseGate>
    </div>
  );
}

function History({ courseId, id, sid }: { courseId: number; id: number; sid: number }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: homeworkKeys.history(courseId, id, sid),
    queryFn: () => homeworkApi.history(courseId, id, sid || undefined),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  if (history.isPending)
    return (
      <div className="page-body" data-testid="history-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (history.isError) return <QueryFailed error={history.error} onRetry={() => void history.refetch()} />;
  const list = history.data.list;
  if (list.length === 0)
    return (
      <div className="page-body page-center" data-testid="history-empty">
        <ErrorBlock status="empty" title={t('homework.history.empty')} description="" />
      </div>
    );
  return (
    <div className="page-body hw-body">
      <p className="activity-count muted small" data-testid="history-count">
        {t('homework.history.count', { count: list.length })}
      </p>
      <ol className="hw-timeline" data-testid="history-list">
        {list.map((v, i) => (
          <li key={v.version} className="hw-card hw-version" data-testid="history-version" data-version={v.version}>
            <div className="hw-submission-head">
              <span className="hw-submission-who">{t('homework.history.version', { version: v.version })}</span>
              {i === 0 ? (
                <Tag color="primary" fill="outline" className="hw-tag" data-testid="history-latest">
                  {t('homework.history.latest')}
                </Tag>
              ) : null}
              {Number(v.overtime) === 1 ? (
                <Tag color="warning" fill="outline" className="hw-tag" data-testid="history-overtime">
                  {t('homework.submission.overtime')}
                </Tag>
              ) : null}
            </div>
            <p className="muted small" data-testid="history-time">
              {t('homework.submission.time', { time: formatTime(Number(v.submittime)) })} ·{' '}
              {t('homework.submission.by', { name: v.username })}
            </p>
            {v.message ? (
              <p className="hw-message" data-testid="history-message">
                {v.message}
              </p>
            ) : null}
            <WorkAnswer html={v.content} testid="history-answer" />
            <FileLinks files={v.attachment} testid="history-file" />
          </li>
        ))}
      </ol>
    </div>
  );
}
