import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { fillMessage, formatScore, maxScore, scoreProblem } from '../utils';

/** The longest comment the server keeps. */
export const COMMENT_MAX = 1000;

/**
 * A score and a comment (spec 2 §5: the score is required, at most the full score and at most 100),
 * checked before anything is sent; the server's refusal shows under the form. Test ids:
 * `<prefix>-score`, `<prefix>-comment`, `<prefix>-save`, `<prefix>-score-error`, `<prefix>-error`.
 */
export function GradeForm({
  fullscore,
  initialScore,
  initialComment = '',
  prefix,
  saveText,
  onSave,
  onDirtyChange,
}: {
  fullscore: number;
  initialScore?: number | null;
  initialComment?: string;
  prefix: string;
  saveText?: string;
  /** resolves when saved; a thrown ApiError is shown in the form */
  onSave: (score: number, comment: string) => Promise<unknown>;
  /** told whether the score or comment differs from what is saved (false again when the form goes) */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [score, setScore] = useState(formatScore(initialScore));
  const [comment, setComment] = useState(initialComment);
  const [scoreError, setScoreError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const full = maxScore(fullscore);
  const dirty = score.trim() !== formatScore(initialScore) || comment.trim() !== initialComment.trim();
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const save = async () => {
    setFormError(undefined);
    const problem = scoreProblem(score, fullscore);
    if (problem) {
      setScoreError(fillMessage(t(problem.key), problem.values));
      return;
    }
    setSaving(true);
    try {
      await onSave(Number(score.trim()), comment.trim());
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="hw-grade-form" data-testid={`${prefix}-form`}>
      <TextField
        testid={`${prefix}-score`}
        label={
          <>
            {t('homework.grade.score', { full })}
            <span className="required-mark"> *</span>
          </>
        }
        value={score}
        inputMode="decimal"
        maxLength={5}
        placeholder={t('homework.grade.scorePlaceholder', { full })}
        onChange={(v) => {
          setScore(v);
          setScoreError(undefined);
          setFormError(undefined);
        }}
        error={scoreError}
      />
      <div className="field">
        <div className="field-label">{t('homework.grade.comment')}</div>
        <textarea
          className="hw-textarea"
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setFormError(undefined);
          }}
          maxLength={COMMENT_MAX}
          rows={3}
          placeholder={t('homework.grade.commentPlaceholder')}
          aria-label={t('homework.grade.comment')}
          data-testid={`${prefix}-comment`}
        />
      </div>
      <FormError message={formError} testid={`${prefix}-error`} />
      <Button
        block
        color="primary"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void save()}
        data-testid={`${prefix}-save`}
      >
        {saveText ?? t('homework.grade.save')}
      </Button>
    </div>
  );
}
