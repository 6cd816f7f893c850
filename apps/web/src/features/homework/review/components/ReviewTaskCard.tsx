import { Button, Tag, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { errorMessage } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { formatTime } from '../../../materials/utils';
import { WorkAnswer } from '../../components/WorkAnswer';
import { reviewApi } from '../api';
import type { MyReviews, ReviewTask } from '../types';
import { checkScore, commentLength, formatScore, scoreCap, sharedMessage } from '../utils';
import { SubmissionFiles } from './SubmissionFiles';

/**
 * One submission a student reviews: its files, then a score (at most the full score) and a
 * comment with its live length against the minimum. Sending is final, so it is confirmed first;
 * a review already given shows as sent.
 */
export function ReviewTaskCard({
  courseId,
  homeworkId,
  task,
  index,
  setup,
  onSent,
}: {
  courseId: number;
  homeworkId: number;
  task: ReviewTask;
  index: number;
  setup: Pick<MyReviews, 'anonymous' | 'mincomment' | 'fullscore'>;
  onSent: () => unknown;
}) {
  const { t } = useTranslation();
  const [score, setScore] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ score?: string; comment?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const cap = scoreCap(setup.fullscore);
  const length = commentLength(comment);
  const short = length < setup.mincomment;
  const author = task.username ? task.username : t('review.anonymousWork', { n: index + 1 });

  const submit = async () => {
    const checked = checkScore(score, setup.fullscore);
    const next: typeof errors = {};
    if (!checked.ok) next.score = sharedMessage(t, checked.key, checked.values);
    // the server's own words for a short comment (validation.commentTooShort)
    if (short) next.comment = sharedMessage(t, 'validation.commentTooShort', { min: setup.mincomment });
    setErrors(next);
    if (!checked.ok || next.comment) return;
    const confirmed = await confirmDialog({
      title: t('review.confirmTitle'),
      content: t('review.confirmText', { author, score: formatScore(checked.score) }),
      confirmText: t('review.confirmSend'),
      testid: 'review-confirm',
    }).result;
    if (!confirmed) return;
    setSending(true);
    try {
      await reviewApi.submit({ courseid: courseId, id: homeworkId, rid: task.rid, score: checked.score, comment });
      Toast.show({ icon: 'success', content: t('review.sent') });
      await onSent();
    } catch (e) {
      setErrors({ form: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="peer-card" data-testid="review-task" data-rid={task.rid} data-sid={task.sid}>
      <div className="peer-card-head">
        <span className="peer-card-title" data-testid="review-task-author">
          {author}
        </span>
        {task.reviewed ? (
          <Tag color="success" fill="outline" data-testid="review-task-state">
            {t('review.stateSent')}
          </Tag>
        ) : (
          <Tag color="warning" fill="outline" data-testid="review-task-state">
            {t('review.stateWaiting')}
          </Tag>
        )}
      </div>
      {task.message ? <p className="peer-message">{task.message}</p> : null}
      <WorkAnswer html={task.content} testid="review-task-answer" />
      <SubmissionFiles files={task.attachment} testid="review-task-file" />

      {task.reviewed ? (
        <div className="peer-given" data-testid="review-task-given">
          <div className="peer-given-score">
            {t('review.myScore')} <strong data-testid="review-task-score">{formatScore(task.score)}</strong>
            <span className="muted small"> / {cap}</span>
          </div>
          <p className="peer-comment" data-testid="review-task-comment">
            {task.comment}
          </p>
          {task.reviewtime ? <span className="muted small">{formatTime(task.reviewtime)}</span> : null}
        </div>
      ) : (
        <div className="peer-form">
          <label className="peer-field">
            <span className="field-label">{t('review.scoreLabel', { full: cap })}</span>
            <input
              className={`peer-input${errors.score ? ' is-invalid' : ''}`}
              inputMode="decimal"
              value={score}
              placeholder={t('review.scorePlaceholder', { full: cap })}
              onChange={(e) => {
                setScore(e.target.value);
                setErrors((x) => ({ ...x, score: undefined, form: undefined }));
              }}
              data-testid="review-score"
              aria-invalid={Boolean(errors.score)}
            />
          </label>
          {errors.score ? (
            <div className="field-error" role="alert" data-testid="review-score-error">
              {errors.score}
            </div>
          ) : null}
          <div className="peer-field">
            <span className="field-label">{t('review.commentLabel')}</span>
            <TextArea
              className={`peer-textarea${errors.comment ? ' is-invalid' : ''}`}
              value={comment}
              onChange={(v) => {
                setComment(v);
                setErrors((x) => ({ ...x, comment: undefined, form: undefined }));
              }}
              placeholder={
                setup.mincomment > 0
                  ? t('review.commentPlaceholderMin', { min: setup.mincomment })
                  : t('review.commentPlaceholder')
              }
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={1000}
              aria-label={t('review.commentLabel')}
              ref={(el) => el?.nativeElement?.setAttribute('data-testid', 'review-comment')}
            />
          </div>
          <div className={`peer-count${short ? ' is-short' : ''}`} data-testid="review-comment-count" aria-live="polite">
            {setup.mincomment > 0
              ? t('review.countMin', { count: length, min: setup.mincomment })
              : t('review.count', { count: length })}
          </div>
          {errors.comment || errors.form ? (
            <div className="field-error" role="alert" data-testid="review-error">
              {errors.comment ?? errors.form}
            </div>
          ) : null}
          <Button
            block
            color="primary"
            shape="rounded"
            loading={sending}
            onClick={() => void submit()}
            data-testid="review-submit"
          >
            {t('review.submit')}
          </Button>
          <p className="muted small peer-final-hint">{t('review.finalHint')}</p>
        </div>
      )}
    </li>
  );
}
