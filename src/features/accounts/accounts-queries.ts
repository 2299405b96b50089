import type { ConnectionStatus } from '@generated/api/model';
import {
  getCheckConnectionQueryOptions,
  getGetTenantQueryOptions,
} from '@generated/api/tenants/tenants';
import {
  getGetAlertSettingsQueryOptions,
  getListUsersQueryOptions,
} from '@generated/api/users/users';

/**
 * The reads of Company Settings, shared by the route's loader and the screen so that both use the
 * same keys and options.
 */

/** Errors loading the user list are silently ignored: the list just stays empty. */
export const usersQueryOptions = () =>
  getListUsersQueryOptions({ query: { meta: { silentErrors: true } } });

export const tenantQueryOptions = (tenantId: number) => getGetTenantQueryOptions(tenantId);

/**
 * How often the check is asked again while a side reads 'connecting': the server's first check of
 * a new connection takes a moment, and the screen must not stay on it once the verdict is in.
 */
const CONNECTING_POLL_MS = 2000;

const stillConnecting = (reply: ConnectionStatus | undefined) =>
  reply?.salesforce_connection === 'connecting' || reply?.aws_connection === 'connecting';

/**
 * The connection check shows 'connecting' until it answers and 'Failed' when it fails: the
 * screen shows the failure itself, so it does not toast. Always asked afresh, and again every
 * 2 s while a side is still connecting, until both have a verdict or the check fails.
 */
export const connectionQueryOptions = () =>
  getCheckConnectionQueryOptions({
    query: {
      meta: { silentErrors: true },
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.status === 'success' && stillConnecting(query.state.data)
          ? CONNECTING_POLL_MS
          : false,
    },
  });

/** The signed-in user's e-mail alerts: My Account shows its own message when they cannot load. */
export const alertSettingsQueryOptions = () =>
  getGetAlertSettingsQueryOptions({ query: { meta: { silentErrors: true } } });
