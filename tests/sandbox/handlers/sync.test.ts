// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';

import type { Schemas } from '../contract';
import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const BASE = '/api/v1/salesforce';
let sandbox: ReturnType<typeof testSandbox>;
let acme: ApiClient;

beforeEach(async () => {
  sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
  acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
});

const sync = async (client: ApiClient, subdomain = 'acme', query = '') => {
  const started = await client.post(`${BASE}/data-mappings/sync-data/${query}`, {
    tenant_sub_domain: subdomain,
  });
  await sandbox.syncs.idle();
  return started;
};

describe('sync statistics and starting a sync', () => {
  it('answers the seeded stats, then the counts of a real sync', async () => {
    sandbox = testSandbox({ inMemory: true, now: () => new Date('2026-03-03T08:00:00Z') });
    acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const before = await acme.get(`${BASE}/get-sync-data`);
    expect(before.body).toEqual({
      last_synced: { lead: 12, opportunity: 37 },
      last_unchanged: { lead: 47, opportunity: 13 },
      total_synced: { lead: 60, opportunity: 52 },
      last_synced_date: '2026-03-02T12:00:49Z',
      next_sync_at: '2026-03-03T12:00:00Z',
    });
    expect((await sync(acme)).status).toBe(200);
    const after = (await acme.get(`${BASE}/get-sync-data`)).body;
    const run = sandbox.store.state.syncRuns.at(-1)!;
    expect(after.last_synced.lead).toBe(run.counts.lead.created + run.counts.lead.updated);
    expect(after.total_synced.lead).toBe(60 + run.counts.lead.created);
    expect(after.last_synced_date).toBe('2026-03-03T08:00:00Z');
  });

  it('says when the next scheduled sync is due: 12:00 or 24:00 UTC, none before the set-up is done', async () => {
    let now = new Date('2026-03-03T11:59:59Z');
    sandbox = testSandbox({ inMemory: true, now: () => now });
    acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const next = async () => (await acme.get(`${BASE}/get-sync-data`)).body.next_sync_at;
    expect(await next()).toBe('2026-03-03T12:00:00Z');
    now = new Date('2026-03-03T12:00:00Z');
    expect(await next()).toBe('2026-03-04T00:00:00Z');
    // (Within the access token's five minutes.)
    now = new Date('2026-03-03T12:04:00Z');
    expect(await next()).toBe('2026-03-04T00:00:00Z');
    // A company whose set-up is not complete has no scheduled sync.
    sandbox.store.transact((draft) => {
      const tenant = draft.tenants.find((row) => row.id === 1)!;
      tenant.aws = null;
    });
    expect(await next()).toBeNull();
  });

  it('refuses a second start while a sync runs', async () => {
    sandbox = testSandbox({ inMemory: true, syncDelayMs: 300 });
    acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const first = await acme.post(`${BASE}/data-mappings/sync-data/`, {
      tenant_sub_domain: 'acme',
    });
    const second = await acme.post(`${BASE}/data-mappings/sync-data/`, {
      tenant_sub_domain: 'acme',
    });
    expect(first.status).toBe(200);
    expect(second).toEqual({
      status: 400,
      body: { message: 'A sync is already in progress for this tenant. Try again later.' },
    });
    await sandbox.syncs.idle();
    expect(sandbox.store.state.syncRuns.at(-1)?.finished_at).not.toBeNull();
    expect((await sync(acme)).status).toBe(200);
  });

  it('needs the caller tenant subdomain and a known direction', async () => {
    const runs = sandbox.store.state.syncRuns.length;
    expect(
      await acme.post(`${BASE}/data-mappings/sync-data/`, { tenant_sub_domain: 'globex' }),
    ).toMatchObject({
      status: 400,
      body: { tenant_sub_domain: ['Unknown tenant "globex".'] },
    });
    expect(
      (
        await acme.post(`${BASE}/data-mappings/sync-data/?sync_type=sideways`, {
          tenant_sub_domain: 'acme',
        })
      ).status,
    ).toBe(400);
    // No run was queued.
    expect(sandbox.store.state.syncRuns).toHaveLength(runs);
  });

  it('runs only the direction asked for', async () => {
    await sync(acme, 'acme', '?sync_type=sync_data_from_aws_to_salesforce');
    const errors = (await acme.get(`${BASE}/data-mappings/sync-errors/`)).body.results;
    const fresh = errors.filter(
      (row: { created_at: string }) => !row.created_at.startsWith('2026-03-0'),
    );
    expect(fresh.length).toBeGreaterThan(0);
    expect(
      fresh.every((row: { sync_direction: string }) => row.sync_direction === 'aws_to_salesforce'),
    ).toBe(true);
  });
});

describe('sync errors, the log and overrides', () => {
  it('lists the seeded errors newest first and pages the log 20 at a time', async () => {
    const errors = await acme.get(`${BASE}/data-mappings/sync-errors/`);
    expect(errors.body.count).toBe(8);
    expect(errors.body.results[0].created_at >= errors.body.results[7].created_at).toBe(true);
    await sync(acme);
    const page1 = await acme.get(`${BASE}/data-mappings/sync-errors/logs/`);
    expect(page1.body.results).toHaveLength(20);
    expect(page1.body.count).toBeGreaterThan(40);
    expect(page1.body.next).toContain('page=2');
    const pages = Math.ceil(page1.body.count / 20);
    const lastPage = await acme.get(`${BASE}/data-mappings/sync-errors/logs/?page=${pages}`);
    expect(lastPage.body.results).toHaveLength(page1.body.count - 20 * (pages - 1));
    expect(lastPage.body.previous).not.toBeNull();
  });

  it('dismisses an error from the open list but keeps it in the log', async () => {
    const logs = (await acme.get(`${BASE}/data-mappings/sync-errors/logs/`)).body.count;
    expect((await acme.delete(`${BASE}/data-mappings/sync-errors/2`)).status).toBe(204);
    expect((await acme.get(`${BASE}/data-mappings/sync-errors/`)).body.count).toBe(7);
    expect((await acme.get(`${BASE}/data-mappings/sync-errors/logs/`)).body.count).toBe(logs);
    expect((await acme.delete(`${BASE}/data-mappings/sync-errors/2`)).status).toBe(404);
  });

  it('saves override values that fix an error on the next sync', async () => {
    // Umbrella Health's status 'Nurturing' has no ACE value: an override with a standard value fixes it.
    const umbrella = '00Q5g00000ABCDeEAF';
    const saved = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { sync_error_id: 3, salesforce_id: umbrella, ace_id: 1, dummy_value: 'Research' },
    ]);
    expect(saved).toEqual({
      status: 200,
      body: { message: 'Dummy value saved. It will be used on the next sync.' },
    });
    const values = (await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data;
    expect(values).toContainEqual({
      sync_error_id: 3,
      salesforce_id: umbrella,
      aws_ace_attribute: 1,
      dummy_value: 'Research',
      status: 'pending',
      used_at: null,
    });
    await sync(acme);
    const open = (await acme.get(`${BASE}/data-mappings/sync-errors/?page-size=100`)).body.results;
    expect(open.some((row: { salesforce_id: string }) => row.salesforce_id === umbrella)).toBe(
      false,
    );
    // Initech had no override: still failing, with ACE's message.
    expect(
      open.find((row: { salesforce_id: string }) => row.salesforce_id === '0065g00000XyZ34AAB')
        ?.error_type_description,
    ).toContain('INVALID_ENUM_VALUE');
  });

  it('replaces the saved values of the records named, and validates them', async () => {
    await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44, dummy_value: '25000' },
    ]);
    const data = (await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data;
    expect(data.filter((row: { sync_error_id: number }) => row.sync_error_id === 1)).toEqual([
      {
        sync_error_id: 1,
        salesforce_id: '0065g00000XyZ12AAB',
        aws_ace_attribute: 44,
        dummy_value: '25000',
        status: 'pending',
        used_at: null,
      },
    ]);
    // Error 7's seeded value stays: only the values of the records named are replaced.
    expect(data).toHaveLength(2);
    expect(data).toContainEqual(
      expect.objectContaining({ sync_error_id: 7, aws_ace_attribute: 45 }),
    );
    const bad = (item: object) => acme.post(`${BASE}/update-dummy-value-for-error/`, [item]);
    expect(
      (await bad({ sync_error_id: 999, salesforce_id: 'x', ace_id: 44, dummy_value: '1' })).body,
    ).toHaveProperty('sync_error_id');
    expect(
      (
        await bad({
          sync_error_id: 1,
          salesforce_id: '0065g00000XyZ12AAB',
          ace_id: 187,
          dummy_value: '1',
        })
      ).body,
    ).toHaveProperty('ace_id');
    expect(
      (
        await bad({
          sync_error_id: 1,
          salesforce_id: '0065g00000XyZ12AAB',
          ace_id: 1,
          dummy_value: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await bad({
          sync_error_id: 1,
          salesforce_id: '0065g00000XyZ99AAB',
          ace_id: 44,
          dummy_value: '1',
        })
      ).body,
    ).toHaveProperty('salesforce_id');
    // Attribute 44 is a Double: the contract's OverrideDoubleValue (an exponent is a number too).
    const revenue = { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44 };
    expect((await bad({ ...revenue, dummy_value: '25,000' })).body).toEqual({
      dummy_value: ['Item 1: 25,000 is not a valid Double value.'],
    });
    expect((await acme.post(`${BASE}/update-dummy-value-for-error/`, [])).status).toBe(400);
    expect((await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data).toEqual(data);
    expect((await bad({ ...revenue, dummy_value: '2.5e4' })).status).toBe(200);
  });
});

describe('the format of an override value (OverrideWrite x-override-value-formats)', () => {
  // Globex Retail's revenue override (44) fixes its error; 51 is doesOppBelongToNatSec, a Boolean.
  const globexRetail = { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB' };
  const natSec = (dummy_value: string) => ({ ...globexRetail, ace_id: 51, dummy_value });

  const umbrella = { sync_error_id: 3, salesforce_id: '00Q5g00000ABCDeEAF' };

  it.each([
    ['Yes', 51, 'Boolean', 'use True or False.'],
    ['true', 51, 'Boolean', 'use True or False.'],
    ['2026-02-30', 45, 'Date', 'use a day that exists, written YYYY-MM-DD.'],
    ['Maybe Later', 46, 'Picklist', 'use one of the standard values of stage.'],
  ])(
    'refuses %j for attribute %i (a %s) when it is saved, with a 400 on dummy_value',
    async (value, id, type, how) => {
      expect(sandbox.store.state.attributes.find((row) => row.id === id)?.data_type).toBe(type);
      const before = sandbox.store.state.overrides;
      const refused = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
        { ...globexRetail, ace_id: id, dummy_value: value },
      ]);
      expect(refused).toEqual({
        status: 400,
        body: { dummy_value: [`Item 1: ${value} is not a valid ${type} value: ${how}`] },
      });
      expect(sandbox.store.state.overrides).toBe(before);
    },
  );

  it('refuses an e-mail address of the wrong form when it is saved', async () => {
    // Attribute 9 is the lead's email.
    const refused = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { ...umbrella, ace_id: 9, dummy_value: 'someone@example' },
    ]);
    expect(refused).toEqual({
      status: 400,
      body: { dummy_value: ['Item 1: someone@example is not a valid Email value.'] },
    });
  });

  it('saves True for a Boolean, and the next sync sends it without an error', async () => {
    const saved = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { ...globexRetail, ace_id: 44, dummy_value: '10000' },
      natSec('True'),
    ]);
    expect(saved.status).toBe(200);
    await sync(acme);
    const open = (await acme.get(`${BASE}/data-mappings/sync-errors/?page-size=100`)).body.results;
    expect(
      open.filter((row: { salesforce_id: string }) => row.salesforce_id === '0065g00000XyZ12AAB'),
    ).toEqual([]);
    const held = sandbox.store.state.ace['1']?.find(
      (record) => record.salesforceId === '0065g00000XyZ12AAB',
    );
    expect(held?.values.doesOppBelongToNatSec).toBe('True');
  });
});

describe('overrides the contract refuses (OverrideWrite x-override-refused)', () => {
  const cyberdyne = { sync_error_id: 8, salesforce_id: '0065g00000XyZ91AAB', dummy_value: 'x' };
  const revenue = {
    sync_error_id: 1,
    salesforce_id: '0065g00000XyZ12AAB',
    ace_id: 44,
    dummy_value: '25000',
  };

  it.each([
    [25, 'partnerCrmUniqueIdentifier is an identifier the backend fills itself and'],
    [26, 'apnCrmUniqueIdentifier is an identifier the backend fills itself and'],
    [28, 'Customer.Account.WebsiteUrl is a field of a related record and'],
    [38, 'Customer.Contact.Email is a field of a related record and'],
    [47, 'status is Read Only: ACE only sends it, so it'],
  ])('answers 400 on ace_id to an override of attribute %i, and saves nothing', async (id, why) => {
    const before = (await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data;
    const refused = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      revenue,
      { ...cyberdyne, ace_id: id },
    ]);
    expect(refused).toEqual({
      status: 400,
      body: { ace_id: [`Item 2: ${why} takes no override.`] },
    });
    expect((await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data).toEqual(before);
  });

  it('accepts an override the errors table can create on the same record', async () => {
    const saved = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { ...cyberdyne, ace_id: 45, dummy_value: '2026-06-30' },
    ]);
    expect(saved.status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('Globex sees its own errors and cannot touch Acme ids', async () => {
    const globex = await signIn(sandbox.app, 'ops@globex.example');
    const own = (await globex.get(`${BASE}/data-mappings/sync-errors/`)).body;
    expect(own.count).toBeGreaterThan(0);
    expect(
      own.results.every((row: { entity_url: string | null }) => !row.entity_url?.includes('acme')),
    ).toBe(true);
    expect((await globex.delete(`${BASE}/data-mappings/sync-errors/1`)).status).toBe(404);
    expect(
      (await globex.patch(`${BASE}/data-mappings/sync-settings/11/`, { field_value: 'Launched' }))
        .status,
    ).toBe(404);
    expect((await globex.delete(`${BASE}/data-mappings/sync-settings/11/`)).status).toBe(404);
    expect(
      (await globex.get(`${BASE}/data-mappings/sync-settings?entity_type=Opportunity`)).body,
    ).toEqual([]);
    expect((await globex.get(`${BASE}/get-dummy-value-for-error/`)).body).toEqual({ data: [] });
    const stolen = await globex.post(`${BASE}/update-dummy-value-for-error/`, [
      { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 44, dummy_value: '1' },
    ]);
    expect(stolen.status).toBe(400);
    expect(
      (await globex.post(`${BASE}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' })).status,
    ).toBe(400);
    expect((await acme.get(`${BASE}/data-mappings/sync-errors/`)).body.count).toBe(8);
  });
});

describe('the second day: values follow their records across syncs', () => {
  const INITECH = '0065g00000XyZ34AAB';
  const UMBRELLA = '00Q5g00000ABCDeEAF';
  type Override = Schemas['Override'];
  type Stats = Schemas['SyncStats'];
  type Run = Schemas['SyncRun'];
  const entities = ['lead', 'opportunity'] as const;

  it('Dana syncs, saves a value on a new error, syncs again: it is pending, then used, and Total Synced moves by exactly what the runs created', async () => {
    let clock = new Date('2026-03-03T09:00:00Z');
    sandbox = testSandbox({ inMemory: true, syncDelayMs: 0, now: () => clock });
    acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    const stats = async () => (await acme.get(`${BASE}/get-sync-data`)).body as Stats;
    const values = async () =>
      (await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data as Override[];
    const open = async () =>
      (await acme.get(`${BASE}/data-mappings/sync-errors/?page-size=1000`)).body
        .results as (Schemas['SyncError'] & { id: number })[];
    const run = async (id: number) => (await acme.get(`${BASE}/sync-runs/${id}/`)).body as Run;
    /** Every pending value names an open error of its own record. */
    const pendingOnOpenErrors = async () => {
      const errors = await open();
      for (const value of (await values()).filter((row) => row.status === 'pending'))
        expect(
          errors.some(
            (error) =>
              error.id === value.sync_error_id && error.salesforce_id === value.salesforce_id,
          ),
        ).toBe(true);
    };
    const seeded = await stats();

    // The first sync of the day: the seeded values fix their records, which reach ACE.
    const first = await run((await sync(acme)).body.run.id);
    const afterFirst = await stats();
    for (const entity of entities)
      expect(afterFirst.total_synced[entity]).toBe(
        seeded.total_synced[entity] + first.counts[entity].created,
      );
    const listed = await values();
    expect(listed.map((row) => [row.sync_error_id, row.status, row.used_at])).toEqual([
      [1, 'used', '2026-03-03T09:00:00Z'],
      [7, 'used', '2026-03-03T09:00:00Z'],
    ]);
    await pendingOnOpenErrors();

    // A new error of that sync: Initech's stage. Dana saves a value on it (the app sends the
    // records she changed, not the values it listed).
    const initech = (await open()).find((error) => error.salesforce_id === INITECH)!;
    expect(initech.id).toBeGreaterThan(8);
    const saved = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { sync_error_id: initech.id, salesforce_id: INITECH, ace_id: 46, dummy_value: 'Qualified' },
    ]);
    expect(saved).toEqual({
      status: 200,
      body: { message: 'Dummy value saved. It will be used on the next sync.' },
    });
    // A page loaded before the sync still names Umbrella's seeded error 3, which the sync
    // replaced: saved for the record's open error, not refused ("sync error 3 does not exist").
    const umbrella = await acme.post(`${BASE}/update-dummy-value-for-error/`, [
      { sync_error_id: 3, salesforce_id: UMBRELLA, ace_id: 1, dummy_value: 'Research' },
    ]);
    expect(umbrella.status).toBe(200);
    const waiting = await values();
    expect(waiting.find((row) => row.salesforce_id === INITECH)).toEqual({
      sync_error_id: initech.id,
      salesforce_id: INITECH,
      aws_ace_attribute: 46,
      dummy_value: 'Qualified',
      status: 'pending',
      used_at: null,
    });
    expect(waiting.find((row) => row.salesforce_id === UMBRELLA)?.status).toBe('pending');
    // The values saved earlier, of other records, are as they were.
    expect(waiting.filter((row) => row.status === 'used')).toEqual(listed);
    await pendingOnOpenErrors();

    // The second sync: both records reach ACE with their values.
    clock = new Date('2026-03-03T09:03:00Z');
    const second = await run((await sync(acme)).body.run.id);
    const afterSecond = await stats();
    const used = await values();
    expect(
      used.every((row) => row.status === 'used' && row.used_at === '2026-03-03T09:03:00Z'),
    ).toBe(true);
    expect(used.find((row) => row.salesforce_id === INITECH)?.sync_error_id).toBe(initech.id);
    const stillOpen = await open();
    expect(stillOpen.some((error) => [INITECH, UMBRELLA].includes(error.salesforce_id))).toBe(
      false,
    );
    await pendingOnOpenErrors();
    // Total Synced moved by exactly what each run created; Last Synced is the second run's.
    for (const entity of entities) {
      expect(afterSecond.total_synced[entity]).toBe(
        afterFirst.total_synced[entity] + second.counts[entity].created,
      );
      expect(afterSecond.last_synced[entity]).toBe(
        second.counts[entity].created + second.counts[entity].updated,
      );
      expect(afterSecond.last_unchanged?.[entity]).toBe(second.counts[entity].unchanged);
    }
    // Initech and Umbrella were not in ACE: the second run created them, and changed little else.
    expect(second.counts.opportunity.created + second.counts.lead.created).toBe(2);
    // The runs say how they ended, and their Failed is the errors they list.
    for (const ended of [first, second]) {
      const failed = ended.counts.lead.failed + ended.counts.opportunity.failed;
      expect(ended.state).toBe(failed > 0 ? 'completed_with_failures' : 'succeeded');
      const logged = await acme.get(
        `${BASE}/data-mappings/sync-errors/logs/?run=${ended.id}&page-size=1000`,
      );
      expect(
        new Set(
          (logged.body.results as { salesforce_id: string }[]).map((row) => row.salesforce_id),
        ).size,
      ).toBe(failed);
    }
  });

  it('drops the pending values of a record whose open errors are all dismissed, and its event shows them', async () => {
    const seededValue = { '0065g00000XyZ90AAB targetCloseDate': '2026-03-31' };
    expect((await acme.delete(`${BASE}/data-mappings/sync-errors/7`)).status).toBe(204);
    const listed = (await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data as Override[];
    expect(listed.map((row) => row.sync_error_id)).toEqual([1]);
    const { body } = await acme.get('/api/v1/activity/?area=sync&page-size=1');
    expect(body.results[0]).toMatchObject({
      action: 'sync.errors_dismissed',
      before: { open_errors: 8, pending_values: seededValue },
      after: { open_errors: 7, pending_values: {} },
    });
    // Dismissing by cause does the same.
    const dismissed = await acme.post(`${BASE}/data-mappings/sync-errors/dismiss/`, {
      error_ids: [1],
    });
    expect(dismissed.status).toBe(200);
    expect((await acme.get(`${BASE}/get-dummy-value-for-error/`)).body.data).toEqual([]);
    const event = (await acme.get('/api/v1/activity/?area=sync&page-size=1')).body.results[0];
    expect(event.before.pending_values).toEqual({
      '0065g00000XyZ12AAB expectedMonthlyAwsRevenue': '10000',
    });
    expect(event.after.pending_values).toEqual({});
  });
});
