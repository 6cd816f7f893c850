import { SpinLoading } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/**
 * Where a courseware's conversion into slides stands: waiting, converting (with a spinner; the page
 * asks again every two seconds), ready with its page count, or failed.
 */
export function ConversionState({ state, total, inline = false }: { state: string; total: number; inline?: boolean }) {
  const { t } = useTranslation();
  const label = state === 'ready' ? t('courseware.state.ready', { count: total }) : t(`courseware.state.${state}`);
  if (inline)
    return (
      <span className={`cw-state is-${state}`} data-testid="cw-state" data-state={state}>
        {label}
      </span>
    );
  return (
    <div className={`cw-state-block is-${state}`} data-testid="cw-state" data-state={state}>
      {state === 'waiting' || state === 'converting' ? <SpinLoading color="primary" style={{ '--size': '28px' }} /> : null}
      <p className="cw-state-title">{label}</p>
      <p className="muted small">{t(`courseware.stateHint.${state}`)}</p>
    </div>
  );
}
