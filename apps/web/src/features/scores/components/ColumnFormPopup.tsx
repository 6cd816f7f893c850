import { addScoreColumnInput, SCORE_COLUMN_KINDS, SCORE_COLUMN_NAME_MAX, type ScoreColumnKind } from '@paiclass/shared';
import { Button, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { type FieldErrors, validate } from '../../../lib/validation';
import { scoresApi } from '../api';
import type { ScoreColumn } from '../types';

/** What the popup edits: a new column, or one of the course's own. */
export type ColumnTarget = { mode: 'add' } | { mode: 'edit'; column: ScoreColumn };

/**
 * Adds or edits one of the teacher's own columns: name, type, full score, weight and whether
 * students see their score in it; an existing one can be deleted here (asked first, saying how many
 * scores go with it). Checked with the server's own schema before sending.
 */
export function ColumnFormPopup({
  courseId,
  target,
  onClose,
  onSaved,
}: {
  courseId: number;
  target: ColumnTarget | null;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ScoreColumnKind>('midterm');
  const [full, setFull] = useState('100');
  const [weight, setWeight] = useState('0');
  const [visible, setVisible] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const editing = target?.mode === 'edit' ? target.column : null;

  useEffect(() => {
    if (!target) return;
    const c = target.mode === 'edit' ? target.column : null;
    setName(c?.title ?? '');
    setKind(c && c.kind !== 'homework' && c.kind !== 'online' ? c.kind : 'midterm');
    setFull(String(c?.fullscore ?? 100));
    setWeight(String(c?.weight ?? 0));
    setVisible(c ? c.visible : true);
    setErrors({});
    setFormError(undefined);
  }, [target]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const checked = validate(addScoreColumnInput, {
      courseid: courseId,
      name,
      kind,
      fullscore: full.trim() === '' ? undefined : full,
      weight: weight.trim() === '' ? undefined : weight,
      visible: visible ? 1 : 0,
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const form = {
      name: checked.data.name,
      kind: checked.data.kind,
      fullscore: checked.data.fullscore,
      weight: checked.data.weight,
      visible: checked.data.visible as 0 | 1,
    };
    setBusy(true);
    try {
      if (editing) await scoresApi.editColumn(courseId, editing.id, form);
      else await scoresApi.addColumn(courseId, form);
      Toast.show({ icon: 'success', content: editing ? t('scores.column.saved') : t('scores.column.added') });
      onClose();
      await onSaved();
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!editing) return;
    const ok = await confirmDialog({
      title: t('scores.column.deleteTitle'),
      content:
        editing.scored > 0
          ? t('scores.column.deleteScored', { name: editing.title, count: editing.scored })
          : t('scores.column.deleteEmpty', { name: editing.title }),
      confirmText: t('scores.column.delete'),
      danger: true,
      testid: 'column-delete',
    }).result;
    if (!ok) return;
    setBusy(true);
    try {
      await scoresApi.deleteColumn(courseId, editing.id);
      Toast.show({ content: t('scores.column.deleted') });
      onClose();
      await onSaved();
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const digits = (v: string) => v.replace(/[^\d]/g, '');
  return (
    <Popup visible={target !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup score-sheet">
      <BodyTestId id="column-form" />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="sheet-head">
          <span className="sheet-title" data-testid="column-form-title">
            {editing ? t('scores.column.editTitle') : t('scores.column.addTitle')}
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common.close')}
            data-testid="column-form-close"
          >
            <CloseOutline />
          </button>
        </div>
        <TextField
          testid="column-name"
          label={t('scores.column.name')}
          placeholder={t('scores.column.namePlaceholder')}
          value={name}
          maxLength={SCORE_COLUMN_NAME_MAX + 5}
          onChange={(v) => {
            setName(v);
            setErrors((x) => ({ ...x, name: '' }));
          }}
          error={errors.name ? t(errors.name) : undefined}
        />
        <div className="field">
          <div className="field-label">{t('scores.column.kind')}</div>
          <Selector
            className="column-kinds"
            columns={3}
            options={SCORE_COLUMN_KINDS.map((k) => ({
              label: <span data-testid={`column-kind-${k}`}>{t(`scores.kind.${k}`)}</span>,
              value: k,
            }))}
            value={[kind]}
            onChange={(v) => v[0] && setKind(v[0])}
          />
        </div>
        <div className="column-numbers">
          <TextField
            testid="column-full"
            label={t('scores.column.full')}
            inputMode="numeric"
            maxLength={4}
            value={full}
            onChange={(v) => {
              setFull(digits(v));
              setErrors((x) => ({ ...x, fullscore: '' }));
            }}
            error={errors.fullscore ? t(errors.fullscore) : undefined}
          />
          <TextField
            testid="column-weight"
            label={t('scores.column.weight')}
            inputMode="numeric"
            maxLength={3}
            value={weight}
            onChange={(v) => {
              setWeight(digits(v));
              setErrors((x) => ({ ...x, weight: '' }));
            }}
            error={errors.weight ? t(errors.weight) : undefined}
          />
        </div>
        <p className="muted small column-weight-hint">{t('scores.column.weightHint')}</p>
        <div className="column-visible">
          <span>
            <span className="column-visible-title">{t('scores.column.visible')}</span>
            <span className="muted small">{t('scores.column.visibleHint')}</span>
          </span>
          <Switch checked={visible} onChange={setVisible} aria-label={t('scores.column.visible')} data-testid="column-visible" />
        </div>
        <FormError message={formError} testid="column-form-error" />
        <div className="column-form-actions">
          {editing ? (
            <Button
              type="button"
              color="danger"
              fill="outline"
              disabled={busy}
              onClick={() => void remove()}
              data-testid="column-delete"
            >
              {t('scores.column.delete')}
            </Button>
          ) : null}
          <Button type="submit" color="primary" loading={busy} data-testid="column-save">
            {t('scores.save')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
