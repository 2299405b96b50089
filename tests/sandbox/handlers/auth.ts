/** Tag `auth`: sign-in, tokens, logout, password reset and change, accepting an invitation. */
import { randomBytes } from 'node:crypto';

import {
  clientOf,
  operation,
  originFor,
  originOf,
  reply,
  sessionOf,
  type SandboxApp,
  type SandboxDeps,
} from '../app';
import { record } from '../domain/activity';
import { userTarget } from '../domain/activity-changes';
import {
  Invalid,
  refused,
  EMAIL_PATTERN,
  fieldErrors,
  requireFields,
  unauthenticated,
} from '../domain/failure';
import { redeemLink, transactWithMail, writePasswordReset } from '../domain/outbox';
import {
  endSessionOf,
  endUserSessions,
  hashPassword,
  issueTokens,
  passwordMatches,
  readToken,
  refreshTokens,
  rotateInDraft,
  sessionTokens,
} from '../domain/sessions';
import { pairKey, type Counted } from '../domain/throttle';
import { acceptablePassword, ownerOf, ownsAddress, publicUser } from '../domain/users';
import { HttpFailure, nestedFieldErrors } from '../http-failure';
import type { State } from '../store/state';
import { countAttempt, refuseWhileThrottled, throttleOf } from './throttling';

/** A hash of a random password: what an unknown or invited user's attempt is checked against. */
const UNMATCHABLE_HASH = hashPassword(randomBytes(32).toString('hex'));

/**
 * The failed sign-ins one attempt counts on: its account's (the e-mail, known or not) from its
 * client, and its client's. The account's count is per (account, client) pair: a count per account
 * alone let anyone lock any user out with 5 wrong passwords a minute from anywhere.
 */
const signInFailures = (email: string, client: string): Counted[] => [
  { limit: 'signInPerAccountAndClient', key: pairKey(email, client) },
  { limit: 'signInPerClient', key: client },
];

/** The wrong current passwords of a password change, per account (the signed-in user). */
const passwordChangeFailures = (userId: number): Counted[] => [
  { limit: 'passwordChangePerAccount', key: String(userId) },
];

/** The one answer to a reset link that does not work, whatever the reason: it names no user. */
const INVALID_RESET_LINK = 'The reset link is invalid or has expired.';

export function registerAuth(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/auth/login/', async (call) => {
    const { body, deps } = call;
    requireFields(body ?? {}, ['email', 'password']);
    const email = body.email.trim().toLowerCase();
    const failures = signInFailures(email, clientOf(call.context));
    // Checked before the password: while throttled even the right one is refused, or the limit
    // would be an oracle (a 401 then a 200 among the 429s tells the guess).
    refuseWhileThrottled(call, failures);
    // The address's owner: another tenant's invitation of the same address is never active.
    const user = ownerOf(deps.store.state, email);
    // An unknown or invited user's attempt runs the same scrypt, against a hash nobody's password
    // matches: how long a sign-in takes does not tell whether the account exists.
    const matches = passwordMatches(body.password, user?.passwordHash ?? UNMATCHABLE_HASH);
    // A security event either way. A refused one belongs to the account's tenant only when the
    // account exists; at an unknown address it belongs to no tenant (nobody reads it), and the
    // address typed is kept only as the target's label.
    const signIn = (action: 'sign_in.succeeded' | 'sign_in.refused') => (draft: State) =>
      record(draft, originFor(call, user ?? null), {
        area: 'sign_in',
        action,
        target: userTarget({ id: user?.id ?? null, email }),
      });
    if (!user || !user.is_active || !matches) {
      throttleOf(deps).count(failures);
      deps.store.transact(signIn('sign_in.refused'));
      return reply(401, { detail: 'No active account found with the given credentials' });
    }
    const tokens = await issueTokens(deps, user, signIn('sign_in.succeeded'));
    return reply(200, { user: publicUser(user), ...tokens });
  });

  // Authenticated by the refresh token it revokes (the contract says `security: []`), so it works
  // with an expired access token, or none.
  operation(app, 'post', '/api/v1/auth/logout/', async ({ body, deps }) => {
    if (typeof body?.refresh !== 'string' || body.refresh === '')
      throw unauthenticated('Authentication credentials were not provided.');
    await endSessionOf(deps, body.refresh);
    return reply(200, { message: 'Successfully logged out.' });
  });

  operation(app, 'post', '/api/v1/auth/token/refresh/', async ({ body, deps }) => {
    requireFields(body ?? {}, ['refresh']);
    return reply(200, await refreshTokens(deps, body.refresh));
  });

  operation(app, 'post', '/api/v1/auth/token/verify/', async ({ body, deps }) => {
    requireFields(body ?? {}, ['token']);
    const state = deps.store.state;
    const valid =
      (await readToken(deps.sessions, state, body.token, 'access').catch(() => null)) ??
      (await readToken(deps.sessions, state, body.token, 'refresh').catch(() => null));
    if (!valid)
      return reply(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    return reply(200, {});
  });

  // Ends every other session of the user (a device that knew the old password is signed out);
  // the caller's session goes on with fresh tokens.
  operation(app, 'post', '/api/v1/auth/password/change/', async (call) => {
    const { body, deps } = call;
    const session = sessionOf(call);
    requireFields(body ?? {}, ['old_password', 'new_password', 'confirm_password']);
    const failures = passwordChangeFailures(session.userId);
    // Checked before the password, as sign-in is: while throttled even the right one is refused,
    // or a stolen session could go on guessing the password behind it.
    refuseWhileThrottled(call, failures);
    const current = deps.store.state.users.find((row) => row.id === session.userId);
    if (!current) throw unauthenticated('User not found', 'user_not_found');
    if (!passwordMatches(body.old_password, current.passwordHash)) {
      throttleOf(deps).count(failures);
      throw fieldErrors({
        old_password: ['Your old password was entered incorrectly. Please enter it again.'],
      });
    }
    deps.store.transact((draft) => {
      const user = draft.users.find((row) => row.id === session.userId);
      if (!user) throw unauthenticated('User not found', 'user_not_found');
      if (body.new_password !== body.confirm_password)
        throw fieldErrors({
          confirm_password: ['New password and confirm password should match.'],
        });
      user.passwordHash = acceptablePassword(body.new_password, 'new_password');
      endUserSessions(draft, user.id, deps.now(), session.sessionId);
      rotateInDraft(deps.sessions, draft, session.sessionId);
      // Never the password itself, nor its hash: only that it changed.
      record(draft, originOf(call), {
        area: 'password',
        action: 'password.changed',
        target: userTarget(user),
      });
    });
    const tokens = await sessionTokens(deps.sessions, deps.store.state, session.sessionId);
    return reply(200, { message: 'Password updated successfully.', ...tokens });
  });

  registerPasswordReset(app);
  registerInviteVerify(app);
}

/** Writes a reset link to the outbox when `email` is an active user's; nothing otherwise. */
function mailResetLink(deps: SandboxDeps, email: string): void {
  const user = ownerOf(deps.store.state, email);
  if (!user?.is_active) return;
  try {
    transactWithMail(deps, (draft, now) => ({
      result: undefined,
      mails: [writePasswordReset(draft, user, now)],
    }));
  } catch (error) {
    console.error(`sandbox: the reset mail to ${email} was not written`, error);
  }
}

/** Request a reset link by e-mail, then set a new password with it. */
function registerPasswordReset(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/auth/password/reset/', (call) => {
    const { body, deps } = call;
    requireFields(body ?? {}, ['email']);
    const email = body.email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) throw fieldErrors({ email: ['Enter a valid email address.'] });
    // Every request counts, known address or not: the limit must not tell them apart either. The
    // address's own count is per (address, client) pair, so nobody holds up the owner's request
    // from elsewhere; the address's count over all clients is looser, against mail bombing, and
    // fills only with mails that reached the inbox (the newest link in it works).
    const client = clientOf(call.context);
    countAttempt(call, [
      { limit: 'resetPerAddressAndClient', key: pairKey(email, client) },
      { limit: 'resetPerAddress', key: email },
      { limit: 'resetPerClient', key: client },
    ]);
    // The reply never tells whether the address has an account: known, unknown and invited
    // addresses get the same one. Only an active user is mailed (an invited user has no password
    // to reset: the invitation link sets the first one), and after the reply, as a real backend
    // hands a mail to its queue: a reply that waited for the mail's write to reach the disk
    // would take twice as long for a known address (22 ms against 9 ms through the stack).
    setImmediate(() => mailResetLink(deps, email));
    return reply(200, { message: 'Password reset e-mail has been sent.' });
  });

  operation(app, 'post', '/api/v1/auth/password/reset/confirm/', (call) => {
    const { body, deps } = call;
    requireFields(body ?? {}, ['uid', 'token', 'new_password', 'confirm_password']);
    // One answer for a uid that names no user, a wrong token, a used or an expired one: the reply
    // must not tell which user ids exist (an "Invalid user id." for the first did).
    const email = deps.store.transact((draft) => {
      const user = redeemLink(draft, 'reset', body.uid, body.token, deps.now());
      if (!user || !user.is_active) throw fieldErrors({ non_field_errors: [INVALID_RESET_LINK] });
      if (body.new_password !== body.confirm_password)
        throw fieldErrors({ confirm_password: ['This field must match the new password.'] });
      user.passwordHash = acceptablePassword(body.new_password, 'new_password');
      // Whoever knew the old password, or holds a token of it, is signed out everywhere.
      endUserSessions(draft, user.id, deps.now());
      record(draft, originFor(call, user), {
        area: 'password',
        action: 'password.reset',
        target: userTarget(user),
      });
      return user.email;
    });
    // The way back into an account whose sign-ins are throttled (a forgotten password, or
    // someone guessing from the same network): the reset mail proves the address.
    throttleOf(deps).forgetAccount('signInPerAccountAndClient', email);
    return reply(200, { message: 'Password has been reset with the new password.' });
  });
}

/** An invited user sets a password from the invitation link; the account becomes active. */
function registerInviteVerify(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/tenants/invite-users/verify/', (call) => {
    const { body, deps } = call;
    requireFields(body ?? {}, ['uid', 'token', 'user']);
    nested(() => requireFields(body.user, ['password', 'confirm_password']));
    const { password, confirm_password: confirm } = body.user;
    const email = deps.store.transact((draft) => {
      const user = redeemLink(draft, 'invite', body.uid, body.token, deps.now());
      // Only the owner of its address is ever mailed a link; checked again here, so that a row
      // whose address another tenant's user owns can never become active.
      if (!user || user.is_active || !ownsAddress(deps.store.state, user))
        throw refused('The invitation link is invalid or has expired.');
      if (password !== confirm)
        throw new HttpFailure(400, {
          errors: { confirm_password: ['Password and confirm password do not match.'] },
        });
      user.passwordHash = nested(() => acceptablePassword(password, 'password'));
      user.is_active = true;
      record(draft, originFor(call, user), {
        area: 'user',
        action: 'user.activated',
        target: userTarget(user),
        before: { is_active: false },
        after: { is_active: true },
      });
      return user.email;
    });
    return reply(200, { message: 'Your password has been set. You can now log in.', email });
  });
}

/** This endpoint nests its field errors under `errors`. */
function nested<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Invalid) throw nestedFieldErrors(error);
    throw error;
  }
}
