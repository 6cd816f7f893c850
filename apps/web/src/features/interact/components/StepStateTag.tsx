import { useTranslation } from '../../../lib/translations';
import type { StepView } from '../api';
import { clockText } from '../hooks/useCountdown';

/** Not started, taking answers (with the seconds left), closed, or revealed. */
export function StepStateTag({ step, left }: { step: StepView; left: number | null }) {
  const { t } = useTranslation();
  const state = step.revealed ? 'revealed' : step.state === 1 ? 'open' : step.state === 2 ? 'closed' : 'idle';
  return (
    <span className={`ia-state is-${state}`} data-testid="ia-step-state" data-state={state}>
      {state === 'open' && left !== null ? t('interact.state.openLeft', { time: clockText(left) }) : t(`interact.state.${state}`)}
    </span>
  );
}
