// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createSandbox, RESET_HEADER } from './server';

const changed = (sandbox: ReturnType<typeof createSandbox>) => {
  sandbox.store.transact((draft) => {
    draft.licenceKeys.push({ key: 'BEFORE-RESET', tenantId: null });
  });
  return () => sandbox.store.state.licenceKeys.some((row) => row.key === 'BEFORE-RESET');
};

describe("the sandbox's own routes", () => {
  it('refuses a reset without its header, as a cross-site form post would send it', async () => {
    const sandbox = createSandbox({ inMemory: true });
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
    const sandbox = createSandbox({ inMemory: true });
    const kept = changed(sandbox);
    const reply = await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: { [RESET_HEADER]: 'no' },
    });
    expect(reply.status).toBe(403);
    expect(kept()).toBe(true);
  });

  it('resets to the seed with the header', async () => {
    const sandbox = createSandbox({ inMemory: true });
    const kept = changed(sandbox);
    const reply = await sandbox.app.request('/api/sandbox/reset', {
      method: 'POST',
      headers: { [RESET_HEADER]: 'yes' },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ reset: true });
    expect(kept()).toBe(false);
  });

  it('keeps the outbox readable without any header', async () => {
    const sandbox = createSandbox({ inMemory: true });
    const reply = await sandbox.app.request('/api/sandbox/outbox');
    expect(reply.status).toBe(200);
    expect(await reply.json()).toHaveProperty('mails');
  });
});
