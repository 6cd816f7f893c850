import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { reviewApi, reviewKeys } from '../api';
import type { HomeworkInfo } from '../types';
import { formatScore, pastDeadline } from '../utils';
import { ReviewList } from './ReviewList';
import { ReviewTaskCard } from './ReviewTaskCard';

function SectionSkeleton() {
  return (
    <div className="peer-card" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </div>
  );
}

/**
 * A student's side of a peer-review homework: the submissions assigned to them (each reviewed once,
 * for good), then the reviews their own work received and, once published, the final score.
 */
export function StudentReviews({ courseId, homework }: { courseId: number; homework: HomeworkInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = homework.id;
  const tasks = useQuery({
    queryKey: reviewKeys.mine(courseId, id),
    queryFn: () => reviewApi.mine(courseId, id),
    retry: retryNetworkOnly,
  });
  const mine = homework.mine ?? null;
  const received = useQuery({
    queryKey: reviewKeys.detail(courseId, id, 0),
    queryFn: () => reviewApi.detail(courseId, id, 0),
    enabled: mine !== null,
    retry: retryNetworkOnly,
  });
  const full = homework.settings.fullscore;
  const todo = tasks.data?.list.filter((x) => !x.reviewed).length ?? 0;

  return (
    <>
      <section className="peer-section" data-testid="review-todo-section">
        <h3 className="peer-section-title">
          {t('review.toReview')}
          {tasks.data ? (
            <span className="peer-section-count" data-testid="review-todo-count">
              {t('review.toReviewCount', { left: todo, total: tasks.data.list.length })}
            </span>
          ) : null}
        </h3>
        {tasks.isPending ? (
          <SectionSkeleton />
        ) : tasks.isError ? (
          <QueryFailed error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : tasks.data.list.length === 0 ? (
          <ErrorBlock
            status="empty"
            className="peer-empty"
            title={<span data-testid="review-todo-empty">{t('review.noTasks')}</span>}
            description={pastDeadline(homework.endtime) ? t('review.noTasksAfter') : t('review.noTasksBefore')}
          />
        ) : (
          <ul className="peer-cards">
            {tasks.data.list.map((task, i) => (
              <ReviewTaskCard
                key={task.rid}
                courseId={courseId}
                homeworkId={id}
                task={task}
                index={i}
                setup={tasks.data}
                onSent={() => queryClient.invalidateQueries({ queryKey: reviewKeys.mine(courseId, id) })}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="peer-section" data-testid="review-received-section">
        <h3 className="peer-section-title">{t('review.received')}</h3>
        {mine === null ? (
          <p className="peer-note" data-testid="review-received-none">
            {t('review.notSubmitted')}
          </p>
        ) : (
          <>
            <div className="peer-score-card">
              <div className="peer-score-cell">
                <span className="muted small">{t('review.finalScore')}</span>
                {mine.scorepublished && mine.score !== null ? (
                  <strong className="peer-score-big" data-testid="review-final-score">
                    {formatScore(mine.score)}
                  </strong>
                ) : (
                  <span className="peer-score-pending" data-testid="review-final-pending">
                    {t('review.notPublished')}
                  </span>
                )}
              </div>
              <div className="peer-score-cell">
                <span className="muted small">{t('review.peerAverage')}</span>
                <strong className="peer-score-mid" data-testid="review-peer-average">
                  {received.data?.peeraverage !== null && received.data?.peeraverage !== undefined
                    ? formatScore(received.data.peeraverage)
                    : '—'}
                </strong>
              </div>
            </div>
            {received.isPending ? (
              <SectionSkeleton />
            ) : received.isError ? (
              <QueryFailed error={received.error} onRetry={() => void received.refetch()} />
            ) : received.data.list.length === 0 ? (
              <p className="peer-note" data-testid="review-received-empty">
                {t('review.noneReceived')}
              </p>
            ) : (
              <ReviewList reviews={received.data.list} fullscore={full} />
            )}
          </>
        )}
      </section>
    </>
  );
}
