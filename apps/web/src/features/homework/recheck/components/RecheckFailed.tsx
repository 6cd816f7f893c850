import { CODES } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useNavigate } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { QueryFailed } from '../../../courses/components/CourseGate';

/**
 * A report or comparison that cannot be shown. Used-up views (30505) and a format without text
 * (30506) say the server's words (spec 2 §8) with the way to the rules; anything else offers a retry.
 */
export function RecheckFailed({ error, onRetry, rulesPath }: { error: unknown; onRetry: () => void; rulesPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = error instanceof ApiError ? error.code : 0;
  if (code !== CODES.dupViewsUsedUp && code !== CODES.dupFormatUnsupported)
    return <QueryFailed error={error} onRetry={onRetry} />;
  return (
    <div
      className="page-body page-center"
      data-testid={code === CODES.dupViewsUsedUp ? 'recheck-used-up' : 'recheck-unsupported'}
    >
      <ErrorBlock
        status="default"
        title={code === CODES.dupViewsUsedUp ? t('recheck.usedUpTitle') : t('recheck.unsupportedTitle')}
        description={<span data-testid="recheck-failed-text">{errorMessage(error)}</span>}
      />
      <Button
        color="primary"
        fill="outline"
        className="center-button"
        onClick={() => navigate(rulesPath)}
        data-testid="recheck-failed-rules"
      >
        {t('recheck.rulesTitle')}
      </Button>
    </div>
  );
}
