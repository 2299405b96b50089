/**
 * Sessions as djangorestframework-simplejwt makes them: HS256 access and refresh tokens carrying
 * `token_type`, `exp`, `iat`, `jti`, `user_id` and `tenant_id`; logout revokes the refresh token.
 */
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';

import { sign, verify } from 'hono/jwt';

import type { State, UserRow } from '../store/state';
import { unauthorized } from './failure';

export interface SessionSettings {
  secret: string;
  /** Access token lifetime in seconds (the e2e suite sets a few seconds so refresh really happens). */
  accessTtl: number;
  refreshTtl: number;
  now: () => Date;
}

export interface Session {
  userId: number;
  tenantId: number;
}

interface Claims {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
  tenant_id: number;
  [claim: string]: unknown;
}

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

async function token(
  settings: SessionSettings,
  user: Pick<UserRow, 'id' | 'tenantId'>,
  type: Claims['token_type'],
): Promise<string> {
  const iat = Math.floor(settings.now().getTime() / 1000);
  const ttl = type === 'access' ? settings.accessTtl : settings.refreshTtl;
  const claims: Claims = {
    token_type: type,
    exp: iat + ttl,
    iat,
    jti: randomUUID().replace(/-/g, ''),
    user_id: user.id,
    tenant_id: user.tenantId,
  };
  return sign(claims, settings.secret, 'HS256');
}

export async function issueTokens(
  settings: SessionSettings,
  user: Pick<UserRow, 'id' | 'tenantId'>,
): Promise<{ access: string; refresh: string }> {
  return {
    access: await token(settings, user, 'access'),
    refresh: await token(settings, user, 'refresh'),
  };
}

export function issueAccess(settings: SessionSettings, session: Session): Promise<string> {
  return token(settings, { id: session.userId, tenantId: session.tenantId }, 'access');
}

const INVALID = 'Token is invalid or expired';

/** The claims of a token of the given type, or a 401 (forged, expired, revoked or wrong type). */
export async function readToken(
  settings: SessionSettings,
  state: State,
  raw: string,
  type: Claims['token_type'],
): Promise<Claims> {
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
    throw unauthorized(INVALID, 'token_not_valid');
  }
  const now = settings.now().getTime() / 1000;
  if (claims.token_type !== type || typeof claims.exp !== 'number' || claims.exp <= now)
    throw unauthorized(INVALID, 'token_not_valid');
  if (type === 'refresh' && state.revokedRefresh.includes(claims.jti))
    throw unauthorized('Token is blacklisted', 'token_not_valid');
  const user = state.users.find((row) => row.id === claims.user_id);
  if (!user || !user.is_active || user.tenantId !== claims.tenant_id)
    throw unauthorized('User not found', 'user_not_found');
  return claims;
}

/** The session of a request's `Authorization: Bearer` header, or a 401. */
export async function authenticate(
  settings: SessionSettings,
  state: State,
  header: string | undefined,
): Promise<Session> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized('Authentication credentials were not provided.');
  const claims = await readToken(settings, state, match[1], 'access');
  return { userId: claims.user_id, tenantId: claims.tenant_id };
}
