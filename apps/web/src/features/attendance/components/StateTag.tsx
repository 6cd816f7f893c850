import { useTranslation } from '../../../lib/translations';
import type { AttenceType } from '../types';
import { type AttenceState, stateLabel } from '../utils';

/** A student's attendance status (spec 2 §4) as a coloured tag; `type` words a roll call's unmarked student. */
export function StateTag({ state, type }: { state: AttenceState; type?: AttenceType }) {
  const { t } = useTranslation();
  return (
    <span className={`att-state att-state-${state}`} data-testid="att-state" data-state={state}>
      {stateLabel(t, state, type)}
    </span>
  );
}
