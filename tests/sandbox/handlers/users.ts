/**
 * Tag `users`: the tenant's users. Everyone sees the users of their own tenant (a `user` only
 * themself); the company admin (super_admin) invites, re-invites, renames and deletes. Another
 * tenant's ids are 404; deleting anyone but a `user`, or deleting as anyone but a super_admin, is a
 * 404 too (the contract declares no other refusal for it).
 *
 * Inviting an address that belongs to another tenant's user answers as for an unknown address
 * (201, listed as not yet active): the row is added, but it does not own its address
 * (domain/users.ts ownerOf), so the address is mailed a notice, never a link, and the row can
 * never be activated. Only an address already in the inviter's own tenant is refused.
 *
 * Nor does an answer tell of another company's invitations: the limits that answer 429 count per
 * (address, inviting tenant) and per tenant; the cap on the mails one address gets from all
 * companies is silent, and beyond it only the mail is held back (invitationMail).
 */
import type { Draft } from 'immer';

import { operation, originOf, reply, sessionOf, type SandboxApp, type SandboxDeps } from '../app';
import type { Schemas } from '../contract';
import { record } from '../domain/activity';
import { recorded, userTarget, userView } from '../domain/activity-changes';
import { alertSettingsOf, checkedAlertSettings, saveAlertSettings } from '../domain/alerts';
import {
  EMAIL_PATTERN,
  refused,
  fieldErrors,
  notFound,
  refuseBeyondListBound,
  requireFields,
} from '../domain/failure';
import {
  transactWithMail,
  writeInvitation,
  writeInvitationNotice,
  type Mail,
} from '../domain/outbox';
import { callerOf, superAdmin, visibleUser, visibleUsers } from '../domain/tenant-access';
import { pairKey, type Counted } from '../domain/throttle';
import { checkedName, ownerOf, ownsAddress, publicUser } from '../domain/users';
import { nextId, type State, type TenantRow, type UserRow } from '../store/state';
import { countAttempt, throttleOf } from './throttling';

const ROLES: ReadonlyArray<Schemas['Role']> = ['super_admin', 'user', 'admin'];

function tenantUser(rows: UserRow[], tenantId: number, id: number | string | undefined): UserRow {
  const user = rows.find((row) => String(row.id) === String(id) && row.tenantId === tenantId);
  if (!user) throw notFound();
  return user;
}

function registerReading(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/users/', (call) => {
    const users = visibleUsers(call.deps.store.state, sessionOf(call));
    return reply(200, { results: users.map(publicUser) });
  });

  operation(app, 'get', '/api/v1/users/{id}/', (call) => {
    return reply(
      200,
      publicUser(visibleUser(call.deps.store.state, sessionOf(call), call.params.id)),
    );
  });
}

function registerEditing(app: SandboxApp): void {
  operation(app, 'patch', '/api/v1/users/{id}/', (call) => {
    const { deps } = call;
    const body = (call.body ?? {}) as Schemas['UserUpdate'] & Record<string, unknown>;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 'edit users');
    const id = tenantUser(deps.store.state.users, tenant.id, call.params.id).id;
    const readOnly = ['email', 'role', 'is_active'].filter((field) => field in body);
    if (readOnly.length > 0)
      throw fieldErrors(
        Object.fromEntries(readOnly.map((field) => [field, ['Only the name can be changed.']])),
      );
    const name = checkedName(body, false);
    deps.store.transact((draft) => {
      const user = tenantUser(draft.users, tenant.id, id);
      recorded(
        draft,
        originOf(call),
        { area: 'user', action: 'user.renamed', target: userTarget(user) },
        () => userView(draft, id),
        () => {
          if (name.first_name) user.first_name = name.first_name;
          if ('middle_name' in body) user.middle_name = name.middle_name;
          if ('last_name' in body) user.last_name = name.last_name;
        },
      );
    });
    return reply(200, publicUser(tenantUser(deps.store.state.users, tenant.id, id)));
  });

  operation(app, 'delete', '/api/v1/users/{id}/', (call) => {
    const { deps } = call;
    const { user: caller, tenant } = callerOf(deps.store.state, sessionOf(call));
    const target = tenantUser(deps.store.state.users, tenant.id, call.params.id);
    if (caller.role !== 'super_admin' || target.role !== 'user') throw notFound();
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        { area: 'user', action: 'user.deleted', target: userTarget(target) },
        () => userView(draft, target.id),
        () => {
          draft.users = draft.users.filter((row) => row.id !== target.id);
          draft.linkTokens = draft.linkTokens.filter((row) => row.userId !== target.id);
        },
      ),
    );
    return reply(204, undefined);
  });
}

function invitedUser(state: State, tenantId: number, body: Schemas['InviteRequest']): UserRow {
  const name = checkedName(body, true);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!EMAIL_PATTERN.test(email)) throw fieldErrors({ email: ['Enter a valid email address.'] });
  // Only the inviter's own tenant: its super_admin sees its list anyway. Another tenant's user
  // with this address is not told (see the top of this file).
  if (state.users.some((row) => row.email === email && row.tenantId === tenantId))
    throw fieldErrors({ email: ['user with this email already exists.'] });
  if (!ROLES.includes(body.role))
    throw fieldErrors({ role: [`"${String(body.role)}" is not a valid choice.`] });
  return {
    id: 0,
    first_name: name.first_name ?? '',
    middle_name: name.middle_name,
    last_name: name.last_name,
    email,
    role: body.role,
    is_active: false,
    tenantId,
    passwordHash: null,
  };
}

/**
 * What one invitation or re-invitation counts on, answering 429 beyond either: the invited
 * address within the inviting tenant, and the tenant. Per (address, tenant) pair, not per address:
 * were other companies' invitations counted too, one company could hold up another's for an hour,
 * and learn from the 429 that someone else had invited the address.
 */
const invitations = (email: string, tenantId: number): Counted[] => [
  { limit: 'invitesPerAddressAndTenant', key: pairKey(email, tenantId) },
  { limit: 'invitesPerTenant', key: String(tenantId) },
];

/**
 * The cap on the mails one address gets from all companies together (no inbox is mail-bombed
 * through several companies). Silent: it holds back the mail, never the answer.
 *
 * It counts the mails actually written, not every invitation: the cap is then exactly the
 * contract's "5 mails an hour" in the inbox, and an invitation held back does not push the room
 * further off, so "re-send it later" works once the oldest counted mail leaves the window (as a
 * refused attempt never lengthens a 429's wait). Counting every attempt would cap the inbox too,
 * but would let repeated re-sends keep the cap full for longer than the mails they caused.
 */
const mailsToAddress = (email: string): Counted[] => [
  { limit: 'invitationMailsPerAddress', key: email },
];

/**
 * The mail of an invitation or a re-invitation: the link when the row owns its address, else the
 * notice (the address belongs to another tenant's user); none when the address has had its share
 * of mails this hour. Called last in the transaction, once nothing can refuse the invitation any
 * more, so that only a mail that is written takes room. A mail held back issues no link either:
 * the link the address got last keeps working.
 */
function invitationMail(
  deps: SandboxDeps,
  draft: Draft<State>,
  user: UserRow,
  owns: boolean,
  tenant: TenantRow,
  now: Date,
): Mail[] {
  if (!throttleOf(deps).takeRoom(mailsToAddress(user.email))) return [];
  return [
    owns
      ? writeInvitation(draft, user, now)
      : writeInvitationNotice(draft, user, tenant.company_name, now),
  ];
}

function registerInvitations(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/tenants/invite-users/', (call) => {
    const { deps } = call;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 'invite users');
    requireFields(call.body ?? {}, ['first_name', 'email', 'role']);
    const invited = invitedUser(deps.store.state, tenant.id, call.body);
    countAttempt(call, invitations(invited.email, tenant.id));
    // Counted and looked up before the transaction, which starts from this very state: doing it
    // in the draft would make a proxy of every user. An address that has a user already (in
    // another tenant: the inviter's own was refused above) is owned by that older row.
    const tenantUsers = deps.store.state.users.filter((row) => row.tenantId === tenant.id).length;
    const owns = ownerOf(deps.store.state, invited.email) === undefined;
    const id = transactWithMail(deps, (draft, now) => {
      const user = { ...invited, id: nextId(draft as State, 'users') };
      draft.users.push(user);
      refuseBeyondListBound(tenantUsers + 1, 'listUsers', 'users');
      record(draft as State, originOf(call), {
        area: 'user',
        action: 'user.invited',
        target: userTarget(user),
        before: null,
        after: userView(draft as State, user.id),
      });
      return { result: user.id, mails: invitationMail(deps, draft, user, owns, tenant, now) };
    });
    return reply(201, publicUser(tenantUser(deps.store.state.users, tenant.id, id)));
  });

  operation(app, 'post', '/api/v1/tenants/resend-user-invite/', (call) => {
    const { deps } = call;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 're-send invitations');
    requireFields(call.body ?? {}, ['user_id']);
    const user = tenantUser(deps.store.state.users, tenant.id, call.body.user_id);
    if (user.is_active) throw refused('This user has already accepted the invitation.');
    countAttempt(call, invitations(user.email, tenant.id));
    // The owner of its address gets a working link; a row whose address belongs to an older user
    // (of another tenant) gets the notice again, until that user is deleted.
    const owns = ownsAddress(deps.store.state, user);
    transactWithMail(deps, (draft, now) => {
      record(draft as State, originOf(call), {
        area: 'user',
        action: 'user.reinvited',
        target: userTarget(user),
        before: null,
        after: userView(draft as State, user.id),
      });
      return { result: undefined, mails: invitationMail(deps, draft, user, owns, tenant, now) };
    });
    return reply(200, { message: 'Invitation e-mail sent again.' });
  });
}

/** The signed-in user's own e-mail alerts (domain/alerts.ts has the rules). */
function registerAlerts(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/users/me/alerts/', (call) => {
    const { user } = callerOf(call.deps.store.state, sessionOf(call));
    return reply(200, alertSettingsOf(call.deps.store.state, user.id));
  });

  operation(app, 'put', '/api/v1/users/me/alerts/', (call) => {
    const { deps } = call;
    const { user } = callerOf(deps.store.state, sessionOf(call));
    const settings = checkedAlertSettings(call.body);
    transactWithMail(deps, (draft, now) => {
      const mails = recorded(
        draft as State,
        originOf(call),
        { area: 'user', action: 'user.alerts_changed', target: userTarget(user) },
        () => alertSettingsOf(draft as State, user.id),
        () => saveAlertSettings(draft, user, settings, now),
      );
      return { result: undefined, mails };
    });
    return reply(200, {
      message: 'E-mail alerts saved.',
      settings: alertSettingsOf(deps.store.state, user.id),
    });
  });
}

export function registerUsers(app: SandboxApp): void {
  registerAlerts(app);
  registerReading(app);
  registerEditing(app);
  registerInvitations(app);
}
