import { readClaims } from '@/lib/jwt';
import { storage } from '@/lib/storage';
import type { Role, User } from '@generated/api/model';

/**
 * localStorage keys: the signed-in user and both tokens, and what the wizard remembers (product
 * key, tenant id and subdomain). Held there so that a reload or a new tab stays signed in.
 */
export const SESSION_KEYS = {
  user: 'currentUser',
  access: 'currentAccessToken',
  refresh: 'currentRefreshToken',
  productKey: 'newConnectionProductKey',
  tenantId: 'tenantId',
  tenantSubdomain: 'tenantSubdomain',
} as const;

export type { Role };

/**
 * The signed-in user as the login reply gives it: the contract's User, every field optional,
 * because what localStorage holds may come from an older version of the app (a stored user
 * without a role is completed from the token's user id).
 */
export type SessionUser = Partial<
  Pick<User, 'id' | 'first_name' | 'middle_name' | 'last_name' | 'email' | 'role' | 'is_active'>
>;

export interface SessionTokens {
  user: SessionUser;
  access: string;
  refresh: string;
}

/** Where a session change was made: here, or in another tab of this origin (a `storage` event). */
export type SessionChangeSource = 'this-tab' | 'other-tab';

type Listener = (source: SessionChangeSource) => void;
const listeners = new Set<Listener>();
const notify = (source: SessionChangeSource = 'this-tab') =>
  listeners.forEach((listener) => listener(source));

/** The keys whose change in another tab changes who is signed in here. */
const SHARED_SESSION_KEYS: ReadonlySet<string> = new Set([
  SESSION_KEYS.user,
  SESSION_KEYS.access,
  SESSION_KEYS.refresh,
]);

/**
 * A `storage` event that touches the session: another tab signed in, out, or refreshed the access
 * token (the event never fires in the tab that wrote; a null key means the storage was cleared).
 */
function isSessionStorageEvent(event: StorageEvent): boolean {
  const area = event.storageArea;
  let local: Storage | undefined;
  try {
    local = localStorage;
  } catch {
    return false;
  }
  return (
    (area === null || area === local) && (event.key === null || SHARED_SESSION_KEYS.has(event.key))
  );
}

// Nothing of the session is kept in memory: every read goes to localStorage, so a change made by
// another tab only has to be announced to this tab's subscribers (the screens and session-sync).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (isSessionStorageEvent(event)) notify('other-tab');
  });
}

export const session = {
  getUser: (): SessionUser | null => storage.getJson<SessionUser>(SESSION_KEYS.user),
  getAccessToken: (): string | null => storage.get(SESSION_KEYS.access),
  getRefreshToken: (): string | null => storage.get(SESSION_KEYS.refresh),

  /** Logged in means both tokens are present. */
  isLoggedIn(): boolean {
    return Boolean(session.getAccessToken() && session.getRefreshToken());
  },

  start({ user, access, refresh }: SessionTokens): void {
    storage.setJson(SESSION_KEYS.user, user);
    storage.set(SESSION_KEYS.access, access);
    storage.set(SESSION_KEYS.refresh, refresh);
    notify();
  },

  /** Replaces the access token only (a refresh from a backend that does not rotate). */
  setAccessToken(access: string): void {
    storage.set(SESSION_KEYS.access, access);
    notify();
  },

  /**
   * A refresh that rotated, or a password change: the new access and refresh tokens of the same
   * session, stored together and announced once. The refresh token is written first, so a tab
   * that sees the new access token also finds the refresh token that goes with it, and never
   * refreshes with the retired one.
   */
  setTokens({ access, refresh }: Pick<SessionTokens, 'access' | 'refresh'>): void {
    storage.set(SESSION_KEYS.refresh, refresh);
    storage.set(SESSION_KEYS.access, access);
    notify();
  },

  setUser(user: SessionUser): void {
    storage.setJson(SESSION_KEYS.user, user);
    notify();
  },

  /** Logout and a failed refresh clear the user and both tokens. */
  clear(): void {
    storage.set(SESSION_KEYS.user, null);
    storage.set(SESSION_KEYS.access, null);
    storage.set(SESSION_KEYS.refresh, null);
    notify();
  },

  /**
   * Who the session is for, as its refresh token says: the tenant and user ids, which a rotated
   * refresh token keeps (whether or not the backend adds a session id); the token itself when it
   * carries neither (every sign-in gives a new one).
   */
  sessionId(): string | null {
    const refresh = session.getRefreshToken();
    const claims = readClaims(refresh);
    if (claims?.user_id === undefined) return refresh;
    return `${String(claims.tenant_id ?? '')}/${String(claims.user_id)}`;
  },

  /** The user id carried by the access token (used when the stored user lacks a role). */
  userIdFromToken(): number | undefined {
    const id = readClaims(session.getAccessToken())?.user_id;
    const parsed = typeof id === 'string' ? Number.parseInt(id, 10) : id;
    return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
  },

  /** The tenant id is read from the access token (else the stored one), never asked for. */
  tenantId(): number | undefined {
    const id =
      readClaims(session.getAccessToken())?.tenant_id ?? storage.get(SESSION_KEYS.tenantId);
    const parsed = typeof id === 'string' ? Number.parseInt(id, 10) : id;
    return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
  },

  /** Called on every change of the session, made in this tab or in another one. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** What the new-connection wizard remembers between visits. */
export const connectionStore = {
  getProductKey: () => storage.get(SESSION_KEYS.productKey),
  setProductKey: (key: string | null) => storage.set(SESSION_KEYS.productKey, key),
  getTenantSubdomain: () => storage.get(SESSION_KEYS.tenantSubdomain),
  setTenantSubdomain: (subdomain: string | null) =>
    storage.set(SESSION_KEYS.tenantSubdomain, subdomain),
  setTenantId: (id: number | string | null) =>
    storage.set(SESSION_KEYS.tenantId, id === null ? null : String(id)),
  clear(): void {
    storage.set(SESSION_KEYS.productKey, null);
    storage.set(SESSION_KEYS.tenantId, null);
    storage.set(SESSION_KEYS.tenantSubdomain, null);
  },
};
