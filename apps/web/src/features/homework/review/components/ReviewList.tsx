import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../../lib/translations';
import { formatTime } from '../../../materials/utils';
import type { ReceivedReview } from '../types';
import { formatScore } from '../utils';

/**
 * Reviews of one submission. Names appear only where the server sent them: a teacher sees every
 * reviewer, a student of an anonymous homework sees "reviewer 1, 2, ..." (the server leaves the
 * names out of its answer, not only off the screen).
 */
export function ReviewList({
  reviews,
  fullscore,
  onOverride,
}: {
  reviews: ReceivedReview[];
  fullscore: number;
  /** teachers: change a review */
  onOverride?: (review: ReceivedReview) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="peer-list">
      {reviews.map((r, i) => (
        <li key={r.rid ?? i} className="peer-item" data-testid="review-item" data-rid={r.rid ?? ''}>
          <div className="peer-item-head">
            <span className="peer-item-who" data-testid="review-item-reviewer">
              {r.reviewer ?? t('review.anonymousReviewer', { n: i + 1 })}
            </span>
            {r.overridden ? (
              <Tag color="primary" fill="outline" data-testid="review-item-overridden">
                {t('review.overridden')}
              </Tag>
            ) : null}
            {r.reviewed ? (
              <span className="peer-item-score">
                <strong data-testid="review-item-score">{formatScore(r.score)}</strong>
                <span className="muted small"> / {fullscore}</span>
              </span>
            ) : (
              <Tag color="default" fill="outline" data-testid="review-item-pending">
                {t('review.notYet')}
              </Tag>
            )}
          </div>
          {r.reviewed ? (
            <p className="peer-comment" data-testid="review-item-comment">
              {r.comment || t('review.noComment')}
            </p>
          ) : null}
          <div className="peer-item-foot">
            <span className="muted small">{r.reviewtime ? formatTime(r.reviewtime) : ''}</span>
            {onOverride ? (
              <button type="button" className="peer-link-button" onClick={() => onOverride(r)} data-testid="review-item-override">
                {t('review.override')}
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
