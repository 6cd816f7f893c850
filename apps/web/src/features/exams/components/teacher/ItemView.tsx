import { FILE_TYPES, OPTION_TYPES, QUESTION_TYPES } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { RichTextView } from '../../../../components/RichTextView';
import { useTranslation } from '../../../../lib/translations';
import type { TestPreview } from '../../types';

type Item = TestPreview['lists'][number];

/** A paper's question with its key, as its teacher sees it (preview and grading). */
export function ItemView({ item, children, testid = 'paper-item' }: { item: Item; children?: ReactNode; testid?: string }) {
  const { t } = useTranslation();
  const type = item.typeid;
  const keys = item.answer.split('|').filter(Boolean);
  return (
    <div className="form-card exam-item" data-testid={testid} data-type={type} data-subjectid={item.subjectid}>
      <div className="exam-question-tags">
        {item.sort > 0 ? <span className="exam-item-no">{item.sort}.</span> : null}
        <Tag color="primary" fill="outline">
          {t(`exams.common.type.${type}`)}
        </Tag>
        {type !== QUESTION_TYPES.note ? (
          <span className="muted small">{t('exams.teacher.scoreN', { score: item.score })}</span>
        ) : null}
        {item.draw > 0 ? <span className="muted small">{t('exams.teacher.preview.fromDraw', { n: item.draw })}</span> : null}
      </div>
      <RichTextView html={item.title} testid="paper-item-stem" />
      {OPTION_TYPES.includes(type) ? (
        <ul className="exam-options">
          {item.optionList.map((o) => (
            <li key={o.id} className={keys.includes(o.id) ? 'is-key' : ''} data-testid="paper-item-option">
              <b>{o.id}.</b> {o.title} {keys.includes(o.id) ? <span className="exam-key-mark">✓</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {type === QUESTION_TYPES.trueFalse ? (
        <p className="exam-key-line">
          {t('exams.teacher.preview.keyLine', { answer: item.answer === '1' ? t('exams.common.true') : t('exams.common.false') })}
        </p>
      ) : null}
      {type === QUESTION_TYPES.fillBlank ? (
        <div className="exam-key-line">
          {item.blanksanswer.map((accepted, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the question
            <div key={i}>{t('exams.teacher.preview.blankLine', { n: i + 1, answers: accepted.join(' / ') })}</div>
          ))}
        </div>
      ) : null}
      {type === QUESTION_TYPES.shortAnswer && item.answer ? (
        <p className="exam-key-line">{t('exams.teacher.preview.referenceLine', { answer: item.answer })}</p>
      ) : null}
      {type === QUESTION_TYPES.rating ? (
        <p className="muted small">{t('exams.teacher.preview.range', { min: item.min, max: item.max })}</p>
      ) : null}
      {FILE_TYPES.includes(type) ? <p className="muted small">{t(`exams.teacher.preview.fileHint.${type}`)}</p> : null}
      {children}
      {item.analysis ? (
        <div className="exam-analysis">
          <span className="muted small">{t('exams.teacher.bank.analysis')}</span>
          <RichTextView html={item.analysis} testid="paper-item-analysis" />
        </div>
      ) : null}
    </div>
  );
}
