import { logout } from '@generated/api/auth/auth';

import { connectionStore, session } from './session';

/**
 * Signs the user out: tells the server, and clears the session, the stored company details and
 * the cache (spec: clears state, calls logout). The call is authenticated by the refresh token it
 * sends, whose session the server ends: it works with an expired access token too, and is never
 * preceded by a refresh. The call takes its address (the tenant's subdomain) and its tokens the
 * moment it is made; everything is cleared right after, without
 * waiting for the answer, so a user who leaves before it comes is signed out all the same, here
 * and, through storage, in every tab. Resolves once the server has answered, whatever it said.
 */
export function signOut(clearCache: () => void): Promise<void> {
  const refresh = session.isLoggedIn() ? session.getRefreshToken() : null;
  const call = refresh ? logout({ refresh }).then(noop, noop) : Promise.resolve();
  session.clear();
  connectionStore.clear();
  clearCache();
  return call;
}

const noop = () => undefined;
