import { local, STORAGE_KEYS } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribe to the end of the session (logout, expired token, password change). */
export function onSessionEnd(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Ends the session on this device: clears all local and session storage (spec 1 §4, spec 2 §8).
 * The chosen language is a preference of the device, not of the session, so it is written back.
 */
export function endSession() {
  const lang = local.get(STORAGE_KEYS.lang);
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage unavailable: nothing stored to clear
  }
  if (lang) local.set(STORAGE_KEYS.lang, lang);
  for (const listener of listeners) listener();
}
