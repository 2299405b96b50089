// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../server';
import { signIn, type ApiClient } from '../test-client';

const SETTINGS = '/api/v1/salesforce/data-mappings/sync-settings';
let acme: ApiClient;

beforeEach(async () => {
  const sandbox = createSandbox({ inMemory: true, syncDelayMs: 0 });
  acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
});

describe('sync filter settings', () => {
  it('lists the filters of one entity with the attribute, data type and choices', async () => {
    const opportunity = await acme.get(`${SETTINGS}?entity_type=Opportunity`);
    expect(opportunity.body.map((row: { id: number }) => row.id).sort()).toEqual([11, 12, 13]);
    expect(opportunity.body.find((row: { id: number }) => row.id === 11)).toMatchObject({
      attribute: { id: 46, name: 'stage', type: 'Opportunity', data_type: 'Picklist' },
      tenant: 1,
      data_type: 'Picklist',
      choices: expect.objectContaining({ Committed: 'Committed' }),
    });
    expect((await acme.get(`${SETTINGS}?entity_type=Lead`)).body).toHaveLength(1);
    expect((await acme.get(`${SETTINGS}?entity_type=Account`)).body).toEqual({
      entity_type: ['"Account" is not a valid choice.'],
    });
  });

  it('creates, updates and deletes a condition, and it sticks', async () => {
    const created = await acme.post(`${SETTINGS}/`, {
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
    const updated = await acme.patch(`${SETTINGS}/${id}/`, {
      ...created.body,
      attribute_id: 44,
      field_value: '1200',
    });
    expect(updated.body).toMatchObject({ id, field_value: '1200' });
    expect(
      (await acme.get(`${SETTINGS}?entity_type=Opportunity`)).body.find(
        (row: { id: number }) => row.id === id,
      ).field_value,
    ).toBe('1200');
    expect((await acme.delete(`${SETTINGS}/${id}/`)).status).toBe(204);
    expect((await acme.get(`${SETTINGS}?entity_type=Opportunity`)).body).toHaveLength(3);
    expect((await acme.delete(`${SETTINGS}/${id}/`)).status).toBe(404);
  });

  it('refuses conditions that do not fit the attribute, with the contract field errors', async () => {
    const post = (body: object) =>
      acme.post(`${SETTINGS}/`, { entity_type: 'Opportunity', block: 1, ...body });
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
    expect((await acme.patch(`${SETTINGS}/11/`, { comparison_type: 'contains' })).status).toBe(400);
    expect((await acme.get(`${SETTINGS}?entity_type=Opportunity`)).body).toHaveLength(3);
  });
});
