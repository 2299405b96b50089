import { useSyncExternalStore } from 'react';

import { storage } from '@/lib/storage';

import { SESSION_KEYS, session, type SessionUser } from './session';

let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

/**
 * The stored user, parsed once per change of its stored text so React sees a stable value, and
 * shown only while both tokens are there. The two are read apart: another tab's sign-in arrives
 * as one storage event per key, the user first, before this tab holds the tokens.
 */
function snapshot(): SessionUser | null {
  const raw = storage.get(SESSION_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = session.getUser();
  }
  return session.isLoggedIn() ? cachedUser : null;
}

/** The signed-in user, re-rendering on login, logout and refresh. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, snapshot, () => null);
}
