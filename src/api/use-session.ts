import { useSyncExternalStore } from 'react';
import { SESSION_KEYS, session, type SessionUser } from './session';

let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

/** The stored user, parsed once per change so React sees a stable value. */
function snapshot(): SessionUser | null {
  const raw = localStorage.getItem(SESSION_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = session.isLoggedIn() ? session.getUser() : null;
  }
  return session.isLoggedIn() ? cachedUser : null;
}

/** The signed-in user, re-rendering on login, logout and refresh. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, snapshot, () => null);
}
