// @vitest-environment node
/**
 * The activity log: every kind of change records one event with its before and after, in the
 * same transaction (a refused write records nothing); the chain verifies and shows where an event
 * edited behind the API breaks it; a user reads only their own events and no tenant another's, in
 * the list, the export and the check; paging, each filter and the CSV's escaping.
 */
import { describe, expect, it } from 'vitest';

import { activityCsv } from '../domain/activity-csv';
import { DEMO_PASSWORD } from '../seed/seed';
import type { ActivityRow } from '../store/state';
import { anonymous, signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const SF = '/api/v1/salesforce';
const LOG = '/api/v1/activity/';

async function acme() {
  const sandbox = testSandbox({ inMemory: true });
  const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  return { ...sandbox, dana };
}

interface Case {
  action: string;
  act: (dana: ApiClient, app: ReturnType<typeof testSandbox>['app']) => Promise<unknown>;
  /** The target's label, when the case pins it. */
  label?: string;
}

const FILTER = {
  attribute_id: 44,
  comparison_type: 'lesser_than',
  field_value: '900',
  entity_type: 'Opportunity',
  block: 3,
};

const CASES: Case[] = [
  {
    action: 'mapping.changed',
    label: 'stage',
    act: (dana) =>
      dana.patch(`${SF}/data-mappings/10/`, { salesforce_picklist_value: 'Needs Analysis' }),
  },
  { action: 'mapping.auto_match', act: (dana) => dana.get(`${SF}/auto-match`) },
  {
    action: 'sync_filter.created',
    label: 'Opportunity filter on expectedMonthlyAwsRevenue',
    act: (dana) => dana.post(`${SF}/data-mappings/sync-settings/`, FILTER),
  },
  {
    action: 'sync_filter.changed',
    act: async (dana) => {
      const { body } = await dana.post(`${SF}/data-mappings/sync-settings/`, FILTER);
      return dana.patch(`${SF}/data-mappings/sync-settings/${body.id}/`, { field_value: '950' });
    },
  },
  {
    action: 'sync_filter.deleted',
    act: async (dana) => {
      const { body } = await dana.post(`${SF}/data-mappings/sync-settings/`, FILTER);
      return dana.delete(`${SF}/data-mappings/sync-settings/${body.id}/`);
    },
  },
  {
    action: 'override.saved',
    act: (dana) =>
      dana.post(`${SF}/update-dummy-value-for-error/`, [
        {
          sync_error_id: 3,
          salesforce_id: '00Q5g00000ABCDeEAF',
          ace_id: 1,
          dummy_value: 'Research',
        },
      ]),
  },
  {
    action: 'rule.changed',
    label: 'Create opportunities in Salesforce',
    act: (dana) =>
      dana.post(`${SF}/update-create-on-sf-settings`, { type: 'opportunity', value: true }),
  },
  {
    action: 'user.invited',
    label: 'grace.hopper@acme-cloud.com',
    act: (dana) =>
      dana.post('/api/v1/tenants/invite-users/', {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace.hopper@acme-cloud.com',
        role: 'user',
      }),
  },
  { action: 'user.renamed', act: (dana) => dana.patch('/api/v1/users/2/', { first_name: 'Marc' }) },
  {
    action: 'user.deleted',
    label: 'marcus.oyelaran@acme-cloud.com',
    act: (dana) => dana.delete('/api/v1/users/2/'),
  },
  {
    action: 'company.changed',
    act: (dana) =>
      dana.post('/api/v1/tenants/update-sf/', {
        username: 'sync@acme-cloud.com',
        is_salesforce_managed_package: true,
      }),
  },
  {
    action: 'environment.switched',
    act: (dana) => dana.patch('/api/v1/tenants/1/', { is_production_enabled: true }),
  },
  { action: 'launch.resolved', act: (dana) => dana.get(`${SF}/resolve-launched-data`) },
  {
    action: 'sync.started',
    act: (dana) => dana.post(`${SF}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' }),
  },
  {
    action: 'sync.retried',
    act: (dana) => dana.post(`${SF}/data-mappings/sync-errors/retry/`, { error_ids: [1] }),
  },
  {
    action: 'sync.errors_dismissed',
    act: (dana) => dana.delete(`${SF}/data-mappings/sync-errors/2`),
  },
  {
    action: 'password.changed',
    act: (dana) =>
      dana.post('/api/v1/auth/password/change/', {
        old_password: DEMO_PASSWORD,
        new_password: 'N3w-Secret!pass',
        confirm_password: 'N3w-Secret!pass',
      }),
  },
  {
    action: 'sign_in.succeeded',
    act: (_dana, app) => signIn(app, 'dana.whitfield@acme-cloud.com'),
  },
  {
    action: 'sign_in.refused',
    label: 'dana.whitfield@acme-cloud.com',
    act: (_dana, app) =>
      anonymous(app, 'POST', '/api/v1/auth/login/', {
        email: 'dana.whitfield@acme-cloud.com',
        password: 'wrong-Passw0rd!',
      }),
  },
];

describe('the activity log records', () => {
  it.each(CASES.map((c) => [c.action, c] as const))('%s', async (_action, c) => {
    const { app, dana, store, syncs } = await acme();
    const before = store.state.activity.length;
    const answer = (await c.act(dana, app)) as { status?: number };
    // A refused sign-in is the one case that records a refusal (a security event).
    const refusal = c.action === 'sign_in.refused';
    if (answer.status !== undefined) expect(answer.status < 400).toBe(!refusal);
    await syncs.idle();
    const made = store.state.activity.slice(before).filter((row) => row.action === c.action);
    expect(made, 'one event of this action').toHaveLength(1);
    const [event] = made as [ActivityRow];
    expect(event.tenantId).toBe(1);
    expect(event.area).toBe(c.action.split('.')[0]);
    expect(event.actor).toEqual({
      id: 1,
      name: 'Dana Whitfield',
      email: 'dana.whitfield@acme-cloud.com',
    });
    if (c.label) expect(event.target.label).toBe(c.label);
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows what changed, before and after', async () => {
    const { dana } = await acme();
    await dana.post(`${SF}/update-create-on-sf-settings`, { type: 'opportunity', value: true });
    const [event] = (await dana.get(`${LOG}?area=rule`)).body.results;
    expect(event).toMatchObject({
      action: 'rule.changed',
      before: { is_opportunity_create_allowed_in_sf: false },
      after: { is_opportunity_create_allowed_in_sf: true },
    });
    await dana.patch('/api/v1/tenants/1/', { is_production_enabled: true });
    const [switched] = (await dana.get(`${LOG}?area=environment`)).body.results;
    expect(switched).toMatchObject({
      before: { environment: 'beta' },
      after: { environment: 'production' },
    });
  });

  it('takes the request id the caller sent, or makes one, and echoes it', async () => {
    const { app, dana } = await acme();
    const sent = await app.request('/api/v1/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-42' },
      body: JSON.stringify({ email: 'dana.whitfield@acme-cloud.com', password: DEMO_PASSWORD }),
    });
    expect(sent.headers.get('x-request-id')).toBe('trace-42');
    const odd = await app.request('/api/v1/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'a b=1;drop' },
      body: JSON.stringify({ email: 'dana.whitfield@acme-cloud.com', password: DEMO_PASSWORD }),
    });
    const made = odd.headers.get('x-request-id') ?? '';
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const ids = (await dana.get(`${LOG}?area=sign_in`)).body.results.map(
      (event: { request_id: string }) => event.request_id,
    );
    expect(ids.slice(0, 2)).toEqual([made, 'trace-42']);
  });

  it('records nothing for a refused write', async () => {
    const { dana, store } = await acme();
    const before = store.state.activity;
    const refused = await dana.post(`${SF}/data-mappings/sync-settings/`, {
      ...FILTER,
      field_value: 'not a number',
    });
    expect(refused.status).toBe(400);
    expect(store.state.activity).toBe(before);
  });
});

describe('the chain', () => {
  it('verifies, and says where an event edited behind the API breaks it', async () => {
    const { dana, store } = await acme();
    await dana.get(`${SF}/resolve-launched-data`);
    const intact = (await dana.get(`${LOG}verify/`)).body;
    const acmeEvents = store.state.activity.filter((row) => row.tenantId === 1);
    expect(intact).toEqual({
      ok: true,
      checked: acmeEvents.length,
      broken_at: null,
      reason: null,
      head: { hash: acmeEvents.at(-1)?.hash, count: acmeEvents.length },
      noted_found: null,
    });

    const edited = acmeEvents[2] as ActivityRow;
    store.transact((draft) => {
      const row = draft.activity.find((candidate) => candidate.id === edited.id);
      if (row) row.after = { is_opportunity_create_allowed_in_sf: false };
    });
    expect((await dana.get(`${LOG}verify/`)).body).toEqual({
      ok: false,
      checked: 3,
      broken_at: edited.id,
      reason: "The event's hash does not match its content.",
      head: { hash: acmeEvents.at(-1)?.hash, count: acmeEvents.length },
      noted_found: null,
    });
  });

  it('breaks where an event was removed', async () => {
    const { dana, store } = await acme();
    const removed = store.state.activity.filter((row) => row.tenantId === 1)[1] as ActivityRow;
    store.transact((draft) => {
      draft.activity = draft.activity.filter((row) => row.id !== removed.id);
    });
    const verdict = (await dana.get(`${LOG}verify/`)).body;
    expect(verdict).toMatchObject({ ok: false, checked: 2 });
    expect(verdict.reason).toMatch(/prev_hash/);
  });
});

describe('who reads what', () => {
  it('a user reads only their own events; another tenant none of Acme’s, in list, export and check', async () => {
    const { app, dana, store } = await acme();
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    const globex = await signIn(app, 'ops@globex.example');
    await anonymous(app, 'POST', '/api/v1/auth/login/', {
      email: 'nobody@acme-cloud.com',
      password: 'whatever-1A!',
    });
    await dana.get(`${SF}/resolve-launched-data`);

    const own = (await marcus.get(`${LOG}?page-size=1000`)).body.results;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((event: ActivityRow) => event.actor?.id === 2)).toBe(true);
    const marcusCsv = (await marcus.get(`${LOG}export/`)).body as string;
    expect(marcusCsv).not.toContain('dana.whitfield');
    expect((await marcus.get(`${LOG}?person=1`)).body.count).toBe(0);

    const seen = [
      JSON.stringify((await globex.get(`${LOG}?page-size=1000`)).body),
      (await globex.get(`${LOG}export/`)).body as string,
    ].join('\n');
    expect(seen).not.toMatch(/acme-cloud\.com|Acme/);
    const globexEvents = store.state.activity.filter((row) => row.tenantId === 2);
    expect((await globex.get(`${LOG}verify/`)).body).toMatchObject({
      ok: true,
      checked: globexEvents.length,
    });

    // The sign-in refused at an unknown address is kept, with no tenant and no actor: nobody reads it.
    const stranger = store.state.activity.find(
      (row) => row.target.label === 'nobody@acme-cloud.com',
    );
    expect(stranger).toMatchObject({ tenantId: null, actor: null, action: 'sign_in.refused' });
    const danaAll = JSON.stringify((await dana.get(`${LOG}?page-size=1000`)).body);
    expect(danaAll).not.toContain('nobody@acme-cloud.com');
  });
});

describe('paging and filters', () => {
  it('pages newest first and filters by person, area, days and text', async () => {
    const { dana } = await acme();
    const all = (await dana.get(`${LOG}?page-size=1000`)).body;
    const ids = all.results.map((event: ActivityRow) => event.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const first = (await dana.get(`${LOG}?page-size=3`)).body;
    expect(first).toMatchObject({ count: all.count, previous: null });
    expect(first.results).toEqual(all.results.slice(0, 3));
    const second = (await dana.get(new URL(first.next).pathname + new URL(first.next).search)).body;
    expect(second.results).toEqual(all.results.slice(3, 6));

    const byPerson = (await dana.get(`${LOG}?person=2&page-size=1000`)).body.results;
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((event: ActivityRow) => event.actor?.id === 2)).toBe(true);

    const byArea = (await dana.get(`${LOG}?area=rule`)).body.results;
    expect(byArea.map((event: ActivityRow) => event.action)).toEqual(['rule.changed']);

    const day = (await dana.get(`${LOG}?from=2026-02-27&to=2026-02-27`)).body.results;
    expect(day.map((event: ActivityRow) => event.action)).toEqual(['user.invited']);

    const text = (await dana.get(`${LOG}?search=STAGE`)).body.results;
    expect(text.map((event: ActivityRow) => event.target.label)).toEqual(['stage']);

    const csv = (await dana.get(`${LOG}export/?area=sign_in`)).body as string;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,at,actor_id,/);
    const signIns = (await dana.get(`${LOG}?area=sign_in&page-size=1000`)).body.count;
    expect(lines).toHaveLength(signIns + 1);
  });
});

describe('the CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const row: ActivityRow = {
      id: 1,
      tenantId: 1,
      at: '2026-03-01T10:00:00Z',
      actor: { id: 1, name: 'Dana, "the admin"', email: 'dana@acme-cloud.com' },
      area: 'user',
      action: 'user.renamed',
      target: { kind: 'user', id: '2', label: '=HYPERLINK("http://evil")' },
      before: { name: 'line one\nline two' },
      after: '-2+3',
      request_id: '@req',
      prev_hash: '0'.repeat(64),
      hash: 'a'.repeat(64),
    };
    const [header, line] = activityCsv([row]).split('\r\n');
    expect(header?.split(',')).toHaveLength(15);
    expect(line).toBe(
      [
        '1',
        '2026-03-01T10:00:00Z',
        '1',
        '"Dana, ""the admin"""',
        'dana@acme-cloud.com',
        'user',
        'user.renamed',
        'user',
        '2',
        '"\'=HYPERLINK(""http://evil"")"',
        '"{""name"":""line one\\nline two""}"',
        "'-2+3",
        "'@req",
        '0'.repeat(64),
        'a'.repeat(64),
      ].join(','),
    );
  });
});
