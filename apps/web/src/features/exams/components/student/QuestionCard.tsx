import { ANSWER_FILES_MAX, ANSWER_TEXT_MAX, QUESTION_TYPES } from '@paiclass/shared';
import { useEffect, useRef, useState } from 'react';
import { RichTextView } from '../../../../components/RichTextView';
import { useTranslation } from '../../../../lib/translations';
import { attachmentLimitLabel } from '../../../../lib/upload';
import { useUser } from '../../../accounts/authStore';
import { FilePicker, type KeptFile } from '../../../materials/components/FilePicker';
import { useUploads } from '../../../materials/hooks/useUploads';
import type { AnswerValue } from '../../hooks/answerJournal';
import type { StudentItem } from '../../types';
import { scoreText, typeName } from './studentUtils';

const Q = QUESTION_TYPES;

export interface QuestionCardProps {
  item: StudentItem;
  /** the number shown (notes have none) */
  number: number;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  disabled?: boolean;
}

/** One question of a paper with the inputs its type asks for (spec 2 §3). */
export function QuestionCard({ item, number, value, onChange, disabled }: QuestionCardProps) {
  const { t } = useTranslation();
  const type = item.typeid;
  if (type === Q.note)
    return (
      <section className="ex-question is-note" data-testid="question-note" data-subjectid={item.subjectid}>
        <RichTextView html={item.title} testid="note-body" />
      </section>
    );
  return (
    <section className="ex-question" data-testid="question" data-subjectid={item.subjectid} data-type={type}>
      <div className="ex-q-head">
        <span className="ex-q-no">{number}.</span>
        <span className="ex-tag is-blue" data-testid="question-type">
          {typeName(t, type)}
        </span>
        <span>{t('exams.student.points', { score: scoreText(item.score) })}</span>
      </div>
      <div className="ex-q-stem">
        <RichTextView html={item.title} testid="question-stem" />
      </div>
      <AnswerInput item={item} value={value} onChange={onChange} disabled={disabled} />
    </section>
  );
}

/** The inputs a question's type asks for, without its card (the interactive answers reuse it). */
export function AnswerInput({ item, value, onChange, disabled }: Omit<QuestionCardProps, 'number'>) {
  const { t } = useTranslation();
  const type = item.typeid;
  if (type === Q.trueFalse)
    return (
      <div className="ex-options">
        {(['1', '0'] as const).map((v) => (
          <Choice
            key={v}
            chosen={value === v}
            disabled={disabled}
            label={v === '1' ? '✓' : '✗'}
            text={v === '1' ? t('exams.common.true') : t('exams.common.false')}
            testid={`tf-${v}`}
            onClick={() => onChange(v)}
          />
        ))}
      </div>
    );
  if (type === Q.single || type === Q.singleVote)
    return (
      <div className="ex-options">
        {item.optionList.map((o) => (
          <Choice
            key={o.id}
            chosen={value === o.id}
            disabled={disabled}
            label={o.id}
            text={o.title}
            testid={`option-${o.id}`}
            onClick={() => onChange(o.id)}
          />
        ))}
      </div>
    );
  if (type === Q.multiple || type === Q.indefinite || type === Q.multiVote) {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return (
      <div className="ex-options">
        {item.optionList.map((o) => (
          <Choice
            key={o.id}
            multi
            chosen={chosen.includes(o.id)}
            disabled={disabled}
            label={o.id}
            text={o.title}
            testid={`option-${o.id}`}
            onClick={() => onChange(chosen.includes(o.id) ? chosen.filter((k) => k !== o.id) : [...chosen, o.id].sort())}
          />
        ))}
      </div>
    );
  }
  if (type === Q.fillBlank) {
    const count = Math.max(1, item.blanks);
    const blanks = Array.isArray(value) ? value.map(String) : [];
    return (
      <div className="ex-blanks">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the question
          <div key={i} className="ex-blank">
            <span>{t('exams.student.blank', { n: i + 1 })}</span>
            <TextInput
              label={t('exams.student.blank', { n: i + 1 })}
              value={blanks[i] ?? ''}
              disabled={disabled}
              testid={`blank-${i + 1}`}
              maxLength={200}
              onChange={(text) => {
                const next = Array.from({ length: count }, (_, j) => (j === i ? text : (blanks[j] ?? '')));
                onChange(next.some((b) => b.trim() !== '') ? next : null);
              }}
            />
          </div>
        ))}
      </div>
    );
  }
  if (type === Q.shortAnswer || type === Q.anonymousOpen)
    return (
      <>
        <TextInput
          multiline
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          testid="answer-text"
          maxLength={ANSWER_TEXT_MAX}
          placeholder={t('exams.student.writeHere')}
          onChange={(text) => onChange(text === '' ? null : text)}
        />
        {type === Q.anonymousOpen ? <p className="ex-note">{t('exams.student.anonymousNote')}</p> : null}
      </>
    );
  if (type === Q.rating) {
    const min = item.min;
    const max = item.max;
    if (max - min <= 10)
      return (
        <div className="ex-rating">
          {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
            <Choice
              key={n}
              chosen={value !== null && value !== undefined && Number(value) === n}
              disabled={disabled}
              label={String(n)}
              testid={`rate-${n}`}
              onClick={() => onChange(n)}
            />
          ))}
        </div>
      );
    return (
      <div className="ex-blank">
        <span>{t('exams.student.ratingRange', { min, max })}</span>
        <TextInput
          label={t('exams.student.ratingRange', { min, max })}
          value={value === null || value === undefined ? '' : String(value)}
          disabled={disabled}
          testid="rate-input"
          inputMode="numeric"
          onChange={(text) => {
            const n = Number(text);
            if (text.trim() === '') onChange(null);
            else if (Number.isInteger(n) && n >= min && n <= max) onChange(n);
          }}
        />
      </div>
    );
  }
  if (type === Q.file || type === Q.photo)
    return <FileAnswer item={item} value={value} onChange={onChange} disabled={disabled} />;
  return null;
}

function Choice({
  chosen,
  label,
  text,
  onClick,
  testid,
  multi,
  disabled,
}: {
  chosen: boolean;
  label: string;
  text?: string;
  onClick: () => void;
  testid: string;
  multi?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`ex-option${chosen ? ' is-chosen' : ''}${multi ? ' is-multi' : ''}`}
      aria-pressed={chosen}
      disabled={disabled}
      data-testid={testid}
      onClick={onClick}
    >
      <span className="ex-option-key">{label}</span>
      {text !== undefined ? <span className="ex-option-text">{text}</span> : null}
    </button>
  );
}

/**
 * A text field that keeps what is being typed (the journal receives each change; a change coming
 * back from the page does not move the caret).
 */
function TextInput({
  value,
  onChange,
  testid,
  multiline,
  maxLength,
  placeholder,
  disabled,
  inputMode,
  label,
}: {
  label?: string;
  value: string;
  onChange: (text: string) => void;
  testid: string;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  inputMode?: 'numeric';
}) {
  const [text, setText] = useState(value);
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setText(value);
  }, [value]);
  const props = {
    className: 'ex-input',
    value: text,
    maxLength,
    placeholder,
    disabled,
    'data-testid': testid,
    'aria-label': label ?? placeholder,
    onFocus: () => {
      typing.current = true;
    },
    onBlur: () => {
      typing.current = false;
    },
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      onChange(e.target.value);
    },
  };
  return multiline ? <textarea {...props} /> : <input type="text" inputMode={inputMode} {...props} />;
}

/** File and photo answers: the student's own uploads (photo: images), at most 9. */
function FileAnswer({ item, value, onChange, disabled }: Omit<QuestionCardProps, 'number'>) {
  const { t } = useTranslation();
  const user = useUser();
  const photo = item.typeid === Q.photo;
  const uploads = useUploads({ isVip: Number(user?.isvip ?? 0) > 0, videoOnly: false, shrinkPhotos: photo });
  const [kept, setKept] = useState<KeptFile[]>(() =>
    item.myfiles.map((f) => ({ id: f.id, name: f.name, size: f.size, mime: f.mime })),
  );
  const ids = [...kept.map((f) => f.id), ...uploads.done.map((f) => Number(f.id))];
  const key = ids.join(',');
  const last = useRef(Array.isArray(value) ? value.join(',') : '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer follows the files, once per change of them
  useEffect(() => {
    if (key === last.current) return;
    last.current = key;
    onChange(ids.length ? ids.slice(0, ANSWER_FILES_MAX) : null);
  }, [key]);
  if (disabled) return null;
  return (
    <FilePicker
      uploads={uploads}
      label={photo ? t('exams.student.photoLabel') : t('exams.student.fileLabel')}
      pickLabel={photo ? t('exams.student.pickPhoto') : t('exams.student.pickFile')}
      hint={t('exams.student.filesHint', { max: ANSWER_FILES_MAX, limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0) })}
      errorTestid={`files-error-${item.subjectid}`}
      accept={photo ? 'image/*' : undefined}
      kept={kept}
      onRemoveKept={(id) => setKept((list) => list.filter((f) => f.id !== id))}
      keptTestid={`answer-${item.subjectid}`}
    />
  );
}
