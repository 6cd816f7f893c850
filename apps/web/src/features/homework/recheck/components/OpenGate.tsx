import { Button } from 'antd-mobile';
import { EyeOutline } from 'antd-mobile-icons';
import { useNavigate } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { ViewsLeft } from './ReportView';

/**
 * Before a report version or a pair is opened for the first time: what opening it costs and how many
 * views are left, with the button that spends one (spec 2 §5 view chances). With none left it says
 * so, and that what was opened before stays open, instead of offering the button.
 */
export function OpenGate({
  title,
  text,
  usedUpText,
  left,
  total,
  opening,
  onOpen,
  rulesPath,
}: {
  title: string;
  text: string;
  usedUpText: string;
  left: number;
  total?: number;
  opening: boolean;
  onOpen: () => void;
  rulesPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const usedUp = left === 0;
  return (
    <section className={`dup-gate${usedUp ? ' is-used-up' : ''}`} data-testid={usedUp ? 'recheck-gate-used-up' : 'recheck-gate'}>
      <EyeOutline className="dup-gate-icon" aria-hidden="true" />
      <h3 className="dup-gate-title">{usedUp ? t('recheck.gate.usedUpTitle') : title}</h3>
      <p className="dup-gate-text" data-testid="recheck-gate-text">
        {usedUp ? usedUpText : text}
      </p>
      <p className="dup-gate-left">
        <ViewsLeft left={left} total={total} />
      </p>
      {usedUp ? null : (
        <Button
          block
          color="primary"
          shape="rounded"
          loading={opening}
          disabled={opening}
          onClick={onOpen}
          data-testid="recheck-gate-open"
        >
          {t('recheck.gate.open')}
          <span className="dup-gate-after">{t('recheck.gate.after', { left: left - 1 })}</span>
        </Button>
      )}
      <Button block fill="none" onClick={() => navigate(rulesPath)} data-testid="recheck-gate-rules">
        {t('recheck.rulesTitle')}
      </Button>
    </section>
  );
}
