import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { BodyTestId } from '../../../../components/BodyTestId';
import { errorMessage } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { useLast } from '../../../materials/hooks/useLast';
import { reviewApi } from '../api';
import type { ReceivedReview } from '../types';
import { checkScore, formatScore, scoreCap, sharedMessage } from '../utils';

/** The teacher changes a review's score and comment (`overrideReview`); the review is then marked as changed. */
export function OverridePopup({
  courseId,
  homeworkId,
  fullscore,
  review,
  onClose,
  onSaved,
}: {
  courseId: number;
  homeworkId: number;
  fullscore: number;
  review: ReceivedReview | null;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation();
  const shown = useLast(review);
  const [score, setScore] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const cap = scoreCap(fullscore);

  useEffect(() => {
    if (!review) return;
    setScore(review.score === null ? '' : formatScore(review.score));
    setComment(review.comment ?? '');
    setError(undefined);
  }, [review]);

  const save = async () => {
    if (!shown?.rid) return;
    const checked = checkScore(score, fullscore);
    if (!checked.ok) return setError(sharedMessage(t, checked.key, checked.values));
    setSaving(true);
    setError(undefined);
    try {
      await reviewApi.override({ courseid: courseId, id: homeworkId, rid: shown.rid, score: checked.score, comment });
      Toast.show({ icon: 'success', content: t('review.overrideSaved') });
      onClose();
      await onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={review !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup">
      <BodyTestId id="override-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('review.overrideTitle')}</span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="override-close"
        >
          <CloseOutline />
        </button>
      </div>
      <p className="sheet-tip">{t('review.overrideTip', { reviewer: shown?.reviewer ?? '' })}</p>
      <label className="peer-field">
        <span className="field-label">{t('review.scoreLabel', { full: cap })}</span>
        <input
          className={`peer-input${error ? ' is-invalid' : ''}`}
          inputMode="decimal"
          value={score}
          onChange={(e) => {
            setScore(e.target.value);
            setError(undefined);
          }}
          data-testid="override-score"
        />
      </label>
      <div className="peer-field">
        <span className="field-label">{t('review.commentLabel')}</span>
        <TextArea
          className="peer-textarea"
          value={comment}
          onChange={setComment}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={1000}
          aria-label={t('review.commentLabel')}
          ref={(el) => el?.nativeElement?.setAttribute('data-testid', 'override-comment')}
        />
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="override-error">
          {error}
        </div>
      ) : null}
      <div className="peer-sheet-buttons">
        <Button shape="rounded" color="primary" block loading={saving} onClick={() => void save()} data-testid="override-save">
          {t('review.overrideSave')}
        </Button>
      </div>
    </Popup>
  );
}
