/**
 * Sessions as djangorestframework-simplejwt makes them with ROTATE_REFRESH_TOKENS and
 * BLACKLIST_AFTER_ROTATION, and as OAuth's security best practice asks (refresh token rotation
 * with reuse detection): HS256 access and refresh tokens carrying `token_type`, `exp`, `iat`,
 * `jti`, `user_id`, `tenant_id` and `sid`, the id of their session.
 *
 * - A sign-in starts a session. Every refresh returns a new refresh token and retires the one it
 *   was given.
 * - The token retired last, used again within REUSE_GRACE_MS (two tabs refreshing at once), gets the
 *   session's current refresh token back with a new access token: both tabs end with the same one.
 * - Any other retired token used again is a stolen copy or its victim: it is refused, and its whole
 *   session ends (its current refresh token and its access tokens are refused from then on).
 * - Logout, a password change (for the user's other sessions) and a reset (for all of them) end
 *   sessions. A token without a `sid`, or of a session the sandbox does not know, is refused.
 */
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';

import { sign, verify } from 'hono/jwt';
import type { Draft } from 'immer';

import type { RefreshStub, SessionRow, State, UserRow } from '../store/state';
import type { Store } from '../store/store';
import { unauthenticated } from './failure';

export interface SessionSettings {
  secret: string;
  /** Access token lifetime in seconds (the e2e suite sets a few seconds so refresh really happens). */
  accessTtl: number;
  refreshTtl: number;
  now: () => Date;
}

/** What session functions that write need: the settings and the store that keeps the sessions. */
export interface SessionDeps {
  sessions: SessionSettings;
  store: Store;
}

/** The caller of an authenticated request. */
export interface Session {
  userId: number;
  tenantId: number;
  /** The id of the session (the tokens' `sid`). */
  sessionId: string;
}

interface Claims {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
  tenant_id: number;
  sid: string;
  [claim: string]: unknown;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/**
 * How long the refresh token retired last still answers (with the current one): long enough for
 * tabs that refresh at the same moment, too short to be worth stealing.
 */
const REUSE_GRACE_MS = 5_000;

// A sandbox's passwords guard nothing real: a light scrypt keeps a reset to the seed fast.
const SCRYPT = { N: 1024, r: 8, p: 1 };

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${scryptSync(password, salt, 32, SCRYPT).toString('hex')}`;
}

export function passwordMatches(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const given = scryptSync(password, salt, 32, SCRYPT);
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const newJti = () => randomUUID().replace(/-/g, '');

/** Signs a token; the same claims give the same token (HS256 is deterministic). */
function signToken(
  settings: SessionSettings,
  row: Pick<SessionRow, 'id' | 'userId' | 'tenantId'>,
  type: Claims['token_type'],
  { jti, iat, exp }: RefreshStub,
): Promise<string> {
  const claims: Claims = {
    token_type: type,
    exp,
    iat,
    jti,
    user_id: row.userId,
    tenant_id: row.tenantId,
    sid: row.id,
  };
  return sign(claims, settings.secret, 'HS256');
}

function newRefreshStub(settings: SessionSettings): RefreshStub {
  const iat = seconds(settings.now());
  return { jti: newJti(), iat, exp: iat + settings.refreshTtl };
}

function accessToken(
  settings: SessionSettings,
  row: Pick<SessionRow, 'id' | 'userId' | 'tenantId'>,
): Promise<string> {
  const iat = seconds(settings.now());
  return signToken(settings, row, 'access', { jti: newJti(), iat, exp: iat + settings.accessTtl });
}

/** The session's current pair: its current refresh token (signed again) and a new access token. */
async function currentPair(settings: SessionSettings, row: SessionRow): Promise<TokenPair> {
  return {
    access: await accessToken(settings, row),
    refresh: await signToken(settings, row, 'refresh', row.current),
  };
}

/** Starts a session for a user who just signed in (or was just created) and returns its tokens. */
export function issueTokens(
  { sessions: settings, store }: SessionDeps,
  user: Pick<UserRow, 'id' | 'tenantId'>,
  /** What else the sign-in changes, in the same transaction (its activity event). */
  also?: (draft: State) => void,
): Promise<TokenPair> {
  const now = settings.now();
  const row: SessionRow = {
    id: newJti(),
    userId: user.id,
    tenantId: user.tenantId,
    startedAt: now.toISOString(),
    current: newRefreshStub(settings),
    previous: null,
    endedAt: null,
  };
  store.transact((draft) => {
    // Sessions whose last refresh token has expired can do nothing more: they are forgotten (a
    // token of a session the sandbox does not know is refused all the same).
    draft.sessions = draft.sessions.filter((session) => session.current.exp > seconds(now));
    draft.sessions.push(row);
    also?.(draft);
  });
  return currentPair(settings, row);
}

const INVALID = 'Token is invalid or expired';
const BLACKLISTED = 'Token is blacklisted';

/**
 * The claims of a token of the given type whose session is alive, or a 401 (forged, expired, of
 * another type, without a session, of an ended session, or of a user who can no longer sign in).
 * Which refresh token of the session it is, is the caller's business.
 */
async function sessionClaims(
  settings: SessionSettings,
  state: State,
  raw: string,
  type: Claims['token_type'],
): Promise<{ claims: Claims; row: SessionRow }> {
  let claims: Claims;
  try {
    // Expiry is checked against the sandbox clock below, not the machine's.
    claims = (await verify(raw, settings.secret, {
      alg: 'HS256',
      exp: false,
      iat: false,
      nbf: false,
    })) as Claims;
  } catch {
    throw unauthenticated(INVALID, 'token_not_valid');
  }
  const now = seconds(settings.now());
  if (claims.token_type !== type || typeof claims.exp !== 'number' || claims.exp <= now)
    throw unauthenticated(INVALID, 'token_not_valid');
  const row = state.sessions.find((session) => session.id === claims.sid);
  if (!row || row.userId !== claims.user_id) throw unauthenticated(INVALID, 'token_not_valid');
  if (row.endedAt !== null) throw unauthenticated(BLACKLISTED, 'token_not_valid');
  const user = state.users.find((candidate) => candidate.id === claims.user_id);
  if (!user || !user.is_active || user.tenantId !== claims.tenant_id)
    throw unauthenticated('User not found', 'user_not_found');
  return { claims, row };
}

/**
 * The claims of a valid token: an access token of a live session, or the CURRENT refresh token of
 * one (a retired refresh token is not valid, even within the grace). A 401 otherwise.
 */
export async function readToken(
  settings: SessionSettings,
  state: State,
  raw: string,
  type: Claims['token_type'],
): Promise<Claims> {
  const { claims, row } = await sessionClaims(settings, state, raw, type);
  if (type === 'refresh' && claims.jti !== row.current.jti)
    throw unauthenticated(BLACKLISTED, 'token_not_valid');
  return claims;
}

/**
 * An access token of the session `refresh` belongs to (the session is left as it is), living
 * `lifetime` seconds: 0 or less gives one already expired. The sandbox's own test route hands it
 * out, so that a test of the token refresh need not wait out the real lifetime.
 */
export async function accessTokenFor(
  settings: SessionSettings,
  state: State,
  refresh: string,
  lifetime: number,
): Promise<string> {
  const claims = await readToken(settings, state, refresh, 'refresh');
  return accessToken({ ...settings, accessTtl: lifetime }, sessionRow(state, claims.sid));
}

function sessionRow(state: State, sessionId: string): SessionRow {
  const row = state.sessions.find((session) => session.id === sessionId);
  if (!row) throw new Error(`session ${sessionId} vanished`);
  return row;
}

function endInDraft(draft: Draft<State>, sessionId: string, now: Date): void {
  const row = draft.sessions.find((session) => session.id === sessionId);
  if (row && row.endedAt === null) row.endedAt = now.toISOString();
}

/**
 * A refresh: the current refresh token rotates (a new pair; the one given is retired); the one
 * retired last, within the grace, gets the current pair's refresh token; any other token of the
 * session ends it (reuse) and is refused. The choice is made inside one transaction, on the state
 * as it is then: of two refreshes with the same token that arrive together, one rotates and the
 * other takes the grace.
 */
export async function refreshTokens(
  { sessions: settings, store }: SessionDeps,
  raw: string,
): Promise<TokenPair> {
  const { claims } = await sessionClaims(settings, store.state, raw, 'refresh');
  const now = settings.now();
  const next = newRefreshStub(settings);
  const kept = store.transact((draft): boolean => {
    // Looked up again: the session may have ended (or the sandbox been reset) meanwhile.
    const session = draft.sessions.find((candidate) => candidate.id === claims.sid);
    if (!session || session.endedAt !== null) return false;
    if (claims.jti === session.current.jti) {
      session.previous = { jti: session.current.jti, retiredAt: now.toISOString() };
      session.current = next;
      return true;
    }
    const retired = session.previous;
    if (
      retired?.jti === claims.jti &&
      now.getTime() - new Date(retired.retiredAt).getTime() <= REUSE_GRACE_MS
    )
      return true;
    // A retired token used again: a stolen copy, or the copy of its victim. Neither can be told
    // from the other, so the whole session ends.
    session.endedAt = now.toISOString();
    return false;
  });
  if (!kept) throw unauthenticated(BLACKLISTED, 'token_not_valid');
  return currentPair(settings, sessionRow(store.state, claims.sid));
}

/**
 * Logout: ends the session of the refresh token given (its current one, or one it retired: the
 * holder of any of them may end it). A 401 when there is nothing to end.
 */
export async function endSessionOf(
  { sessions: settings, store }: SessionDeps,
  raw: string,
): Promise<void> {
  const { row } = await sessionClaims(settings, store.state, raw, 'refresh');
  store.transact((draft) => endInDraft(draft, row.id, settings.now()));
}

/** Ends every live session of a user, except the one kept (a password change keeps the caller's). */
export function endUserSessions(
  draft: Draft<State>,
  userId: number,
  now: Date,
  keep?: string,
): void {
  for (const row of draft.sessions)
    if (row.userId === userId && row.id !== keep && row.endedAt === null)
      row.endedAt = now.toISOString();
}

/**
 * Inside a transaction: rotates a live session's refresh token at once (a password change gives
 * the caller fresh tokens); `sessionTokens` then signs them.
 */
export function rotateInDraft(
  settings: SessionSettings,
  draft: Draft<State>,
  sessionId: string,
): void {
  const session = draft.sessions.find((candidate) => candidate.id === sessionId);
  if (!session || session.endedAt !== null) throw unauthenticated(BLACKLISTED, 'token_not_valid');
  session.previous = { jti: session.current.jti, retiredAt: settings.now().toISOString() };
  session.current = newRefreshStub(settings);
}

/** The current pair of a session: its current refresh token and a new access token. */
export function sessionTokens(
  settings: SessionSettings,
  state: State,
  sessionId: string,
): Promise<TokenPair> {
  return currentPair(settings, sessionRow(state, sessionId));
}

/** The session of a request's `Authorization: Bearer` header, or a 401. */
export async function authenticate(
  settings: SessionSettings,
  state: State,
  header: string | undefined,
): Promise<Session> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthenticated('Authentication credentials were not provided.');
  const claims = await readToken(settings, state, match[1], 'access');
  return { userId: claims.user_id, tenantId: claims.tenant_id, sessionId: claims.sid };
}
