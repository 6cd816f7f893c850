import type { CodeType } from '@paiclass/shared';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { accountsApi, type CodeTarget } from '../api';
import { useCountdown } from './useCountdown';

// the picture-code popup and the toast (antd-mobile's Popup, Toast and their animation library) load on first use (issue 10)
const FigureCodePopup = lazy(() => import('../components/FigureCodePopup').then((m) => ({ default: m.FigureCodePopup })));

export interface UseSendCodeOptions {
  type: CodeType;
  /** called once the code is on its way */
  onSent?: (target: CodeTarget) => void;
  /** a refusal other than a wrong picture code, for the page to show in its form */
  onError?: (message: string) => void;
  /** a countdown already running (a code sent on the previous page) */
  countdownEndsAt?: number;
}

/**
 * Sending an SMS or email code: picture-code popup, then sendCode, then the 60 s countdown.
 * Render `popup` somewhere in the page.
 */
export function useSendCode({ type, onSent, onError, countdownEndsAt }: UseSendCodeOptions) {
  const { t } = useTranslation();
  const countdown = useCountdown(countdownEndsAt);
  const [target, setTarget] = useState<CodeTarget | null>(null);
  const [sent, setSent] = useState(false);
  // mounted from the first request on, so closing keeps its closing animation
  const [opened, setOpened] = useState(false);

  const request = (next: CodeTarget) => {
    if (countdown.running) return;
    setOpened(true);
    setTarget(next);
  };

  const submit = async (verify: string, sessionid: string) => {
    if (!target) return;
    const result = await accountsApi.sendCode({ ...target, type, verify, sessionid });
    countdown.start(result?.countdown || undefined);
    const sentTo = target;
    setTarget(null);
    setSent(true);
    void import('../../../components/alerts').then((m) => m.showToast(t('code.sent')));
    onSent?.(sentTo);
  };

  const popup = opened ? (
    <Suspense fallback={null}>
      <FigureCodePopup
        visible={target !== null}
        onClose={() => setTarget(null)}
        onSubmit={submit}
        onFailure={(error) => {
          setTarget(null);
          onError?.(errorMessage(error));
        }}
      />
    </Suspense>
  ) : null;

  return { request, popup, remaining: countdown.remaining, running: countdown.running, sent, endsAt: countdown.endsAt };
}
