// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { RESET_HEADER } from './server';
import { signIn } from './test-client';
import { testSandbox } from './test-sandbox';

const changed = (sandbox: ReturnType<typeof testSandbox>) => {
  sandbox.store.transact((draft) => {
    draft.licenceKeys.push({ key: 'BEFORE-RESET', tenantId: null });
  });
  return () => sandbox.store.state.licenceKeys.some((row) => row.key === 'BEFORE-RESET');
};

describe("the sandbox's own routes", () => {
  it('refuses a reset without its header, as a cross-site form post would send it', async () => {
    const sandbox = testSandbox({ inMemory: true });
    const kept = changed(sandbox);
    const reply = await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: 'reset=1',
    });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await reply.json()) as { error: string }).error).toContain('X-Sandbox-Reset: yes');
    expect(kept()).toBe(true);
  });

  it('refuses a reset whose header says anything but yes', async () => {
    const sandbox = testSandbox({ inMemory: true });
    const kept = changed(sandbox);
    const reply = await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: { [RESET_HEADER]: 'no' },
    });
    expect(reply.status).toBe(403);
    expect(kept()).toBe(true);
  });

  it('resets to the seed with the header', async () => {
    const sandbox = testSandbox({ inMemory: true });
    const kept = changed(sandbox);
    const reply = await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: { [RESET_HEADER]: 'yes' },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ reset: true });
    expect(kept()).toBe(false);
  });

  it('lets a sync start and finish after a reset that gives its run id out again', async () => {
    const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
    const sync = async () => {
      const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
      const started = await dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
        tenant_sub_domain: 'acme',
      });
      expect(started.status).toBe(200);
      await sandbox.syncs.idle();
      return (await dana.get(`/api/v1/salesforce/sync-runs/${started.body.run.id}/`)).body as {
        id: number;
        state: string;
      };
    };
    const before = await sync();
    expect(before.state).toBe('completed_with_failures');
    await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: { [RESET_HEADER]: 'yes' },
    });
    const after = await sync();
    expect(after).toEqual(
      expect.objectContaining({ id: before.id, state: 'completed_with_failures' }),
    );
  });

  it('keeps the outbox readable without any header', async () => {
    const sandbox = testSandbox({ inMemory: true });
    const reply = await sandbox.app.request('/api/sandbox/outbox');
    expect(reply.status).toBe(200);
    expect(await reply.json()).toHaveProperty('mails');
  });

  it('hands out an access token of a session that lives as long as asked, 0 for expired at once', async () => {
    const sandbox = testSandbox({ inMemory: true });
    const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const tokenFor = async (body: unknown) =>
      sandbox.app.request('/api/sandbox/access-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const usersWith = async (access: string) =>
      (
        await sandbox.app.request('/api/v1/users/', {
          headers: { authorization: `Bearer ${access}` },
        })
      ).status;

    const expired = await tokenFor({ refresh: dana.refresh, lifetime: 0 });
    expect(expired.status).toBe(200);
    expect(await usersWith(((await expired.json()) as { access: string }).access)).toBe(401);
    const lasting = await tokenFor({ refresh: dana.refresh, lifetime: 60 });
    expect(await usersWith(((await lasting.json()) as { access: string }).access)).toBe(200);
    // The session goes on: its refresh token still refreshes.
    const refreshed = await sandbox.app.request('/api/v1/auth/token/refresh/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: dana.refresh }),
    });
    expect(refreshed.status).toBe(200);

    expect((await tokenFor({ refresh: 'not-a-token', lifetime: 0 })).status).toBe(401);
    expect((await tokenFor({ refresh: dana.refresh, lifetime: 1e9 })).status).toBe(400);
    expect((await tokenFor({ lifetime: 0 })).status).toBe(400);
  });
});
