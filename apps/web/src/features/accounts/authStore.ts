import type { UserInfo } from '@paiclass/shared';
import { create } from 'zustand';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
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

/**
 * Whether a failed user-info load removes the stored token (spec 1 §4: a refused token is removed):
 * not when the request never got an answer (no network, or the page moved on), nor when another
 * login has stored a new token meanwhile.
 */
export function forgetsToken(error: unknown, used: string, stored: string | null) {
  const unanswered = error instanceof ApiError && error.code === NETWORK_ERROR;
  return !unanswered && stored === used;
}

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
      .catch((e) => {
        if (get().token === token) {
          if (forgetsToken(e, token, getToken())) local.remove(STORAGE_KEYS.token);
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
