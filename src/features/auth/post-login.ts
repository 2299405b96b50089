import type { QueryClient } from '@tanstack/react-query';

import { connectionStore, type SessionUser } from '@/api/session';
import type { ConnectionStepStatus } from '@generated/api/model';
import { getGetConnectionStepStatusQueryOptions } from '@generated/api/onboarding/onboarding';

/** Set-up is complete when the connection-step reply carries a message. */
export function isSetupComplete(status: ConnectionStepStatus | undefined): boolean {
  return typeof status?.message === 'string' && status.message.length > 0;
}

/** The connection-step status, asked once and cached for the guards and the wizard. */
export function fetchConnectionStep(queryClient: QueryClient): Promise<ConnectionStepStatus> {
  const key = connectionStore.getProductKey();
  return queryClient.fetchQuery(
    getGetConnectionStepStatusQueryOptions(key ? { key } : {}, { query: { staleTime: 0 } }),
  );
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
