// @vitest-environment node
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { buildSeed } from '../seed/seed';
import { anonymous, signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';
import { deriveStateSchema, SCHEMA_FILE } from './state-schema';
import { shapeProblem } from './state-shape';

/** The state as a snapshot holds it (JSON leaves out what is undefined). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the shape of a snapshot', () => {
  it('is the State type: state.schema.json is what state-schema.ts derives from it now', () => {
    const onDisk = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as unknown;
    expect(
      onDisk,
      'state.schema.json differs from the State type: run `node tests/sandbox/store/state-schema.ts` to write it again; and since a snapshot on disk now has another shape, raise STATE_VERSION in tests/sandbox/store/state.ts and add the migration from the old shape in tests/sandbox/store/snapshot.ts',
    ).toEqual(deriveStateSchema());
  }, 120_000);

  it('fits the seed, a scaled seed and the state a working sandbox writes', async () => {
    expect(shapeProblem(asJson(buildSeed()))).toBeUndefined();
    expect(shapeProblem(asJson(buildSeed({ scale: 20 })))).toBeUndefined();

    // Live dates (as the server runs), an invitation, a sync with its runs, errors, logs and ACE
    // records, a refresh (a retired token) and a logout.
    const { app, store, syncs } = testSandbox({
      inMemory: true,
      liveDates: true,
      syncRate: 0,
      syncDelayMs: 0,
    });
    expect(shapeProblem(asJson(store.state))).toBeUndefined();
    const dana = await signIn(app, 'dana.whitfield@acme-cloud.com');
    const invited = await dana.post('/api/v1/tenants/invite-users/', {
      first_name: 'Shape',
      email: 'shape.check@acme-cloud.com',
      role: 'user',
    });
    expect(invited.status).toBe(201);
    const started = await dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
      tenant_sub_domain: 'acme',
    });
    expect(started.status).toBe(200);
    await syncs.idle();
    expect(store.state.syncRuns.length).toBeGreaterThan(0);
    expect(store.state.ace).not.toEqual({});
    const refreshed = await anonymous(app, 'POST', '/api/v1/auth/token/refresh/', {
      refresh: dana.refresh,
    });
    expect(refreshed.status).toBe(200);
    expect(store.state.sessions.some((session) => session.previous !== null)).toBe(true);
    const out = await anonymous(app, 'POST', '/api/v1/auth/logout/', {
      refresh: (refreshed.body as { refresh: string }).refresh,
    });
    expect(out.status).toBe(200);
    expect(shapeProblem(asJson(store.state))).toBeUndefined();
  }, 60_000);

  it('names what is wrong by its JSON path', () => {
    const seed = asJson(buildSeed()) as Record<string, unknown> & {
      users: Array<Record<string, unknown>>;
      licenceKeys: Array<Record<string, unknown>>;
      salesforce: Record<string, unknown>;
    };
    const wrong = (change: (state: typeof seed) => void) => {
      const state = structuredClone(seed);
      change(state);
      return shapeProblem(state);
    };
    expect(
      wrong((state) => {
        (state as Record<string, unknown>).users = { 1: 'x' };
      }),
    ).toBe('$.users must be a list, not {"1":"x"}');
    expect(
      wrong((state) => {
        delete state.users[2]!.email;
      }),
    ).toBe('$.users[2].email is missing');
    expect(
      wrong((state) => {
        state.users[0]!.id = '1';
      }),
    ).toBe('$.users[0].id must be a number, not "1"');
    expect(
      wrong((state) => {
        state.licenceKeys[0]!.tenantId = 'acme';
      }),
    ).toBe('$.licenceKeys[0].tenantId must be a number or null, not "acme"');
    expect(
      wrong((state) => {
        state.users[0]!.role = 'root';
      }),
    ).toMatch(/^\$\.users\[0\]\.role must be one of "admin", .*, not "root"$/);
    expect(
      wrong((state) => {
        state.salesforce['odd key'] = 'not a list';
      }),
    ).toBe('$.salesforce["odd key"] must be a list, not "not a list"');
    expect(
      wrong((state) => {
        delete (state as Record<string, unknown>).sessions;
      }),
    ).toBe('$.sessions is missing');
  });
});
