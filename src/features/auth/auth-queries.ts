import type { QueryClient } from '@tanstack/react-query';

import { connectionStore, session, type SessionUser } from '@/api/session';
import type { ConnectionStepStatus } from '@generated/api/model';
import {
  getGetConnectionStepStatusQueryOptions,
  getGetTenantSubdomainQueryOptions,
} from '@generated/api/onboarding/onboarding';
import { getGetUserQueryOptions } from '@generated/api/users/users';

/**
 * What the route guards ask before a screen renders (who is signed in, whether set-up is
 * complete), and where the login screen sends a user once signed in: the same reads, so a loader
 * or a guard imports them without the screens.
 */

/**
 * The signed-in user with a role, or null when nobody is: a stored user without a role is
 * completed from the user id in the access token; failing that, nobody is.
 */
export async function currentUserWithRole(queryClient: QueryClient): Promise<SessionUser | null> {
  const user = session.getUser();
  if (!user || !session.isLoggedIn()) return null;
  if (user.role) return user;
  const id = session.userIdFromToken();
  if (id === undefined) return null;
  try {
    // Errors loading user details are silent: the guard sends the visitor to /login instead.
    const details = await queryClient.fetchQuery(
      getGetUserQueryOptions(id, { query: { meta: { silentErrors: true } } }),
    );
    session.setUser(details);
    return details;
  } catch {
    return null;
  }
}

/** Set-up is complete when the connection-step reply carries a message. */
function isSetupComplete(status: ConnectionStepStatus | undefined): boolean {
  return typeof status?.message === 'string' && status.message.length > 0;
}

/** The connection-step status, asked once and cached for the guards and the wizard. */
function fetchConnectionStep(queryClient: QueryClient): Promise<ConnectionStepStatus> {
  const key = connectionStore.getProductKey();
  return queryClient.fetchQuery(
    getGetConnectionStepStatusQueryOptions(key ? { key } : {}, { query: { staleTime: 0 } }),
  );
}

export type SetupDecision = 'allow' | '/new-connection' | '/incomplete-setup';

/**
 * The dashboard's set-up guard: ask the set-up step, then the tenant subdomain by the user's
 * e-mail; complete set-up is allowed in, otherwise a user waits at /incomplete-setup and anyone
 * else finishes the wizard.
 */
export async function setupDecision(
  user: SessionUser,
  queryClient: QueryClient,
): Promise<SetupDecision> {
  const [step] = await Promise.all([
    fetchConnectionStep(queryClient),
    user.email
      ? queryClient
          .fetchQuery(getGetTenantSubdomainQueryOptions({ email: user.email }))
          .then((reply) => connectionStore.setTenantSubdomain(reply.subdomain_prefix))
      : undefined,
  ]);
  if (isSetupComplete(step)) return 'allow';
  return user.role === 'user' ? '/incomplete-setup' : '/new-connection';
}

/**
 * Where a user lands after logging in: a super_admin (or admin) goes to the wizard unless set-up is
 * complete, then to the dashboard; a user goes to the dashboard.
 */
export async function homeAfterLogin(
  user: SessionUser,
  queryClient: QueryClient,
): Promise<'/dashboard' | '/new-connection'> {
  if (user.role === 'user') return '/dashboard';
  try {
    return isSetupComplete(await fetchConnectionStep(queryClient))
      ? '/dashboard'
      : '/new-connection';
  } catch {
    return '/new-connection';
  }
}
