// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';

import { ComparisonType } from '../../../generated/api/model/comparisonType';
import { DataType } from '../../../generated/api/model/dataType';
import { FILTER_COMPARISONS } from '../../../generated/rules/index';
import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const SYNC_FILTERS = '/api/v1/salesforce/data-mappings/sync-settings';
let acme: ApiClient;

beforeEach(async () => {
  const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
  acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
});

describe('sync filters', () => {
  it('lists the filters of one entity with the attribute, data type and choices', async () => {
    const opportunity = await acme.get(`${SYNC_FILTERS}?entity_type=Opportunity`);
    expect(opportunity.body.map((row: { id: number }) => row.id).sort()).toEqual([11, 12, 13]);
    expect(opportunity.body.find((row: { id: number }) => row.id === 11)).toMatchObject({
      attribute: { id: 46, name: 'stage', type: 'Opportunity', data_type: 'Picklist' },
      tenant: 1,
      data_type: 'Picklist',
      choices: expect.objectContaining({ Committed: 'Committed' }),
    });
    expect((await acme.get(`${SYNC_FILTERS}?entity_type=Lead`)).body).toHaveLength(1);
    expect((await acme.get(`${SYNC_FILTERS}?entity_type=Account`)).body).toEqual({
      entity_type: ['"Account" is not a valid choice.'],
    });
  });

  it('creates, updates and deletes a condition, and it sticks', async () => {
    const created = await acme.post(`${SYNC_FILTERS}/`, {
      attribute_id: 44,
      comparison_type: 'lesser_than',
      field_value: '900',
      entity_type: 'Opportunity',
      block: 3,
      data_type: 'Double',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      attribute: { id: 44, name: 'expectedMonthlyAwsRevenue' },
      block: 3,
      sync_type: 'or',
      choices: null,
    });
    const id = created.body.id;
    const updated = await acme.patch(`${SYNC_FILTERS}/${id}/`, {
      ...created.body,
      attribute_id: 44,
      field_value: '1200',
    });
    expect(updated.body).toMatchObject({ id, field_value: '1200' });
    expect(
      (await acme.get(`${SYNC_FILTERS}?entity_type=Opportunity`)).body.find(
        (row: { id: number }) => row.id === id,
      ).field_value,
    ).toBe('1200');
    expect((await acme.delete(`${SYNC_FILTERS}/${id}/`)).status).toBe(204);
    expect((await acme.get(`${SYNC_FILTERS}?entity_type=Opportunity`)).body).toHaveLength(3);
    expect((await acme.delete(`${SYNC_FILTERS}/${id}/`)).status).toBe(404);
  });

  it('refuses conditions that do not fit the attribute, with the contract field errors', async () => {
    const post = (body: object) =>
      acme.post(`${SYNC_FILTERS}/`, { entity_type: 'Opportunity', block: 1, ...body });
    expect(
      (await post({ attribute_id: 44, comparison_type: 'greater_than', field_value: 'lots' })).body,
    ).toEqual({
      field_value: ['A valid number is required.'],
    });
    expect(
      (await post({ attribute_id: 999, comparison_type: 'equal_to', field_value: 'x' })).body,
    ).toHaveProperty('attribute_id');
    expect(
      (await post({ attribute_id: 157, comparison_type: 'equal_to', field_value: '1' })).body,
    ).toHaveProperty('attribute_id');
    expect(
      (await post({ attribute_id: 46, comparison_type: 'greater_than', field_value: 'Committed' }))
        .body,
    ).toHaveProperty('comparison_type');
    expect(
      (await post({ attribute_id: 46, comparison_type: 'equal_to', field_value: 'Won' })).body,
    ).toHaveProperty('field_value');
    expect(
      (await post({ attribute_id: 45, comparison_type: 'greater_than', field_value: '03/31/2026' }))
        .status,
    ).toBe(400);
    expect(
      (await post({ attribute_id: 1, comparison_type: 'equal_to', field_value: 'Open' })).body,
    ).toHaveProperty('attribute_id');
    expect((await post({ attribute_id: 46, comparison_type: 'equal_to' })).body).toEqual({
      field_value: ['This field is required.'],
    });
    expect((await acme.patch(`${SYNC_FILTERS}/11/`, { comparison_type: 'contains' })).status).toBe(
      400,
    );
    expect((await acme.get(`${SYNC_FILTERS}?entity_type=Opportunity`)).body).toHaveLength(3);
  });

  it("takes a value in the contract's format for the data type: a whole number for an Int", async () => {
    // leadAge (23) is an Int attribute of leads, targetCloseDate (45) a Date of opportunities.
    const post = (attribute_id: number, entity_type: string, field_value: string) =>
      acme.post(`${SYNC_FILTERS}/`, {
        attribute_id,
        entity_type,
        comparison_type: 'greater_than',
        field_value,
        block: 1,
      });
    for (const decimal of ['2.5', '3.0', '1e3'])
      expect((await post(23, 'Lead', decimal)).body).toEqual({
        field_value: ['A valid integer is required.'],
      });
    expect((await post(23, 'Lead', '+30')).status).toBe(201);
    expect((await post(44, 'Opportunity', '1e3')).body).toEqual({
      field_value: ['A valid number is required.'],
    });
    expect((await post(44, 'Opportunity', '-.5')).status).toBe(201);
    expect((await post(45, 'Opportunity', '2026-02-30')).body).toEqual({
      field_value: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    expect((await post(45, 'Opportunity', '2028-02-29')).status).toBe(201);
  });

  it("accepts exactly the contract's comparisons for each data type", async () => {
    // One ACE attribute of each data type, with a value that fits it.
    const attributes = (await acme.get('/api/v1/salesforce/aws/attributes/?page-size=1000')).body
      .results as { id: number; type: string; data_type: DataType; choices: object | null }[];
    const sample: Record<DataType, string> = {
      Boolean: 'true',
      Date: '2026-01-01',
      Picklist: '',
      Email: 'a@b.example',
      Textarea: 'x',
      String: 'x',
      Double: '1',
      Int: '1',
    };
    for (const dataType of Object.values(DataType)) {
      const attribute = attributes.find((row) => row.data_type === dataType);
      if (!attribute) throw new Error(`The seed has no ACE attribute of type ${dataType}.`);
      for (const comparison of Object.values(ComparisonType)) {
        const created = await acme.post(`${SYNC_FILTERS}/`, {
          attribute_id: attribute.id,
          entity_type: attribute.type,
          comparison_type: comparison,
          field_value: sample[dataType] || Object.keys(attribute.choices ?? {})[0],
          block: 1,
        });
        const allowed = (FILTER_COMPARISONS[dataType] as readonly string[]).includes(comparison);
        expect([dataType, comparison, created.status]).toEqual([
          dataType,
          comparison,
          allowed ? 201 : 400,
        ]);
        if (!allowed) expect(created.body).toHaveProperty('comparison_type');
      }
    }
  });
});
