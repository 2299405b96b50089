import { afterEach, describe, expect, it, vi } from 'vitest';

import { connectionStore, session } from '@/api/session';
import { signOut } from '@/api/sign-out';
import { startEnv } from '@/lib/env';

const USER = { id: 7, email: 'ada@acme.test', role: 'super_admin' as const };

/** A backend whose answer to the logout call waits until the test gives it. */
function slowLogout(status: number) {
  const sent: { url: string; headers: Headers; body: unknown }[] = [];
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      expect(url).toMatch(/\/auth\/logout\/$/);
      sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
      await answered;
      return new Response(JSON.stringify({ message: 'bye' }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { sent, answer };
}

describe('signing out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    startEnv(Promise.resolve({ apiHost: undefined }));
  });

  it('clears the session, the company details and the cache at once, the call carrying the tokens it ends', async () => {
    session.start({ user: USER, access: 'acc-1', refresh: 'ref-1' });
    connectionStore.setTenantSubdomain('acme');
    const backend = slowLogout(200);
    const clearCache = vi.fn();

    let done = false;
    const signedOut = signOut(clearCache).then(() => (done = true));

    // The server has not answered, and nothing of the user is left.
    expect(session.isLoggedIn()).toBe(false);
    expect(session.getUser()).toBeNull();
    expect(connectionStore.getTenantSubdomain()).toBeNull();
    expect(clearCache).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(backend.sent).toHaveLength(1));
    expect(backend.sent[0]?.headers.get('Authorization')).toBe('Bearer acc-1');
    expect(backend.sent[0]?.body).toEqual({ refresh: 'ref-1' });
    expect(done).toBe(false);

    backend.answer();
    await signedOut;
    expect(done).toBe(true);
  });

  it("sends the call to the tenant's API origin, though the tenant is cleared at once", async () => {
    startEnv(Promise.resolve({ apiHost: 'api.example.com' }));
    session.start({ user: USER, access: 'acc-3', refresh: 'ref-3' });
    connectionStore.setTenantSubdomain('acme');
    const backend = slowLogout(200);
    const signedOut = signOut(() => {});
    expect(connectionStore.getTenantSubdomain()).toBeNull();
    backend.answer();
    await signedOut;
    expect(backend.sent.map((call) => call.url)).toEqual([
      'https://acme.api.example.com/api/v1/auth/logout/',
    ]);
    expect(backend.sent[0]?.headers.get('Authorization')).toBe('Bearer acc-3');
  });

  it('resolves when the server refuses too: the user is signed out here either way', async () => {
    session.start({ user: USER, access: 'acc-2', refresh: 'ref-2' });
    const backend = slowLogout(500);
    const signedOut = signOut(() => {});
    backend.answer();
    await expect(signedOut).resolves.toBeUndefined();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('sends nothing without a session', async () => {
    session.clear();
    const backend = slowLogout(200);
    await signOut(() => {});
    expect(backend.sent).toHaveLength(0);
  });
});
