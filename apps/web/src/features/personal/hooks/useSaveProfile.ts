import { CODES, type UserInfo } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { useAuth } from '../../accounts/authStore';

/**
 * Runs a profile change and takes its answer as the logged-in user; every kept answer is fetched
 * again, so the new name or picture shows on every page at once. A change that would end the
 * account's certifications (30605) is confirmed in a dialog first and then sent with `confirm`.
 * Resolves the new user, or null when refused or not confirmed (the refusal is thrown).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (send: (confirm: boolean) => Promise<UserInfo>): Promise<UserInfo | null> => {
    setSaving(true);
    try {
      let updated: UserInfo;
      try {
        updated = await send(false);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== CODES.endsCertification) throw e;
        const ok = await confirmDialog({
          title: i18n.t('profile.endsCertificationTitle'),
          content: e.message,
          confirmText: i18n.t('profile.endsCertificationGo'),
          danger: true,
          testid: 'ends-certification',
        }).result;
        if (!ok) return null;
        updated = await send(true);
      }
      const current = useAuth.getState().user;
      useAuth.getState().setUser({ ...updated, safe: current?.safe ?? updated.safe });
      await queryClient.invalidateQueries();
      return updated;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
