import type { UserInfo } from '@paiclass/shared';
import { create } from 'zustand';
import { applyLanguage } from '../../lib/i18n';
import { endSession, onSessionEnd } from '../../lib/session';
import { getToken, local, STORAGE_KEYS } from '../../lib/storage';
import { accountsApi } from './api';

export type AuthStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface AuthState {
  token: string | null;
  /** spec 1 §4: the user counts as logged in only once this has loaded */
  user: UserInfo | null;
  status: AuthStatus;
  setToken: (token: string) => void;
  setUser: (user: UserInfo) => void;
  /** Loads the user of the stored token; on failure the token is removed (spec 1 §4). */
  loadUser: () => Promise<UserInfo | null>;
  /** Ends the session on this device and forgets the user. */
  logoutLocally: () => void;
}

let inFlight: Promise<UserInfo | null> | null = null;

export const useAuth = create<AuthState>((set, get) => ({
  token: getToken(),
  user: null,
  status: 'idle',
  setToken: (token) => {
    local.set(STORAGE_KEYS.token, token);
    set({ token, user: null, status: 'idle' });
  },
  setUser: (user) => {
    applyLanguage(user.lang);
    set({ user, status: 'ready' });
  },
  loadUser: () => {
    if (inFlight) return inFlight;
    const token = get().token;
    if (!token) return Promise.resolve(null);
    set({ status: 'loading' });
    inFlight = accountsApi
      .getUserInfo()
      .then((user) => {
        // a token that changed meanwhile (logout, another login) wins over this answer
        if (get().token !== token) return null;
        applyLanguage(user.lang);
        set({ user, status: 'ready' });
        return user;
      })
      .catch(() => {
        if (get().token === token) {
          local.remove(STORAGE_KEYS.token);
          set({ token: null, user: null, status: 'failed' });
        }
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  logoutLocally: () => {
    endSession();
  },
}));

// however the session ends (20003, logout, password change), the store forgets it
onSessionEnd(() => {
  useAuth.setState({ token: null, user: null, status: 'idle' });
});

export const useUser = () => useAuth((s) => s.user);
