import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleWithTestId } from '../../../components/BodyTestId';
import { useNavigate } from '../../../lib/router';
import { testId } from '../../../lib/testid';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { institutionKeys, institutionsApi } from '../api';
import { ATTEST_FIRST_TIME_PATH, dismissAttestPrompt, isAttestPromptDismissed } from '../attestPrompt';
import '../institutions.css';

/**
 * The identity-authentication prompt of the course list (spec 1 §6: institution-authenticated
 * schools require identity authentication, with a per-day dismissal; §9): when the caller's school
 * requires it and they have not certified, "{jigou} requires identity authentication" with "later"
 * (not again today) and "authenticate". `blocked` holds it back while another dialog is up.
 */
export function AttestPrompt({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const [laterFor, setLaterFor] = useState(0);
  const [gone, setGone] = useState(false);
  const dismissed = !user || laterFor === Number(user.id) || isAttestPromptDismissed(Number(user.id));
  const attest = useQuery({
    queryKey: institutionKeys.attestList,
    queryFn: institutionsApi.attestList,
    enabled: !dismissed,
    retry: retryNetworkOnly,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const need = attest.data?.needAttest ?? null;
  const visible = Boolean(need) && !dismissed && !blocked && !gone;

  return (
    <Dialog
      visible={visible}
      title={titleWithTestId(t('institutions.prompt.title'), 'attest-prompt')}
      closeOnMaskClick={false}
      content={
        <div className="attest-prompt-body">
          <p className="attest-prompt-text" data-testid="attest-prompt-text">
            {t('institutions.prompt.text', { jigou: need?.jigou ?? '' })}
          </p>
          <p className="attest-prompt-hint">{t('institutions.prompt.hint')}</p>
        </div>
      }
      actions={[
        [
          {
            key: 'later',
            text: t('institutions.prompt.later'),
            onClick: () => {
              if (!user) return;
              dismissAttestPrompt(Number(user.id));
              setLaterFor(Number(user.id));
            },
            ...testId('attest-prompt-later'),
          },
          {
            key: 'go',
            text: t('institutions.prompt.go'),
            bold: true,
            onClick: () => {
              setGone(true);
              navigate(ATTEST_FIRST_TIME_PATH);
            },
            ...testId('attest-prompt-go'),
          },
        ],
      ]}
    />
  );
}
