/**
 * Who may see and change what inside a tenant: every read and write is scoped to the caller's
 * tenant (another tenant's ids are 404); the company admin (super_admin) manages users and the
 * connections; a `user` sees only their own account.
 */
import type { State, TenantRow, UserRow } from '../store/state';
import { forbidden, notFound, refused } from './failure';
import type { Session } from './sessions';

export interface Caller {
  user: UserRow;
  tenant: TenantRow;
}

export function callerOf(state: State, session: Session): Caller {
  const user = state.users.find((row) => row.id === session.userId);
  const tenant = state.tenants.find((row) => row.id === session.tenantId);
  if (!user || !tenant || user.tenantId !== tenant.id) throw notFound();
  return { user, tenant };
}

/** The caller, when a super_admin; else a 400 naming what only the company admin may do. */
export function superAdmin(state: State, session: Session, what: string): Caller {
  const caller = callerOf(state, session);
  if (caller.user.role !== 'super_admin') throw refused(`Only a super admin can ${what}.`);
  return caller;
}

/**
 * The caller, when a super_admin; else the contract's 403 (operations that declare Forbidden;
 * the older ones answer `superAdmin`'s 400, as their contract says).
 */
export function superAdminOnly(state: State, session: Session, what: string): Caller {
  const caller = callerOf(state, session);
  if (caller.user.role !== 'super_admin') throw forbidden(`Only a super admin can ${what}.`);
  return caller;
}

/** A tenant known to exist (the caller's, checked before a transaction), from `rows` or a draft's. */
export function tenantById<T extends { id: number }>(rows: T[], id: number): T {
  const tenant = rows.find((row) => row.id === id);
  if (!tenant) throw new Error(`tenant ${id} vanished inside its own transaction`);
  return tenant;
}

/** The tenant `id`, when it is the caller's own; any other id is 404. */
export function ownTenant(state: State, session: Session, id: string | undefined): TenantRow {
  const { tenant } = callerOf(state, session);
  if (String(tenant.id) !== id) throw notFound();
  return tenant;
}

export function tenantUsers(state: State, tenantId: number): UserRow[] {
  return state.users.filter((row) => row.tenantId === tenantId);
}

/** The users the caller can see: the whole tenant, or only themself for role `user`. */
export function visibleUsers(state: State, session: Session): UserRow[] {
  const { user } = callerOf(state, session);
  if (user.role === 'user') return [user];
  return tenantUsers(state, user.tenantId);
}

/** A user the caller can see, by the path's id; else 404. */
export function visibleUser(state: State, session: Session, id: string | undefined): UserRow {
  const found = visibleUsers(state, session).find((row) => String(row.id) === id);
  if (!found) throw notFound();
  return found;
}
