import { STAR_EVENT } from '@paiclass/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { useSearchParams } from '../../../lib/router';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseCourseId } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { type StarChange, starKeys, starsApi } from '../api';
import '../representation.css';

/**
 * /representation/starlog?courseId=&courseRole=0: the student's stars in the course and their log,
 * newest first, updated live when the teacher gives or takes back a star (`Representation.star` on
 * the student's user room). The teacher opens a student's with `&uid=` (decision 023).
 */
export default function StarLogPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const uid = parseCourseId(params.get('uid')) ?? 0;
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(
    courseId
      ? uid
        ? `/representation/performanceStatistics?courseId=${courseId}&courseRole=1`
        : `/courseHome?courseId=${courseId}&courseRole=0`
      : undefined,
  );
  return (
    <div className="page star-page" data-testid="star-log">
      <PageNavBar title={t('representation.logTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Log courseId={course.id} uid={uid} />}
      </CourseGate>
    </div>
  );
}

function Log({ courseId, uid }: { courseId: number; uid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const log = useInfiniteQuery({
    queryKey: starKeys.log(courseId, uid),
    queryFn: ({ pageParam }) => starsApi.log(courseId, uid, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.count ? last.page + 1 : undefined),
  });
  useClassroom(courseId);
  useSocketEvent(STAR_EVENT, (data) => {
    const change = data as StarChange;
    if (change.courseid === courseId && (!uid || change.uid === uid))
      void queryClient.invalidateQueries({ queryKey: starKeys.all(courseId) });
  });

  if (log.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (log.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={log.error} onRetry={() => void log.refetch()} />
      </div>
    );
  const first = log.data.pages[0]!;
  const entries = log.data.pages.flatMap((p) => p.list);
  return (
    <div className="page-body star-body">
      <section className="star-card star-log-head" data-testid="star-log-head">
        <UserAvatar name={first.username} src={first.avatar || undefined} size={48} testid="star-log-avatar" />
        <span className="star-student-text">
          <span className="star-sheet-title">{first.username}</span>
          <span className="muted small">{t('representation.myStars')}</span>
        </span>
        <span className="star-log-total" data-testid="star-log-total">
          <StarFill className="star-icon" aria-hidden="true" />
          {first.total}
        </span>
      </section>
      {entries.length === 0 ? (
        <ErrorBlock status="empty" title={t('representation.noEntries')} description="" data-testid="star-log-empty" />
      ) : (
        <ul className="star-entries" data-testid="star-entries">
          {entries.map((e) => (
            <li key={e.id} className="star-entry" data-testid="star-entry" data-stars={e.stars}>
              <span className={e.stars < 0 ? 'star-entry-delta is-minus' : 'star-entry-delta'}>
                {e.stars > 0 ? `+${e.stars}` : `−${-e.stars}`}
              </span>
              <span className="star-entry-text">
                <span>
                  {e.stars > 0
                    ? e.reason || t('representation.noReason')
                    : t('representation.takenBackReason', { reason: e.reason || t('representation.noReason') })}
                </span>
                <span className="muted small">
                  {t('representation.givenBy', { name: e.givenbyname })} · {formatTime(e.create_time)}
                  {e.classtimeid ? ` · ${t('representation.inClass')}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <Button
          block
          fill="none"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          data-testid="star-log-more"
        >
          {t('representation.more')}
        </Button>
      ) : null}
    </div>
  );
}
