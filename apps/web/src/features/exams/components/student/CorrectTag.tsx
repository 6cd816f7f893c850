import type { TFunction } from '../../../../lib/translations';

/** Right, partly right or wrong, as a coloured tag (the mistakes set and its redo). */
export function CorrectTag({ t, correct }: { t: TFunction; correct: number }) {
  if (correct === 1) return <span className="ex-tag is-green">{t('exams.student.correct.1')}</span>;
  if (correct === 2) return <span className="ex-tag is-orange">{t('exams.student.correct.2')}</span>;
  return <span className="ex-tag is-red">{t('exams.student.correct.0')}</span>;
}
