import { afterEach, describe, expect, it, vi } from 'vitest';

import { connectionStore, session } from '@/api/session';
import { signOut } from '@/api/sign-out';
import { startEnv } from '@/lib/env';

import { DANA, setupSandboxBackend } from './sandbox-backend';

const backend = setupSandboxBackend();
const logoutCalls = () => backend.callsTo('logout');

describe('signing out', () => {
  afterEach(() => startEnv(Promise.resolve({ apiHost: undefined })));

  it('clears the session, the company details and the cache at once, the call carrying the tokens it ends', async () => {
    const tokens = await backend.signIn(DANA);
    connectionStore.setTenantSubdomain('acme');
    const logout = backend.hold('logout');
    const clearCache = vi.fn();

    let done = false;
    const signedOut = signOut(clearCache).then(() => (done = true));

    // The server has not answered, and nothing of the user is left.
    expect(session.isLoggedIn()).toBe(false);
    expect(session.getUser()).toBeNull();
    expect(connectionStore.getTenantSubdomain()).toBeNull();
    expect(clearCache).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(logout.waiting).toBe(1));
    expect(logoutCalls()[0]?.headers.get('Authorization')).toBe(`Bearer ${tokens.access}`);
    expect(logoutCalls()[0]?.body).toEqual({ refresh: tokens.refresh });
    expect(done).toBe(false);

    logout.release();
    await signedOut;
    expect(done).toBe(true);
  });

  it("sends the call to the tenant's API origin, though the tenant is cleared at once", async () => {
    startEnv(Promise.resolve({ apiHost: 'api.example.com' }));
    const tokens = await backend.signIn(DANA);
    connectionStore.setTenantSubdomain('acme');
    const signedOut = signOut(() => {});
    expect(connectionStore.getTenantSubdomain()).toBeNull();
    await signedOut;
    expect(logoutCalls().map((call) => `${call.origin}${call.path}`)).toEqual([
      'https://acme.api.example.com/api/v1/auth/logout/',
    ]);
    expect(logoutCalls()[0]?.headers.get('Authorization')).toBe(`Bearer ${tokens.access}`);
  });

  it('resolves when the server refuses too: the user is signed out here either way', async () => {
    await backend.signIn(DANA);
    backend.fail('logout', { status: 500 });
    const signedOut = signOut(() => {});
    await expect(signedOut).resolves.toBeUndefined();
    expect(session.isLoggedIn()).toBe(false);
    expect(logoutCalls()).toHaveLength(1);
  });

  it('sends nothing without a session', async () => {
    session.clear();
    await signOut(() => {});
    expect(backend.calls).toHaveLength(0);
  });
});
