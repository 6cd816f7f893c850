import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { reloadOnce } from '../../../lib/chunkReload';
import { loadStrings } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { institutionKeys, institutionsApi } from '../api';
import { ATTEST_FIRST_TIME_PATH, dismissAttestPrompt, isAttestPromptDismissed } from '../attestPrompt';

// the dialog (antd Dialog and its animation, the institutions' strings) is fetched only when the school
// requires authentication (issue 10: /ktpCourse's first load)
const AttestPromptDialog = lazy(
  reloadOnce(() =>
    Promise.all([import('./AttestPromptDialog'), loadStrings('pages')]).then(([m]) => ({ default: m.AttestPromptDialog })),
  ),
);

/**
 * The identity-authentication prompt of the course list (spec 1 §6: institution-authenticated
 * schools require identity authentication, with a per-day dismissal; §9): when the caller's school
 * requires it and they have not certified, "{jigou} requires identity authentication" with "later"
 * (not again today) and "authenticate". `blocked` holds it back while another dialog is up.
 */
export function AttestPrompt({ blocked }: { blocked: boolean }) {
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

  const opened = useWasTrue(visible);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AttestPromptDialog
        visible={visible}
        jigou={need?.jigou ?? ''}
        onLater={() => {
          if (!user) return;
          dismissAttestPrompt(Number(user.id));
          setLaterFor(Number(user.id));
        }}
        onGo={() => {
          setGone(true);
          navigate(ATTEST_FIRST_TIME_PATH);
        }}
      />
    </Suspense>
  );
}

/** true from the first time `value` is true on. */
function useWasTrue(value: boolean) {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
