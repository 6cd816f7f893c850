import {
  ACCEPTED_PER_BLANK_MAX,
  BLANKS_MAX,
  KEYED_CHOICE_TYPES,
  OPTION_TEXT_MAX,
  OPTION_TYPES,
  OPTIONS_MAX,
  optionKey,
  POINT_TEXT_MAX,
  POINTS_MAX,
  QUESTION_TYPES,
  questionProblem,
} from '@paiclass/shared';
import { Button, Popup, Selector } from 'antd-mobile';
import { CloseOutline, DeleteOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { FormError } from '../../../../components/FormError';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import type { QuestionBody } from '../../api.teacher';
import type { BankQuestion } from '../../types';
import { bodyOf, type Draft, draftOf } from './questionDraft';
import { TYPE_VALUES } from './utils';

const Q = QUESTION_TYPES;

/**
 * Writing or editing a question of the bank, every type of spec 2 §3: the options of choice types
 * with the correct ones marked, several accepted answers per blank, the rating range, the score,
 * the difficulty, knowledge points as tags and the analysis. Checked by the shared rules before it
 * is sent; the server's refusal shows in the form.
 */
export function QuestionEditor({
  question,
  knownPoints,
  onClose,
  onSave,
}: {
  /** the question to edit, or null for a new one */
  question: BankQuestion | null;
  knownPoints: string[];
  onClose: () => void;
  onSave: (body: QuestionBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(() => draftOf(question));
  const [dirty, setDirty] = useState(false);
  const [pointText, setPointText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const set = (patch: Partial<Draft>, field?: string) => {
    setD((prev) => ({ ...prev, ...patch }));
    setDirty(true);
    setFormError(undefined);
    if (field && errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const err = (field: string) =>
    errors[field] ? (
      <div className="field-error" data-testid={`q-${field}-error`}>
        {t(errors[field])}
      </div>
    ) : null;

  const close = async () => {
    if (dirty && !saving) {
      const leave = await confirmDialog({ content: t('exams.teacher.bank.discard'), danger: true, testid: 'q-discard' }).result;
      if (!leave) return;
    }
    onClose();
  };

  const save = async () => {
    const body = bodyOf(d);
    const found: Record<string, string> = {};
    if (d.type !== Q.note && !(Number(d.score) > 0)) found.score = 'validation.questionScore';
    if (d.type === Q.fillBlank && body.blanks.some((b) => b.length === 0)) found.blanks = 'validation.blankAnswer';
    if (OPTION_TYPES.includes(d.type) && body.options.some((o) => !o)) found.options = 'validation.optionText';
    const checked = questionProblem({ ...body, score: d.type === Q.note ? 0 : Number(d.score) || undefined });
    if (!checked.ok && !found[checked.field]) found[checked.field] = checked.message;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await onSave(body);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const addPoint = (raw: string) => {
    const p = raw.trim();
    if (!p) return;
    if (p.length > POINT_TEXT_MAX) {
      setErrors((e) => ({ ...e, points: 'validation.knowledgePoint' }));
      return;
    }
    if (!d.points.includes(p) && d.points.length < POINTS_MAX) set({ points: [...d.points, p] }, 'points');
    setPointText('');
  };

  const optionType = OPTION_TYPES.includes(d.type);
  const keyed = KEYED_CHOICE_TYPES.includes(d.type);
  const toggleKey = (key: string) => {
    if (d.type === Q.single) set({ keys: [key] }, 'answer');
    else set({ keys: d.keys.includes(key) ? d.keys.filter((k) => k !== key) : [...d.keys, key].sort() }, 'answer');
  };
  const suggestions = knownPoints.filter((p) => !d.points.includes(p)).slice(0, 12);

  return (
    <Popup visible position="right" bodyClassName="exam-editor-popup" onClose={() => void close()} destroyOnClose>
      <div className="exam-editor" data-testid="question-editor">
        <div className="exam-editor-head">
          <button
            type="button"
            className="nav-icon-button"
            onClick={() => void close()}
            aria-label={t('common.cancel')}
            data-testid="q-close"
          >
            <CloseOutline />
          </button>
          <span className="exam-editor-title">
            {question ? t('exams.teacher.bank.editTitle') : t('exams.teacher.bank.addTitle')}
          </span>
          <span className="exam-editor-spacer" />
        </div>
        <div className="exam-editor-body">
          <label className="exam-field">
            <span className="field-label">{t('exams.teacher.bank.type')}</span>
            <select
              className="exam-select"
              value={d.type}
              onChange={(e) => set({ type: Number(e.target.value), keys: [] }, 'answer')}
              data-testid="q-type"
            >
              {TYPE_VALUES.map((v) => (
                <option key={v} value={v}>
                  {t(`exams.common.type.${v}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="exam-field">
            <span className="field-label">
              {d.type === Q.note ? t('exams.teacher.bank.noteText') : t('exams.teacher.bank.stem')}
            </span>
            <RichTextEditor
              value={d.title}
              onChange={(html) => set({ title: html }, 'title')}
              height={120}
              testid="q-stem"
              invalid={Boolean(errors.title)}
              placeholder={t('exams.teacher.bank.stemPlaceholder')}
            />
            {err('title')}
          </div>

          {optionType ? (
            <div className="exam-field" data-testid="q-options">
              <span className="field-label">
                {keyed ? t('exams.teacher.bank.optionsKeyed') : t('exams.teacher.bank.options')}
              </span>
              {d.options.map((text, i) => {
                const key = optionKey(i);
                const marked = d.keys.includes(key);
                return (
                  <div className="exam-option-row" key={key} data-testid="q-option">
                    {keyed ? (
                      <button
                        type="button"
                        className={`exam-key${marked ? ' is-marked' : ''}`}
                        aria-pressed={marked}
                        aria-label={t('exams.teacher.bank.markCorrect', { key })}
                        onClick={() => toggleKey(key)}
                        data-testid={`q-key-${key}`}
                      >
                        {key}
                      </button>
                    ) : (
                      <span className="exam-key">{key}</span>
                    )}
                    <input
                      className="exam-input"
                      value={text}
                      maxLength={OPTION_TEXT_MAX}
                      placeholder={t('exams.teacher.bank.optionPlaceholder', { key })}
                      onChange={(e) => set({ options: d.options.map((o, j) => (j === i ? e.target.value : o)) }, 'options')}
                      data-testid={`q-option-${key}`}
                    />
                    {d.options.length > 2 ? (
                      <button
                        type="button"
                        className="exam-icon-button"
                        aria-label={t('exams.teacher.bank.removeOption', { key })}
                        onClick={() =>
                          set(
                            {
                              options: d.options.filter((_, j) => j !== i),
                              // keys after the removed option move up one letter
                              keys: d.keys
                                .filter((k) => k !== key)
                                .map((k) => (k > key ? String.fromCharCode(k.charCodeAt(0) - 1) : k)),
                            },
                            'options',
                          )
                        }
                        data-testid={`q-option-remove-${key}`}
                      >
                        <DeleteOutline />
                      </button>
                    ) : null}
                  </div>
                );
              })}
              {d.options.length < OPTIONS_MAX ? (
                <Button
                  size="small"
                  fill="outline"
                  onClick={() => set({ options: [...d.options, ''] })}
                  data-testid="q-option-add"
                >
                  {t('exams.teacher.bank.addOption')}
                </Button>
              ) : null}
              {keyed ? <div className="field-hint">{t(`exams.teacher.bank.keyHint.${d.type}`)}</div> : null}
              {err('options')}
              {err('answer')}
            </div>
          ) : null}

          {d.type === Q.trueFalse ? (
            <div className="exam-field">
              <span className="field-label">{t('exams.teacher.bank.correctAnswer')}</span>
              <Selector
                options={[
                  { label: t('exams.common.true'), value: '1' },
                  { label: t('exams.common.false'), value: '0' },
                ]}
                value={d.truth ? [d.truth] : []}
                onChange={(v) => set({ truth: (v[0] as '1' | '0' | undefined) ?? '' }, 'answer')}
                data-testid="q-truth"
              />
              {err('answer')}
            </div>
          ) : null}

          {d.type === Q.fillBlank ? (
            <div className="exam-field" data-testid="q-blanks">
              <span className="field-label">{t('exams.teacher.bank.blanks')}</span>
              <div className="field-hint">{t('exams.teacher.bank.blanksHint')}</div>
              {d.blanks.map((accepted, b) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the question
                <div className="exam-blank" key={b} data-testid="q-blank">
                  <div className="exam-blank-head">
                    <span>{t('exams.teacher.bank.blankN', { n: b + 1 })}</span>
                    {d.blanks.length > 1 ? (
                      <button
                        type="button"
                        className="exam-link danger-text"
                        onClick={() => set({ blanks: d.blanks.filter((_, j) => j !== b) }, 'blanks')}
                        data-testid={`q-blank-remove-${b + 1}`}
                      >
                        {t('exams.teacher.bank.removeBlank')}
                      </button>
                    ) : null}
                  </div>
                  {accepted.map((text, a) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: accepted answers are positional, controlled inputs
                    <div className="exam-option-row" key={a}>
                      <input
                        className="exam-input"
                        value={text}
                        placeholder={a === 0 ? t('exams.teacher.bank.acceptedFirst') : t('exams.teacher.bank.acceptedMore')}
                        onChange={(e) =>
                          set(
                            {
                              blanks: d.blanks.map((bl, j) => (j === b ? bl.map((x, k) => (k === a ? e.target.value : x)) : bl)),
                            },
                            'blanks',
                          )
                        }
                        data-testid={`q-blank-${b + 1}-${a + 1}`}
                      />
                      {accepted.length > 1 ? (
                        <button
                          type="button"
                          className="exam-icon-button"
                          aria-label={t('exams.teacher.bank.removeAccepted')}
                          onClick={() =>
                            set({ blanks: d.blanks.map((bl, j) => (j === b ? bl.filter((_, k) => k !== a) : bl)) }, 'blanks')
                          }
                        >
                          <DeleteOutline />
                        </button>
                      ) : null}
                    </div>
                  ))}
                  {accepted.length < ACCEPTED_PER_BLANK_MAX ? (
                    <button
                      type="button"
                      className="exam-link"
                      onClick={() => set({ blanks: d.blanks.map((bl, j) => (j === b ? [...bl, ''] : bl)) })}
                      data-testid={`q-blank-accept-${b + 1}`}
                    >
                      {t('exams.teacher.bank.addAccepted')}
                    </button>
                  ) : null}
                </div>
              ))}
              {d.blanks.length < BLANKS_MAX ? (
                <Button
                  size="small"
                  fill="outline"
                  onClick={() => set({ blanks: [...d.blanks, ['']] })}
                  data-testid="q-blank-add"
                >
                  {t('exams.teacher.bank.addBlank')}
                </Button>
              ) : null}
              {err('blanks')}
            </div>
          ) : null}

          {d.type === Q.shortAnswer ? (
            <label className="exam-field">
              <span className="field-label">{t('exams.teacher.bank.reference')}</span>
              <textarea
                className="exam-textarea"
                value={d.reference}
                rows={3}
                onChange={(e) => set({ reference: e.target.value }, 'answer')}
                data-testid="q-reference"
              />
              {err('answer')}
            </label>
          ) : null}

          {d.type === Q.rating ? (
            <div className="exam-field exam-inline">
              <label>
                <span className="field-label">{t('exams.teacher.bank.min')}</span>
                <input
                  className="exam-input exam-number"
                  inputMode="numeric"
                  value={d.min}
                  onChange={(e) => set({ min: e.target.value }, 'max')}
                  data-testid="q-min"
                />
              </label>
              <label>
                <span className="field-label">{t('exams.teacher.bank.max')}</span>
                <input
                  className="exam-input exam-number"
                  inputMode="numeric"
                  value={d.max}
                  onChange={(e) => set({ max: e.target.value }, 'max')}
                  data-testid="q-max"
                />
              </label>
              {err('max')}
            </div>
          ) : null}

          {d.type !== Q.note ? (
            <div className="exam-field exam-inline">
              <label>
                <span className="field-label">{t('exams.teacher.bank.score')}</span>
                <input
                  className="exam-input exam-number"
                  inputMode="decimal"
                  value={d.score}
                  onChange={(e) => set({ score: e.target.value }, 'score')}
                  data-testid="q-score"
                />
              </label>
              {err('score')}
            </div>
          ) : null}

          <div className="exam-field">
            <span className="field-label">{t('exams.teacher.bank.difficulty')}</span>
            <Selector
              options={[1, 2, 3].map((v) => ({ label: t(`exams.common.difficulty.${v}`), value: v }))}
              value={[d.difficulty]}
              onChange={(v) => v[0] && set({ difficulty: v[0] })}
              data-testid="q-difficulty"
            />
          </div>

          <div className="exam-field">
            <span className="field-label">{t('exams.teacher.bank.points')}</span>
            <div className="exam-tags" data-testid="q-points">
              {d.points.map((p) => (
                <button
                  type="button"
                  key={p}
                  className="exam-tag"
                  onClick={() => set({ points: d.points.filter((x) => x !== p) }, 'points')}
                  aria-label={t('exams.teacher.bank.removePoint', { point: p })}
                  data-testid="q-point"
                >
                  {p} ×
                </button>
              ))}
            </div>
            <div className="exam-option-row">
              <input
                className="exam-input"
                value={pointText}
                maxLength={POINT_TEXT_MAX + 5}
                placeholder={t('exams.teacher.bank.pointPlaceholder')}
                onChange={(e) => setPointText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addPoint(pointText);
                  }
                }}
                data-testid="q-point-input"
              />
              <Button size="small" onClick={() => addPoint(pointText)} data-testid="q-point-add">
                {t('exams.teacher.bank.addPoint')}
              </Button>
            </div>
            {suggestions.length > 0 ? (
              <div className="exam-tags exam-suggestions">
                {suggestions.map((p) => (
                  <button type="button" key={p} className="exam-tag is-suggestion" onClick={() => addPoint(p)}>
                    + {p}
                  </button>
                ))}
              </div>
            ) : null}
            {err('points')}
          </div>

          {d.type !== Q.note ? (
            <div className="exam-field">
              <span className="field-label">{t('exams.teacher.bank.analysis')}</span>
              <RichTextEditor
                value={d.analysis}
                onChange={(html) => set({ analysis: html })}
                height={90}
                testid="q-analysis"
                label={t('exams.teacher.bank.analysis')}
              />
            </div>
          ) : null}
          <FormError message={formError} testid="q-form-error" />
        </div>
        <div className="exam-editor-foot">
          <Button block color="primary" loading={saving} onClick={() => void save()} data-testid="q-save">
            {t('exams.teacher.bank.save')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
