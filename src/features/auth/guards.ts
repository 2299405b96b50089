import type { QueryClient } from '@tanstack/react-query';

import { connectionStore, session, type SessionUser } from '@/api/session';
import { getGetTenantSubdomainQueryOptions } from '@generated/api/onboarding/onboarding';
import { getGetUserQueryOptions } from '@generated/api/users/users';

import { fetchConnectionStep, isSetupComplete } from './post-login';

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
