// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const BASE = '/api/v1/salesforce';

describe('the launches inbox', () => {
  it('lists unread launches, resolves them, and a sync brings new ones', async () => {
    const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
    const acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const globex = await signIn(sandbox.app, 'ops@globex.example');
    const globexBefore = (await globex.get(`${BASE}/unread-launched-data`)).body.data.length;

    expect((await acme.get(`${BASE}/unread-launched-data`)).body.data).toHaveLength(14);
    expect((await acme.get(`${BASE}/resolve-launched-data`)).body.message).toBe(
      'All launches marked as resolved (14).',
    );
    expect((await acme.get(`${BASE}/unread-launched-data`)).body).toEqual({ data: [] });
    expect((await acme.get(`${BASE}/resolve-launched-data`)).body.message).toBe(
      'There are no unread launches.',
    );
    // Resolving Acme's inbox leaves Globex's alone.
    expect((await globex.get(`${BASE}/unread-launched-data`)).body.data).toHaveLength(globexBefore);

    await acme.post(`${BASE}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' });
    await sandbox.syncs.idle();
    const fresh = (await acme.get(`${BASE}/unread-launched-data`)).body.data;
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh[0]).toEqual({ name: expect.any(String) });
  });
});
