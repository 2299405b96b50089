// @vitest-environment node
/**
 * importMappings: a mappings file in one request, made with the single-field writes' rules, kept
 * all or not at all, recorded as one `mapping.imported` event naming the fields it changed; only
 * a super admin imports, and only into their own tenant. Acme as seeded: ACE field 10 Lead
 * website (unmapped; Salesforce field 111 Website), 46 Opportunity stage (mapping 8 to StageName
 * 159, with seven value rows), 40 partnerProjectTitle (mapping 1, to Name 147).
 */
import { describe, expect, it } from 'vitest';

import type { MappingRow } from '../store/state';
import { signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const SF = '/api/v1/salesforce';
const IMPORT = `${SF}/data-mappings/import/`;

async function acme() {
  const sandbox = testSandbox({ inMemory: true });
  const dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  return { ...sandbox, dana };
}

const WEBSITE = {
  aws_ace_attribute: 10,
  field: { aws_ace_attribute: 10, salesforce_attribute: 111, is_receive_update: false },
  values: [],
};

/** Stage kept on StageName; Prospect now from Prospecting alone, Qualified as it is, the rest gone. */
const STAGE = {
  aws_ace_attribute: 46,
  field: { aws_ace_attribute: 46, salesforce_attribute: 159, is_picklist: true },
  values: [
    {
      aws_ace_attribute: 46,
      salesforce_attribute: 159,
      is_picklist: true,
      aws_ace_picklist_value: 'Prospect',
      salesforce_picklist_value: 'Prospecting',
    },
    {
      aws_ace_attribute: 46,
      salesforce_attribute: 159,
      is_picklist: true,
      aws_ace_picklist_value: 'Qualified',
      salesforce_picklist_value: 'Needs Analysis',
    },
  ],
};

/** A Lead Salesforce field for an opportunity field: the rule single writes refuse too. */
const POSTAL_CODE_FROM_A_LEAD_FIELD = {
  aws_ace_attribute: 33,
  field: { aws_ace_attribute: 33, salesforce_attribute: 111 },
  values: [],
};

/** The first event of a page of the log. */
const newestOf = (page: { body: { results: { id: number }[] } }) =>
  page.body.results[0] as { id: number };

const rowsOf = (rows: readonly MappingRow[], tenant: number, aceId: number) =>
  rows.filter((row) => row.tenant === tenant && row.aws_ace_attribute === aceId);

describe('importMappings', () => {
  it('makes each listed field as the file says, and records one event with what changed', async () => {
    const { dana, store } = await acme();
    const events = store.state.activity.length;
    const answer = await dana.post(IMPORT, { fields: [WEBSITE, STAGE] });
    expect(answer.status).toBe(200);
    // Website created; Prospect updated, Qualified unchanged, five value rows deleted.
    expect(answer.body).toEqual({ created: 1, updated: 1, deleted: 5 });

    const website = rowsOf(store.state.mappings, 1, 10);
    expect(website).toMatchObject([{ salesforce_attribute: { id: 111, name: 'Website' } }]);
    const stage = rowsOf(store.state.mappings, 1, 46);
    expect(stage.map((row) => [row.aws_ace_picklist_value, row.salesforce_picklist_value])).toEqual(
      [
        [null, ''],
        ['Prospect', 'Prospecting'],
        ['Qualified', 'Needs Analysis'],
      ],
    );
    expect(stage[1]?.picklist_mapping).toBe(stage[0]?.id);

    expect(store.state.activity.length).toBe(events + 1);
    const { body } = await dana.get('/api/v1/activity/?area=mapping&page-size=1');
    const event = body.results[0];
    expect(event).toMatchObject({
      action: 'mapping.imported',
      target: { kind: 'ace_attribute', id: null, label: 'Mappings import' },
      actor: { name: 'Dana Whitfield' },
      revertible: false,
      before: { 'Lead website': null },
      after: { 'Lead website': [{ salesforce_attribute: 'Website', is_receive_update: false }] },
    });
    expect(Object.keys(event.after).sort()).toEqual(['Lead website', 'Opportunity stage']);
    expect(event.after['Opportunity stage']).toHaveLength(3);
    expect(event.before['Opportunity stage']).toHaveLength(8);
  });

  it('shows only the fields it changed, and unmaps a field given as null', async () => {
    const { dana, store } = await acme();
    const same = {
      aws_ace_attribute: 40,
      field: { aws_ace_attribute: 40, salesforce_attribute: 147, is_receive_update: true },
      values: [],
    };
    const unmapped = { aws_ace_attribute: 46, field: null, values: [] };
    const answer = await dana.post(IMPORT, { fields: [same, unmapped] });
    expect(answer.body).toEqual({ created: 0, updated: 0, deleted: 8 });
    expect(rowsOf(store.state.mappings, 1, 46)).toEqual([]);
    expect(rowsOf(store.state.mappings, 1, 40)).toHaveLength(1);
    const event = store.state.activity.at(-1);
    expect(event?.after).toEqual({ 'Opportunity stage': null });
    expect(Object.keys(event?.before as object)).toEqual(['Opportunity stage']);
  });

  it('keeps nothing when a row is refused, and names the row by its place in the body', async () => {
    const { dana, store } = await acme();
    const mappings = JSON.stringify(store.state.mappings);
    const events = store.state.activity.length;
    const answer = await dana.post(IMPORT, {
      fields: [WEBSITE, STAGE, POSTAL_CODE_FROM_A_LEAD_FIELD],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      'fields.2.field.salesforce_attribute': [
        'A Opportunity attribute maps to a Opportunity field.',
      ],
    });
    expect(JSON.stringify(store.state.mappings)).toBe(mappings);
    expect(store.state.activity.length).toBe(events);

    const badValue = await dana.post(IMPORT, {
      fields: [
        {
          ...STAGE,
          values: [{ ...STAGE.values[0], aws_ace_picklist_value: 'Nope' }],
        },
      ],
    });
    expect(badValue.body).toEqual({
      'fields.0.values.0.aws_ace_picklist_value': ['"Nope" is not a value of stage.'],
    });
    expect(JSON.stringify(store.state.mappings)).toBe(mappings);
  });

  it('cannot be reverted, and a revert of a field it changed since names it first', async () => {
    const { dana } = await acme();
    await dana.patch(`${SF}/data-mappings/10/`, { salesforce_picklist_value: 'Needs Analysis' });
    const changed = (await dana.get('/api/v1/activity/?area=mapping&page-size=1')).body.results[0];
    expect(changed).toMatchObject({ action: 'mapping.changed', target: { label: 'stage' } });
    await dana.post(IMPORT, { fields: [WEBSITE, STAGE] });
    const imported = newestOf(await dana.get('/api/v1/activity/?area=mapping&page-size=1'));

    const refused = await dana.post(`/api/v1/activity/${imported.id}/revert/`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'AutoMatch and mapping imports change many fields at once and cannot be reverted.',
    );
    const conflict = await dana.post(`/api/v1/activity/${changed.id}/revert/`, {});
    expect(conflict.status).toBe(409);
    expect(conflict.body.later.map((row: { id: number }) => row.id)).toEqual([imported.id]);

    // An import that left stage as it was is no later change of it.
    const { dana: other } = await acme();
    await other.patch(`${SF}/data-mappings/10/`, { salesforce_picklist_value: 'Needs Analysis' });
    const first = newestOf(await other.get('/api/v1/activity/?area=mapping&page-size=1'));
    await other.post(IMPORT, { fields: [WEBSITE] });
    expect((await other.post(`/api/v1/activity/${first.id}/revert/`, {})).status).toBe(201);
  });

  it("lets no user import, nor another tenant touch Acme's mappings", async () => {
    const { app, store } = await acme();
    const mappings = JSON.stringify(rowsOf(store.state.mappings, 1, 40));
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    const asUser = await marcus.post(IMPORT, { fields: [WEBSITE] });
    expect(asUser.status).toBe(400);
    expect(asUser.body.error).toBe('Only a super admin can change the mappings.');
    expect(rowsOf(store.state.mappings, 1, 10)).toEqual([]);

    const globex = await signIn(app, 'ops@globex.example');
    const acmeEvents = store.state.activity.filter((row) => row.tenantId === 1).length;
    // Acme's Salesforce field is not Globex's to map.
    const foreign = await globex.post(IMPORT, { fields: [WEBSITE] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      'fields.0.field.salesforce_attribute': ['Invalid pk "111" - object does not exist.'],
    });
    // Unmapping partnerProjectTitle unmaps Globex's own, never Acme's.
    const own = await globex.post(IMPORT, {
      fields: [{ aws_ace_attribute: 40, field: null, values: [] }],
    });
    expect(own.body).toEqual({ created: 0, updated: 0, deleted: 1 });
    expect(rowsOf(store.state.mappings, 2, 40)).toEqual([]);
    expect(JSON.stringify(rowsOf(store.state.mappings, 1, 40))).toBe(mappings);
    expect(store.state.activity.filter((row) => row.tenantId === 1).length).toBe(acmeEvents);
    expect(store.state.activity.at(-1)).toMatchObject({ tenantId: 2, action: 'mapping.imported' });
  });
});
