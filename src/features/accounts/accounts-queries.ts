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
 * The connection check shows 'connecting' until it answers and 'Failed' when it fails: the
 * screen shows the failure itself, so it does not toast. Always asked afresh.
 */
export const connectionQueryOptions = () =>
  getCheckConnectionQueryOptions({ query: { meta: { silentErrors: true }, staleTime: 0 } });

/** The signed-in user's e-mail alerts: My Account shows its own message when they cannot load. */
export const alertSettingsQueryOptions = () =>
  getGetAlertSettingsQueryOptions({ query: { meta: { silentErrors: true } } });
