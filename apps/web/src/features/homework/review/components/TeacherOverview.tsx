import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { showApiError } from '../../../../lib/api';
import { useNavigate } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { formatTime } from '../../../materials/utils';
import { reviewApi, reviewKeys } from '../api';
import { reviewDetailPath } from '../paths';
import type { HomeworkInfo } from '../types';
import { formatScore, pastDeadline } from '../utils';

/**
 * The teacher's overview of a peer-review homework: assign the reviews now (after the deadline; they
 * are also assigned by themselves at the deadline), publish the final scores, and every submission,
 * each opening its reviews.
 */
export function TeacherOverview({ courseId, homework }: { courseId: number; homework: HomeworkInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = homework.id;
  const [assigning, setAssigning] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const rows = useQuery({
    queryKey: reviewKeys.submissions(courseId, id),
    queryFn: () => reviewApi.submissions(courseId, id),
    retry: retryNetworkOnly,
  });
  const ended = pastDeadline(homework.endtime);
  const submitted = rows.data?.list.filter((r) => r.submission) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(courseId, id) });

  const assign = async () => {
    setAssigning(true);
    try {
      const { added } = await reviewApi.assign(courseId, id);
      Toast.show({ content: added > 0 ? t('review.assigned', { count: added }) : t('review.assignedNone') });
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setAssigning(false);
    }
  };

  const publish = async () => {
    const ok = await confirmDialog({
      title: t('review.publishTitle'),
      content: Number(homework.settings.scoremode) === 2 ? t('review.publishTextTeacher') : t('review.publishTextAverage'),
      confirmText: t('review.publish'),
      testid: 'review-publish',
    }).result;
    if (!ok) return;
    setPublishing(true);
    try {
      const { count } = await reviewApi.publish(courseId, id);
      Toast.show({ icon: 'success', content: t('review.published', { count }) });
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setPublishing(false);
    }
  };

  return (
    <>
      <section className="peer-actions" data-testid="review-teacher-actions">
        <Button
          color="primary"
          fill="outline"
          shape="rounded"
          disabled={!ended}
          loading={assigning}
          onClick={() => void assign()}
          data-testid="review-assign"
        >
          {t('review.assignNow')}
        </Button>
        <Button color="primary" shape="rounded" loading={publishing} onClick={() => void publish()} data-testid="review-publish">
          {homework.settings.scorespublished ? t('review.republish') : t('review.publish')}
        </Button>
      </section>
      <p className="muted small peer-assign-hint" data-testid="review-assign-hint">
        {ended
          ? t('review.assignHintAfter')
          : t('review.assignHintBefore', { time: homework.endtime ? formatTime(homework.endtime) : '—' })}
      </p>

      <section className="peer-section" data-testid="review-submissions">
        <h3 className="peer-section-title">
          {t('review.submissions')}
          {rows.data ? (
            <span className="peer-section-count">
              {t('review.submittedCount', { count: submitted.length, total: rows.data.total })}
            </span>
          ) : null}
        </h3>
        {rows.isPending ? (
          <div className="peer-card" aria-busy="true">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : rows.isError ? (
          <QueryFailed error={rows.error} onRetry={() => void rows.refetch()} />
        ) : submitted.length === 0 ? (
          <ErrorBlock
            status="empty"
            className="peer-empty"
            title={<span data-testid="review-submissions-empty">{t('review.noSubmissions')}</span>}
            description=""
          />
        ) : (
          <ul className="peer-rows">
            {submitted.map((r) => {
              const s = r.submission!;
              return (
                <li key={s.sid}>
                  <button
                    type="button"
                    className="peer-row"
                    onClick={() => navigate(reviewDetailPath(courseId, id, 1, s.sid))}
                    data-testid="review-submission-row"
                    data-sid={s.sid}
                  >
                    <span className="peer-row-text">
                      <span className="peer-row-name">{r.name}</span>
                      <span className="muted small">
                        {t(`review.state.${s.state}`)}
                        {s.submittime ? ` · ${formatTime(s.submittime)}` : ''}
                      </span>
                    </span>
                    {s.score !== null ? (
                      <span className="peer-row-score" data-testid="review-submission-score">
                        {formatScore(s.score)}
                      </span>
                    ) : null}
                    <RightOutline className="peer-row-arrow" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
