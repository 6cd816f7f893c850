import { INTERACT_COMMENT_MAX, INTERACT_MARKS } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { interactApi, interactKeys, type ReviewedAnswer } from '../api';

const MARKS = [INTERACT_MARKS.excellent, INTERACT_MARKS.good, INTERACT_MARKS.improve];

/**
 * The teacher's mark on one answer (excellent, good, needs work: pressing the mark given takes it
 * back) and a comment for its author, written in place. Only the author sees them.
 */
export function MarkControl({ stepid, answer }: { stepid: number; answer: ReviewedAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState(answer.comment);
  const save = async (change: { mark?: number; comment?: string }) => {
    setBusy(true);
    try {
      await interactApi.mark(stepid, answer.answerid, change);
      Toast.show({ content: t('interact.review.saved') });
      setEditing(false);
      await Promise.all(
        ['review', 'answerDetail'].map((part) => queryClient.invalidateQueries({ queryKey: [...interactKeys.all, part] })),
      );
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="iar-mark" data-testid="iar-mark" data-mark={answer.mark}>
      <div className="iar-mark-row">
        {MARKS.map((m) => (
          <button
            type="button"
            key={m}
            className={`iar-chip is-mark-${m}${answer.mark === m ? ' is-on' : ''}`}
            aria-pressed={answer.mark === m}
            disabled={busy}
            onClick={() => void save({ mark: answer.mark === m ? INTERACT_MARKS.none : m })}
            data-testid={`iar-mark-${m}`}
          >
            {t(`interact.marks.${m}`)}
          </button>
        ))}
        {editing ? null : (
          <button
            type="button"
            className="iar-chip is-plain"
            disabled={busy}
            onClick={() => {
              setComment(answer.comment);
              setEditing(true);
            }}
            data-testid="iar-comment-edit"
          >
            {answer.comment ? t('interact.review.editComment') : t('interact.review.comment')}
          </button>
        )}
      </div>
      {editing ? (
        <div className="iar-comment-form">
          <TextArea
            value={comment}
            onChange={setComment}
            placeholder={t('interact.review.commentPlaceholder')}
            maxLength={INTERACT_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="iar-comment-input"
          />
          <div className="iar-comment-actions">
            <Button size="small" onClick={() => setEditing(false)} disabled={busy} data-testid="iar-comment-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              color="primary"
              loading={busy}
              onClick={() => void save({ comment })}
              data-testid="iar-comment-save"
            >
              {t('interact.review.save')}
            </Button>
          </div>
        </div>
      ) : answer.comment ? (
        <p className="small iar-comment" data-testid="iar-comment">
          {answer.comment}
        </p>
      ) : null}
    </div>
  );
}

/** A mark as a coloured tag; nothing for none. */
export function MarkTag({ mark, testid = 'iar-mark-tag' }: { mark: number; testid?: string }) {
  const { t } = useTranslation();
  if (!mark) return null;
  return (
    <span className={`iar-tag is-mark-${mark}`} data-testid={testid} data-mark={mark}>
      {t(`interact.marks.${mark}`)}
    </span>
  );
}
