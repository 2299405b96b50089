// @vitest-environment node
/**
 * Tenant isolation: an admin of one company reads and changes nothing of another's. Globex's
 * company admin is pointed at every id of Acme's the contract lets a caller name (in a path or in
 * a body), and every list of Globex's is searched for Acme's data. A refused write changes nothing
 * at all in the sandbox's state. A new operation with a path parameter fails this file until its
 * ids are added below, so no operation is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contractOperations } from '../sandbox/contract';
import { ACME } from '../sandbox/seed/seed';
import { createSandbox } from '../sandbox/server';
import { signIn, stopSandbox, type Answer, type ApiClient } from '../sandbox/test-client';

const DANA = 'dana.whitfield@acme-cloud.com'; // Acme's company admin
const OLIVIA = 'ops@globex.example'; // Globex's company admin

interface Listed {
  results?: { id?: number | string }[];
}

const sandbox = createSandbox({ inMemory: true, syncDelayMs: 0 });
const { app, store } = sandbox;
let acme: ApiClient;
let globex: ApiClient;
/** Acme's ids, by the path parameter of the operations that take them. */
const acmeIds = new Map<string, (number | string)[]>();

const ids = (answer: Answer<Listed>) =>
  (answer.body.results ?? []).flatMap((row) => (row.id === undefined ? [] : [row.id]));

/** A path with its parameter filled in. */
const fill = (path: string, id: number | string) =>
  path.replace(/\{\w+\}/, encodeURIComponent(String(id)));

/** Everything the sandbox keeps, as text: a refused write must leave it as it was. */
const snapshot = () => JSON.stringify(store.state);

afterAll(() => stopSandbox(sandbox));

beforeAll(async () => {
  acme = await signIn(app, DANA);
  globex = await signIn(app, OLIVIA);
  const users = ids(await acme.get('/api/v1/users/?page_size=100'));
  const mappings = ids(await acme.get('/api/v1/salesforce/data-mappings/?page_size=100'));
  // The seed has no sync filter: Acme's admin saves one.
  const filter = await acme.post('/api/v1/salesforce/data-mappings/sync-settings/', {
    attribute_id: 46,
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
    sync_type: 'or',
    block: 1,
    data_type: 'Picklist',
  });
  const filters = [(filter.body as { id: number }).id];
  const errors = ids(await acme.get('/api/v1/salesforce/data-mappings/sync-errors/'));
  const records = ids(await acme.get('/api/v1/salesforce/records/?type=Opportunity')).slice(0, 5);
  // The seed's runs, as kept (listSyncRuns lists the last 30 days only, and this sandbox's clock is
  // the real one, months past the seed's dates).
  const runs = store.state.syncRuns
    .filter((run) => run.tenantId === 1)
    .map((run) => run.id)
    .slice(0, 5);
  // The seed has no webhook: Acme's admin adds one.
  const hook = await acme.post('/api/v1/webhooks/', {
    url: 'https://hooks.example.com/acme',
    events: ['sync_failures'],
  });
  const hooks = [(hook.body as { webhook: { id: number } }).webhook.id];
  acmeIds.set('/api/v1/tenants/{id}/', [ACME.id]);
  acmeIds.set('/api/v1/users/{id}/', users);
  acmeIds.set('/api/v1/salesforce/data-mappings/{id}/', mappings);
  acmeIds.set('/api/v1/salesforce/data-mappings/sync-settings/{id}/', filters);
  acmeIds.set('/api/v1/salesforce/data-mappings/sync-errors/{id}', errors);
  acmeIds.set('/api/v1/salesforce/records/{salesforce_id}/preview/', records);
  acmeIds.set('/api/v1/salesforce/sync-runs/{id}/', runs);
  // Acme's activity: the filter just added, and the webhook, are events of its log.
  const events = ids(await acme.get('/api/v1/activity/?page-size=5'));
  acmeIds.set('/api/v1/activity/{id}/revert/', events);
  for (const path of [
    '/api/v1/webhooks/{id}/',
    '/api/v1/webhooks/{id}/rotate-secret/',
    '/api/v1/webhooks/{id}/test/',
    '/api/v1/webhooks/{id}/deliveries/',
  ])
    acmeIds.set(path, hooks);
});

describe('tenant isolation', () => {
  it("knows Acme's ids for every operation that takes an id in its path", () => {
    const withParameter = new Set(
      contractOperations()
        .filter((op) => op.path.includes('{'))
        .map((op) => op.path),
    );
    const missing = [...withParameter].filter((path) => !acmeIds.has(path));
    expect(
      missing,
      `add Acme's ids for each operation with an id in its path to acmeIds in the beforeAll of tests/security/tenant-isolation.test.ts (acmeIds.set('${missing[0] ?? '/api/v1/...'}', ids of Acme's records)): every probe below then checks that Globex gets 404 for them`,
    ).toEqual([]);
    expect([...acmeIds.keys()].sort()).toEqual([...withParameter].sort());
    // Each kind of id exists in Acme's seed, so every probe below names something real.
    for (const [path, list] of acmeIds) expect(list.length, path).toBeGreaterThan(0);
  });

  it("answers 404 to every read of Acme's ids by Globex's admin", async () => {
    const reads = contractOperations().filter((op) => op.method === 'get' && op.path.includes('{'));
    let probes = 0;
    for (const op of reads) {
      for (const id of acmeIds.get(op.path) ?? []) {
        const answer = await globex.get(fill(op.path, id));
        expect(answer.status, `GET ${fill(op.path, id)}`).toBe(404);
        probes += 1;
      }
    }
    expect(probes).toBeGreaterThan(5);
  });

  it("refuses every change of Acme's ids by Globex's admin, and changes nothing", async () => {
    const writes = contractOperations().filter(
      (op) => op.method !== 'get' && op.path.includes('{'),
    );
    const bodies: Record<string, unknown> = {
      patch: {
        first_name: 'Mallory',
        value: 'x',
        company_name: 'Globex owns this',
        url: 'https://globex.example/steal',
      },
      post: undefined,
      delete: undefined,
    };
    const before = snapshot();
    let probes = 0;
    for (const op of writes) {
      for (const id of acmeIds.get(op.path) ?? []) {
        const path = fill(op.path, id);
        const answer =
          op.method === 'delete'
            ? await globex.delete(path)
            : op.method === 'post'
              ? await globex.post(path, bodies.post)
              : await globex.patch(path, bodies[op.method]);
        expect(answer.status, `${op.method.toUpperCase()} ${path}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${op.method.toUpperCase()} ${path}`).toBeLessThan(500);
        probes += 1;
      }
    }
    expect(probes).toBeGreaterThan(10);
    expect(snapshot()).toBe(before);
  });

  it("refuses Acme's ids named in a request body, and changes nothing", async () => {
    const users = acmeIds.get('/api/v1/users/{id}/') ?? [];
    const [error] = acmeIds.get('/api/v1/salesforce/data-mappings/sync-errors/{id}') ?? [];
    const [record] = acmeIds.get('/api/v1/salesforce/records/{salesforce_id}/preview/') ?? [];
    const before = snapshot();
    for (const id of users) {
      const resend = await globex.post('/api/v1/tenants/resend-user-invite/', { user_id: id });
      expect(resend.status, `re-invite of Acme's user ${id}`).toBeGreaterThanOrEqual(400);
      expect(resend.status).toBeLessThan(500);
    }
    const override = await globex.post('/api/v1/salesforce/update-dummy-value-for-error/', [
      { sync_error_id: error, salesforce_id: record, ace_id: 1, dummy_value: 'Globex was here' },
    ]);
    expect(override.status).toBeGreaterThanOrEqual(400);
    expect(override.status).toBeLessThan(500);
    expect(snapshot()).toBe(before);
  });

  it("shows Globex's admin none of Acme's data in any list", async () => {
    const lists = contractOperations().filter(
      (op) => op.method === 'get' && !op.path.includes('{') && !op.isPublic,
    );
    const acmeMarkers = [
      '@acme-cloud.com',
      'Acme Cloud',
      ...(acmeIds.get('/api/v1/salesforce/records/{salesforce_id}/preview/') ?? []).map(String),
    ];
    expect(lists.length).toBeGreaterThan(10);
    let answered = 0;
    for (const op of lists) {
      const query = op.path.includes('sync-settings')
        ? '?entity_type=Opportunity'
        : op.path.includes('/records/')
          ? '?type=Opportunity'
          : '';
      const answer = await globex.get(`${op.path}${query}`);
      if (answer.status === 200) answered += 1;
      const text = JSON.stringify(answer.body);
      for (const marker of acmeMarkers)
        expect(text.includes(marker), `GET ${op.path} shows ${marker}`).toBe(false);
    }
    // Globex's lists were really read, not refused.
    expect(answered).toBeGreaterThan(lists.length - 3);
  });

  it('refuses a token whose tenant claim was changed to Acme', async () => {
    const [header, payload, signature] = globex.access.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, tenant_id: ACME.id })).toString(
      'base64url',
    );
    const reply = await app.request('/api/v1/users/', {
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(reply.status).toBe(401);
  });
});
