import { useTranslation } from '../../../lib/translations';
import { CorrectTag } from '../../exams/components/student/CorrectTag';
import type { StepView } from '../api';
import { answerText } from './answerText';
import '../../exams/components/student/student.css';

/** A student's own answer to a step, and once revealed the key and whether they were right. */
export function MyStepOutcome({ step }: { step: StepView }) {
  const { t } = useTranslation();
  const mine = answerText(t, step.type, step.mine);
  return (
    <div className="ia-outcome" data-testid="ia-outcome">
      <p className="small">
        {mine ? (
          <span data-testid="ia-mine">{t('interact.mine', { answer: mine })}</span>
        ) : (
          <span className="muted" data-testid="ia-mine-none">
            {step.state === 0 ? t('interact.student.notStarted') : t('interact.student.noAnswer')}
          </span>
        )}
      </p>
      {step.revealed && step.key ? (
        <p className="small" data-testid="ia-student-key">
          {t('interact.key', { key: answerText(t, step.type, step.key) })}
        </p>
      ) : null}
      {step.revealed && step.mycorrect >= 0 ? (
        <span data-testid="ia-mycorrect" data-correct={step.mycorrect}>
          <CorrectTag t={t} correct={step.mycorrect} />
        </span>
      ) : null}
      {step.revealed && step.analysis ? <p className="small muted">{t('interact.analysis', { text: step.analysis })}</p> : null}
    </div>
  );
}
