import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEYS, session } from '@/api/session';
import {
  announceSessionEnd,
  onSessionEnded,
  onSessionStartedElsewhere,
  type SessionEndReason,
} from '@/api/session-sync';

const TOKENS = {
  user: { id: 7, email: 'ada@acme.test', role: 'super_admin' as const },
  access: 'access-1',
  refresh: 'refresh-1',
};

/** An unsigned JWT with these claims (the app decodes tokens, only the server verifies them). */
function jwt(claims: Record<string, string | number>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** What another tab's write looks like here: the value is stored, then a `storage` event fires. */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }),
  );
}

function otherTabSignsIn(tokens = TOKENS) {
  otherTabWrites(SESSION_KEYS.user, JSON.stringify(tokens.user));
  otherTabWrites(SESSION_KEYS.access, tokens.access);
  otherTabWrites(SESSION_KEYS.refresh, tokens.refresh);
}

function otherTabSignsOut() {
  otherTabWrites(SESSION_KEYS.user, null);
  otherTabWrites(SESSION_KEYS.access, null);
  otherTabWrites(SESSION_KEYS.refresh, null);
}

function listen() {
  const ended: SessionEndReason[] = [];
  const started = vi.fn();
  const stops = [
    onSessionEnded((reason) => ended.push(reason)),
    onSessionStartedElsewhere(started),
  ];
  return { ended, started, stop: () => stops.forEach((stop) => stop()) };
}

describe('tabs that agree about the session', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    session.clear();
  });

  it('a sign-in in another tab is told once, after both tokens are there', () => {
    const heard = listen();
    stop = heard.stop;
    otherTabSignsIn();
    expect(heard.started).toHaveBeenCalledTimes(1);
    expect(heard.ended).toEqual([]);
    expect(session.isLoggedIn()).toBe(true);
  });

  it('a sign-out in another tab ends the session here, once', () => {
    session.start(TOKENS);
    const heard = listen();
    stop = heard.stop;
    otherTabSignsOut();
    expect(heard.ended).toEqual([{ kind: 'ended-elsewhere' }]);
    // The 401s that follow here end nothing more.
    expect(announceSessionEnd({ kind: 'no-refresh-token' })).toBe(false);
    expect(heard.ended).toHaveLength(1);
  });

  it('a token refreshed in another tab changes nobody', () => {
    session.start(TOKENS);
    const heard = listen();
    stop = heard.stop;
    otherTabWrites(SESSION_KEYS.access, 'access-2');
    expect(heard.ended).toEqual([]);
    expect(heard.started).not.toHaveBeenCalled();
    expect(session.getAccessToken()).toBe('access-2');
  });

  it('a refresh token rotated in another tab is the same session: nobody signed out or in', () => {
    const ada = { user_id: 7, tenant_id: 1 };
    session.start({
      ...TOKENS,
      access: jwt({ ...ada, jti: 'a1' }),
      refresh: jwt({ ...ada, jti: 'r1' }),
    });
    const heard = listen();
    stop = heard.stop;
    // The refresh token first, then the access token (the order of session.setTokens).
    otherTabWrites(SESSION_KEYS.refresh, jwt({ ...ada, jti: 'r2' }));
    otherTabWrites(SESSION_KEYS.access, jwt({ ...ada, jti: 'a2' }));
    expect(heard.ended).toEqual([]);
    expect(heard.started).not.toHaveBeenCalled();
    expect(session.getRefreshToken()).toBe(jwt({ ...ada, jti: 'r2' }));

    // Someone else's sign-in there ends this session.
    const grace = { user_id: 8, tenant_id: 1 };
    otherTabSignsIn({
      user: { id: 8, email: 'grace@acme.test', role: 'super_admin' as const },
      access: jwt({ ...grace, jti: 'a9' }),
      refresh: jwt({ ...grace, jti: 'r9' }),
    });
    expect(heard.ended).toEqual([{ kind: 'ended-elsewhere' }]);
    expect(heard.started).toHaveBeenCalledTimes(1);
  });

  it('another user signing in elsewhere ends this session and starts theirs', () => {
    session.start(TOKENS);
    const heard = listen();
    stop = heard.stop;
    otherTabSignsIn({ ...TOKENS, access: 'access-9', refresh: 'refresh-9' });
    expect(heard.ended).toEqual([{ kind: 'ended-elsewhere' }]);
    expect(heard.started).toHaveBeenCalledTimes(1);
  });

  it('a session ended here is announced again after a new sign-in', () => {
    session.start(TOKENS);
    const heard = listen();
    stop = heard.stop;
    expect(announceSessionEnd({ kind: 'no-refresh-token' })).toBe(true);
    session.clear();
    session.start(TOKENS);
    expect(announceSessionEnd({ kind: 'refresh-failed', message: 'Unauthorized' })).toBe(true);
    expect(heard.ended).toEqual([
      { kind: 'no-refresh-token' },
      { kind: 'refresh-failed', message: 'Unauthorized' },
    ]);
  });

  it('storage events of other keys are ignored', () => {
    session.start(TOKENS);
    const heard = listen();
    stop = heard.stop;
    otherTabWrites('theme', 'dark');
    expect(heard.ended).toEqual([]);
    expect(heard.started).not.toHaveBeenCalled();
  });
});
