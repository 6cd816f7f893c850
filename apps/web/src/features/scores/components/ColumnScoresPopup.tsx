import { Button, Popup, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { FormError } from '../../../components/FormError';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { scoresApi } from '../api';
import type { ScoreBook, ScoreColumn } from '../types';
import { parseScore } from '../utils';

/** Which column's scores are typed, and the student whose field takes the focus first. */
export interface ScoresTarget {
  column: ScoreColumn;
  uid?: number;
}

/**
 * Types one column's scores for every student of the book: a field per student, checked as typed
 * (0 to the column's full score, one decimal; empty clears), and saved together — only the changed
 * ones are sent, and the server writes all of them or none.
 */
export function ColumnScoresPopup({
  courseId,
  book,
  target,
  onClose,
  onSaved,
}: {
  courseId: number;
  book: ScoreBook;
  target: ScoresTarget | null;
  onClose: () => void;
  onSaved: (book: ScoreBook) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const column = target?.column;
  const initial = (uid: number) => {
    const score = column ? book.rows.find((r) => r.uid === uid)?.scores[column.key] : null;
    return score === null || score === undefined ? '' : String(score);
  };

  // the fields start from the scores the book has when the popup opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new target resets the form
  useEffect(() => {
    if (!target) return;
    setValues(Object.fromEntries(book.rows.map((r) => [r.uid, initial(r.uid)])));
    setFormError(undefined);
    if (target.uid) {
      const uid = target.uid;
      window.setTimeout(() => list.current?.querySelector<HTMLInputElement>(`input[data-uid="${uid}"]`)?.focus(), 350);
    }
  }, [target]);

  if (!column) return <Popup visible={false} />;
  const parsed = book.rows.map((r) => ({
    r,
    raw: values[r.uid] ?? '',
    score: parseScore(values[r.uid] ?? '', column.fullscore),
  }));
  const changed = parsed.filter((p) => p.raw.trim() !== initial(p.r.uid));
  const bad = parsed.filter((p) => p.score === 'bad');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    if (bad.length) return setFormError(t('scores.typing.fixFirst', { count: bad.length }));
    if (changed.length === 0) return onClose();
    setSaving(true);
    try {
      const next = await scoresApi.setColumnScores(
        courseId,
        column.id,
        changed.map((p) => ({ uid: p.r.uid, score: p.score as number | null })),
      );
      Toast.show({ icon: 'success', content: t('scores.typing.saved', { count: changed.length }) });
      onSaved(next);
      onClose();
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={target !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup score-sheet score-entry">
      <BodyTestId id="score-entry" />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="sheet-head">
          <span className="sheet-title" data-testid="score-entry-title">
            {t('scores.typing.title', { name: column.title })}
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common.close')}
            data-testid="score-entry-close"
          >
            <CloseOutline />
          </button>
        </div>
        <p className="sheet-tip">{t('scores.typing.tip', { full: column.fullscore })}</p>
        <ul className="entry-list" ref={list}>
          {parsed.map(({ r, raw, score }) => (
            <li
              key={r.uid}
              className={`entry-row${score === 'bad' ? ' is-invalid' : ''}`}
              data-testid="score-entry-row"
              data-uid={r.uid}
            >
              <span className="entry-who">
                <span className="entry-name">{r.username}</span>
                <span className="muted small">{r.stno}</span>
                {score === 'bad' ? (
                  <span className="entry-error" role="alert" data-testid="score-entry-error">
                    {t('scores.typing.range', { full: column.fullscore })}
                  </span>
                ) : null}
              </span>
              <input
                className="weight-input entry-input"
                inputMode="decimal"
                maxLength={6}
                value={raw}
                data-uid={r.uid}
                aria-label={t('scores.typing.scoreOf', { name: r.username, column: column.title })}
                aria-invalid={score === 'bad'}
                onChange={(e) => {
                  setFormError(undefined);
                  setValues((v) => ({ ...v, [r.uid]: e.target.value.replace(/[^\d.]/g, '') }));
                }}
                data-testid="score-entry-input"
              />
              <span className="muted small entry-full">/ {column.fullscore}</span>
            </li>
          ))}
        </ul>
        <FormError message={formError} testid="score-entry-form-error" />
        <Button type="submit" block color="primary" loading={saving} data-testid="score-entry-save">
          {changed.length ? t('scores.typing.save', { count: changed.length }) : t('scores.typing.done')}
        </Button>
      </form>
    </Popup>
  );
}
