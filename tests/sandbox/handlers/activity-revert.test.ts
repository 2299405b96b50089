// @vitest-environment node
/**
 * Reverting a change from the activity log: each revertible area is put back as its event's
 * `before` says and the revert is an event of its own naming the one it reverts; a later change
 * of the same target is named (409) until confirmed; a filter deleted since is named; what
 * cannot be reverted says so; only the tenant's super admins revert. Also the `target` filter,
 * instants as bounds, the chain's head, and the changes a sync run names before it.
 */
import { describe, expect, it } from 'vitest';

import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const SF = '/api/v1/salesforce';
const LOG = '/api/v1/activity/';
const FILTERS = `${SF}/data-mappings/sync-settings/`;

async function acme() {
  const sandbox = testSandbox({ inMemory: true });
  const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  return { ...sandbox, dana };
}

const FILTER = {
  attribute_id: 44,
  comparison_type: 'lesser_than',
  field_value: '900',
  entity_type: 'Opportunity',
  block: 3,
};

/** The newest event of the area (the change just made). */
async function newest(client: ApiClient, area: string) {
  const { body } = await client.get(`${LOG}?area=${area}&page-size=1`);
  return body.results[0] as { id: number; action: string; before: unknown; after: unknown };
}

const revert = (client: ApiClient, id: number, body: object = {}) =>
  client.post(`${LOG}${id}/revert/`, body);

describe('revertActivityEvent', () => {
  it('puts a sync filter back, as an event of its own naming the event it reverts', async () => {
    const { dana } = await acme();
    const { body: created } = await dana.post(FILTERS, FILTER);
    await dana.patch(`${FILTERS}${created.id}/`, { field_value: '950' });
    const changed = await newest(dana, 'sync_filter');
    expect(changed).toMatchObject({ action: 'sync_filter.changed', revertible: true });

    const answer = await revert(dana, changed.id);
    expect(answer.status).toBe(201);
    expect(answer.body.event).toMatchObject({
      action: 'sync_filter.reverted',
      reverts: changed.id,
      before: { value: '950' },
      after: { value: '900' },
      actor: { name: 'Dana Whitfield' },
    });
    const filters = (await dana.get(`${SF}/data-mappings/sync-settings?entity_type=Opportunity`))
      .body as { id: number; field_value: string }[];
    expect(filters.find((row) => row.id === created.id)?.field_value).toBe('900');
    expect(await newest(dana, 'sync_filter')).toMatchObject({ action: 'sync_filter.reverted' });
    expect((await dana.get(`${LOG}verify/`)).body.ok).toBe(true);
  });

  it('deletes a filter whose creation it reverts, and creates again one whose deletion it reverts', async () => {
    const { dana } = await acme();
    const { body: created } = await dana.post(FILTERS, FILTER);
    const creation = await newest(dana, 'sync_filter');
    await dana.delete(`${FILTERS}${created.id}/`);
    const deletion = await newest(dana, 'sync_filter');

    // The creation's revert would overwrite the deletion: it names it first.
    const refused = await revert(dana, creation.id);
    expect(refused.status).toBe(409);
    expect(refused.body.later.map((row: { id: number }) => row.id)).toEqual([deletion.id]);

    const back = await revert(dana, deletion.id);
    expect(back.status).toBe(201);
    const list = (await dana.get(`${SF}/data-mappings/sync-settings?entity_type=Opportunity`))
      .body as { id: number; field_value: string; block: number }[];
    const again = list.find((row) => row.field_value === '900' && row.block === 3);
    expect(again).toBeDefined();
    expect(back.body.event.target.id).toBe(String(again?.id));
  });

  it('names the deletion when the filter an update changed is gone', async () => {
    const { dana } = await acme();
    const { body: created } = await dana.post(FILTERS, FILTER);
    await dana.patch(`${FILTERS}${created.id}/`, { field_value: '950' });
    const changed = await newest(dana, 'sync_filter');
    await dana.delete(`${FILTERS}${created.id}/`);
    const answer = await revert(dana, changed.id, { confirm: true });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ deleted: true });
    expect(answer.body.later[0].action).toBe('sync_filter.deleted');
  });

  it('asks before overwriting a later change, then overwrites what the caller confirmed', async () => {
    const { dana } = await acme();
    const { body: created } = await dana.post(FILTERS, FILTER);
    await dana.patch(`${FILTERS}${created.id}/`, { field_value: '950' });
    const first = await newest(dana, 'sync_filter');
    // A later change, even by the same admin, is named before it is overwritten.
    await dana.patch(`${FILTERS}${created.id}/`, { field_value: '1000' });
    const later = await newest(dana, 'sync_filter');

    const before = (await dana.get(`${LOG}?page-size=1000`)).body.count;
    const refused = await revert(dana, first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.later[0]).toMatchObject({
      id: later.id,
      actor: { name: 'Dana Whitfield' },
      after: { value: '1000' },
    });
    // Nothing changed and nothing was recorded.
    expect((await dana.get(`${LOG}?page-size=1000`)).body.count).toBe(before);

    // Confirming an older event than the newest later one is not enough.
    expect((await revert(dana, first.id, { confirm: first.id })).status).toBe(409);
    const confirmed = await revert(dana, first.id, { confirm: later.id });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.event.after).toMatchObject({ value: '900' });
  });

  it('puts a mapping back (its picklist value rows included)', async () => {
    const { dana } = await acme();
    await dana.patch(`${SF}/data-mappings/10/`, {
      salesforce_picklist_value: 'Id. Decision Makers',
    });
    const changed = await newest(dana, 'mapping');
    const answer = await revert(dana, changed.id);
    expect(answer.status).toBe(201);
    expect(answer.body.event).toMatchObject({ action: 'mapping.reverted', reverts: changed.id });
    expect(answer.body.event.after).toEqual(changed.before);
    const rows = (await dana.get(`${SF}/data-mappings/?page-size=1000`)).body.results as {
      aws_ace_attribute: number;
      aws_ace_picklist_value: string | null;
      salesforce_picklist_value: string;
    }[];
    const qualified = rows.find(
      (row) => row.aws_ace_attribute === 46 && row.aws_ace_picklist_value === 'Qualified',
    );
    expect(qualified?.salesforce_picklist_value).toBe('Needs Analysis');
  });

  it('puts a fixed (dummy) value back', async () => {
    const { dana } = await acme();
    const rows = (await dana.get(`${SF}/data-mappings/?page-size=1000`)).body.results as {
      id: number;
      is_dummy_value: boolean;
      dummy_value_description: string;
    }[];
    const fixed = rows.find((row) => row.is_dummy_value);
    if (!fixed) throw new Error('the seed has a fixed value');
    await dana.patch(`${SF}/data-mappings/${fixed.id}/`, {
      dummy_value_description: 'https://changed.example',
    });
    const changed = await newest(dana, 'mapping');
    const answer = await revert(dana, changed.id);
    expect(answer.status).toBe(201);
    const after = (await dana.get(`${SF}/data-mappings/?page-size=1000`)).body.results as {
      dummy_value_description: string | null;
    }[];
    const values = after.map((row) => row.dummy_value_description);
    expect(values).toContain(fixed.dummy_value_description);
    expect(values).not.toContain('https://changed.example');
  });

  it('puts the values for the next sync back', async () => {
    const { dana } = await acme();
    const saved = (await dana.get(`${SF}/get-dummy-value-for-error/`)).body.data;
    await dana.post(`${SF}/update-dummy-value-for-error/`, [
      { sync_error_id: 3, salesforce_id: '00Q5g00000ABCDeEAF', ace_id: 1, dummy_value: 'Research' },
    ]);
    const changed = await newest(dana, 'override');
    const answer = await revert(dana, changed.id);
    expect(answer.status).toBe(201);
    expect(answer.body.event.action).toBe('override.reverted');
    expect((await dana.get(`${SF}/get-dummy-value-for-error/`)).body.data).toEqual(saved);
  });

  it('puts a rule back', async () => {
    const { dana, store } = await acme();
    await dana.post(`${SF}/update-create-on-sf-settings`, { type: 'opportunity', value: true });
    const changed = await newest(dana, 'rule');
    expect((await revert(dana, changed.id)).status).toBe(201);
    expect(
      store.state.tenants.find((row) => row.id === 1)?.is_opportunity_create_allowed_in_sf,
    ).toBe(false);
    // A revert is revertible too: undoing it puts the change back.
    const reverted = await newest(dana, 'rule');
    expect(reverted).toMatchObject({ action: 'rule.reverted', revertible: true });
    expect((await revert(dana, reverted.id)).status).toBe(201);
    expect(
      store.state.tenants.find((row) => row.id === 1)?.is_opportunity_create_allowed_in_sf,
    ).toBe(true);
  });

  it('refuses what cannot be reverted, saying so, and lists it as not revertible', async () => {
    const { dana } = await acme();
    const signIn = await newest(dana, 'sign_in');
    expect(signIn).toMatchObject({ revertible: false });
    const answer = await revert(dana, signIn.id);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('A sign-in cannot be reverted.');
  });

  it('lets no user and no other tenant revert', async () => {
    const { dana, app, store } = await acme();
    await dana.post(`${SF}/update-create-on-sf-settings`, { type: 'opportunity', value: true });
    const changed = await newest(dana, 'rule');
    const count = store.state.activity.length;
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    const globex = await signIn(app, 'ops@globex.example');
    const asUser = await revert(marcus, changed.id);
    expect(asUser.status).toBe(400);
    expect(asUser.body.error).toBe('Only a super admin can revert a change.');
    expect((await revert(globex, changed.id)).status).toBe(404);
    // Two sign-ins, no revert.
    expect(store.state.activity.length).toBe(count + 2);
    expect(
      store.state.tenants.find((row) => row.id === 1)?.is_opportunity_create_allowed_in_sf,
    ).toBe(true);
  });
});

describe('listActivity for "Last changed by" and runs', () => {
  it('filters by target, and takes instants as bounds', async () => {
    const { dana } = await acme();
    const { body: created } = await dana.post(FILTERS, FILTER);
    await dana.post(FILTERS, { ...FILTER, block: 4 });
    const own = (await dana.get(`${LOG}?area=sync_filter&target=${created.id}`)).body;
    expect(own.count).toBe(1);
    expect(own.results[0].target.id).toBe(String(created.id));

    const at = Date.parse(own.results[0].at);
    const window = (from: number, to: number) =>
      `${LOG}?area=sync_filter&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    expect((await dana.get(window(at, at + 60_000))).body.count).toBe(2);
    // `to` as an instant excludes it.
    expect((await dana.get(window(at - 60_000, at))).body.count).toBe(0);
  });

  it('reports the head, and a head noted earlier that the chain no longer holds', async () => {
    const { dana, store } = await acme();
    const first = (await dana.get(`${LOG}verify/`)).body;
    expect(first.head.count).toBeGreaterThan(0);
    expect(first.head.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await dana.get(`${LOG}verify/?noted=${first.head.hash}`)).body).toMatchObject({
      ok: true,
      noted_found: true,
    });
    // The newest events cut from the end: the chain still holds, the noted head does not.
    const own = store.state.activity.filter((row) => row.tenantId === 1);
    const cut = new Set(own.slice(-2).map((row) => row.id));
    store.state.activity = store.state.activity.filter((row) => !cut.has(row.id));
    const later = (await dana.get(`${LOG}verify/?noted=${first.head.hash}`)).body;
    expect(later).toMatchObject({ ok: false, noted_found: false, broken_at: null });
  });

  it('names, on each run, the changes made since the run before it', async () => {
    // A minute between each step, as between an admin's changes and the runs.
    let clock = Date.now();
    const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0, now: () => new Date(clock) });
    const tick = () => (clock += 60_000);
    const { syncs } = sandbox;
    const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
    await dana.post(`${SF}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' });
    await syncs.idle();
    tick();
    await dana.post(FILTERS, FILTER);
    tick();
    await dana.post(`${SF}/update-create-on-sf-settings`, { type: 'opportunity', value: true });
    tick();
    await dana.post(`${SF}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' });
    await syncs.idle();
    const runs = await dana.get(`${SF}/sync-runs/`);
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    const [run, previous] = runs.body.results;
    expect(run.changes_before.count).toBe(2);
    expect(run.changes_before.from).toBeTruthy();
    expect(run.changes_before.events.map((row: { action: string }) => row.action)).toEqual([
      'rule.changed',
      'sync_filter.created',
    ]);
    // The run before ends where this one's changes begin: none of them is counted there too.
    const ids = (events: { id: number }[]) => events.map((row) => row.id);
    const mine = ids(run.changes_before.events);
    expect(ids(previous.changes_before.events).filter((id) => mine.includes(id))).toEqual([]);
    // The seed's runs are past the 30 days here: the newest of them stays as the run before the
    // first one, so its changes still count from there.
    expect(previous.changes_before.from).toBe('2026-03-02T12:00:00Z');
  });
});
