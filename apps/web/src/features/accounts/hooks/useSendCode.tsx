import type { CodeType } from '@paiclass/shared';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { accountsApi, type CodeTarget } from '../api';
import { FigureCodePopup } from '../components/FigureCodePopup';
import { useCountdown } from './useCountdown';

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

  const request = (next: CodeTarget) => {
    if (countdown.running) return;
    setTarget(next);
  };

  const submit = async (verify: string, sessionid: string) => {
    if (!target) return;
    const result = await accountsApi.sendCode({ ...target, type, verify, sessionid });
    countdown.start(result?.countdown || undefined);
    const sentTo = target;
    setTarget(null);
    setSent(true);
    Toast.show({ content: t('code.sent'), position: 'center' });
    onSent?.(sentTo);
  };

  const popup = (
    <FigureCodePopup
      visible={target !== null}
      onClose={() => setTarget(null)}
      onSubmit={submit}
      onFailure={(error) => {
        setTarget(null);
        onError?.(errorMessage(error));
      }}
    />
  );

  return { request, popup, remaining: countdown.remaining, running: countdown.running, sent, endsAt: countdown.endsAt };
}
