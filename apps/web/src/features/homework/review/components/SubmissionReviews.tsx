import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { formatTime } from '../../../materials/utils';
import { WorkAnswer } from '../../components/WorkAnswer';
import { reviewApi, reviewKeys } from '../api';
import type { HomeworkInfo, ReceivedReview } from '../types';
import { formatScore } from '../utils';
import { OverridePopup } from './OverridePopup';
import { ReviewList } from './ReviewList';
import { SubmissionFiles } from './SubmissionFiles';

/**
 * The teacher's view of one submission's reviews: who reviewed it, each score and comment, the peer
 * average, and a change to any review (spec: "the teacher can see and override every review").
 */
export function SubmissionReviews({ courseId, homework, sid }: { courseId: number; homework: HomeworkInfo; sid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = homework.id;
  const [editing, setEditing] = useState<ReceivedReview | null>(null);
  const submission = useQuery({
    queryKey: reviewKeys.submission(courseId, id, sid),
    queryFn: () => reviewApi.submission(courseId, id, sid),
    retry: retryNetworkOnly,
  });
  const reviews = useQuery({
    queryKey: reviewKeys.detail(courseId, id, sid),
    queryFn: () => reviewApi.detail(courseId, id, sid),
    retry: retryNetworkOnly,
  });
  const full = homework.settings.fullscore;

  if (submission.isError) return <QueryFailed error={submission.error} onRetry={() => void submission.refetch()} />;
  const s = submission.data;

  return (
    <>
      <section className="peer-card peer-submission" data-testid="review-submission" data-sid={sid}>
        {s ? (
          <>
            <div className="peer-card-head">
              <span className="peer-card-title" data-testid="review-submission-author">
                {s.groupname || s.username}
              </span>
              <span className="muted small">{s.stno}</span>
            </div>
            <div className="muted small">
              {t(`review.state.${s.state}`)}
              {s.submittime ? ` · ${formatTime(s.submittime)}` : ''}
            </div>
            {s.message ? <p className="peer-message">{s.message}</p> : null}
            <WorkAnswer html={s.content} testid="review-work-answer" />
            <SubmissionFiles files={s.attachment} />
          </>
        ) : (
          <Skeleton.Paragraph lineCount={3} animated />
        )}
      </section>

      <div className="peer-score-card">
        <div className="peer-score-cell">
          <span className="muted small">{t('review.peerAverage')}</span>
          <strong className="peer-score-big" data-testid="review-peer-average">
            {reviews.data && reviews.data.peeraverage !== null ? formatScore(reviews.data.peeraverage) : '—'}
          </strong>
        </div>
        <div className="peer-score-cell">
          <span className="muted small">{t('review.teacherScore')}</span>
          <strong className="peer-score-mid" data-testid="review-teacher-score">
            {s && s.score !== null ? formatScore(s.score) : '—'}
          </strong>
          <span className="muted small">
            {Number(homework.settings.scoremode) === 2 ? t('review.modeTeacher') : t('review.modeAverage')}
          </span>
        </div>
      </div>

      <section className="peer-section" data-testid="review-of-submission">
        <h3 className="peer-section-title">
          {t('review.reviewsOfSubmission')}
          {reviews.data ? (
            <span className="peer-section-count">
              {t('review.reviewedCount', {
                done: reviews.data.list.filter((r) => r.reviewed).length,
                total: reviews.data.list.length,
              })}
            </span>
          ) : null}
        </h3>
        {reviews.isPending ? (
          <div className="peer-card" aria-busy="true">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : reviews.isError ? (
          <QueryFailed error={reviews.error} onRetry={() => void reviews.refetch()} />
        ) : reviews.data.list.length === 0 ? (
          <ErrorBlock
            status="empty"
            className="peer-empty"
            title={<span data-testid="review-of-submission-empty">{t('review.notAssigned')}</span>}
            description={t('review.notAssignedText')}
          />
        ) : (
          <ReviewList reviews={reviews.data.list} fullscore={full} onOverride={setEditing} />
        )}
      </section>

      <OverridePopup
        courseId={courseId}
        homeworkId={id}
        fullscore={full}
        review={editing}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: reviewKeys.all(courseId, id) })}
      />
    </>
  );
}
