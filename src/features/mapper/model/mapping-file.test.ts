import { describe, expect, it } from 'vitest';

import { ace, choices, mapping, salesforce } from '../testing/fixtures';
import { importSummary } from './import-summary';
import { groupMappings, NO_MAPPINGS } from './mapping';
import { exportMappings, NOT_A_MAPPING_FILE, parseMappingFile, planImport } from './mapping-file';

const NAME = { id: 147, name: 'Name' };
const DESCRIPTION = { id: 164, name: 'Description' };
const PROBLEM = { id: 181, name: 'Customer_Business_Problem__c' };
const STAGE = { id: 159, name: 'StageName' };
const attributes = [
  ace(40, 'partnerProjectTitle'),
  ace(41, 'projectDescription'),
  ace(28, 'Customer.Account.WebsiteUrl'),
  ace(46, 'stage', { data_type: 'Picklist', choices: choices('Prospect', 'Qualified') }),
];
const aceById = new Map(attributes.map((attribute) => [attribute.id, attribute]));
const tenantMappings = groupMappings([
  mapping(1, 40, { salesforce_attribute: NAME, is_receive_update: true }),
  mapping(6, 41, { is_concatenated: true, concatenated_attributes: [DESCRIPTION, PROBLEM] }),
  mapping(7, 28, { is_dummy_value: true, dummy_value_description: 'https://acme.test' }),
  mapping(8, 46, { salesforce_attribute: STAGE, is_picklist: true }),
  mapping(9, 46, {
    salesforce_attribute: STAGE,
    is_picklist: true,
    aws_ace_picklist_value: 'Prospect',
    salesforce_picklist_value: 'Prospecting,Qualification',
    picklist_mapping: 8,
  }),
]);
const exported = exportMappings([...tenantMappings], aceById, new Date('2026-01-02T03:04:05Z'));

describe('export', () => {
  it('names every field, so the file survives new ids in another environment', () => {
    expect(exported.format).toBe('acebridge-mappings');
    expect(exported.exported_at).toBe('2026-01-02T03:04:05.000Z');
    expect(exported.mappings).toEqual([
      {
        ace_field: { name: 'partnerProjectTitle', type: 'Opportunity' },
        salesforce_fields: ['Name'],
        receive_updates: true,
      },
      {
        ace_field: { name: 'projectDescription', type: 'Opportunity' },
        salesforce_fields: ['Description', 'Customer_Business_Problem__c'],
        receive_updates: false,
      },
      {
        ace_field: { name: 'Customer.Account.WebsiteUrl', type: 'Opportunity' },
        salesforce_fields: [],
        dummy_value: 'https://acme.test',
        receive_updates: false,
      },
      {
        ace_field: { name: 'stage', type: 'Opportunity' },
        salesforce_fields: ['StageName'],
        receive_updates: false,
        values: [{ ace_value: 'Prospect', salesforce_values: ['Prospecting', 'Qualification'] }],
      },
    ]);
  });
});

describe('import', () => {
  // The production org: same names, other ids.
  const production = {
    Lead: [],
    Opportunity: [
      salesforce(2147, 'Name'),
      salesforce(2164, 'Description'),
      salesforce(2181, 'Customer_Business_Problem__c'),
      salesforce(2159, 'StageName', { data_type: 'Picklist' }),
    ],
  };

  it('reads back what export wrote and refuses anything else', () => {
    expect(parseMappingFile(JSON.stringify(exported))).toEqual(exported);
    expect(parseMappingFile('not json')).toEqual({ error: NOT_A_MAPPING_FILE });
    expect(parseMappingFile('{"format":"other"}')).toEqual({ error: NOT_A_MAPPING_FILE });
    expect(
      parseMappingFile(JSON.stringify({ ...exported, mappings: [{ ace_field: {} }] })),
    ).toEqual({ error: NOT_A_MAPPING_FILE });
  });

  it('rebuilds every mapping on the ids of the tenant it is applied to', () => {
    const plan = planImport(exported, attributes, production, () => NO_MAPPINGS);
    expect(plan.skipped).toEqual([]);
    const byName = new Map(plan.changes.map(({ attribute, next }) => [attribute.name, next]));
    expect(byName.get('partnerProjectTitle')?.field).toMatchObject({
      salesforce_attribute: { id: 2147, name: 'Name' },
      is_receive_update: true,
    });
    expect(
      byName.get('projectDescription')?.field?.concatenated_attributes.map(({ id }) => id),
    ).toEqual([2164, 2181]);
    expect(byName.get('Customer.Account.WebsiteUrl')?.field).toMatchObject({
      is_dummy_value: true,
      dummy_value_description: 'https://acme.test',
    });
    expect(byName.get('stage')?.values.get('Prospect')).toMatchObject({
      salesforce_picklist_value: 'Prospecting,Qualification',
    });
  });

  it('skips entries naming a field this tenant lacks', () => {
    const plan = planImport(exported, attributes, { Lead: [], Opportunity: [] }, () => NO_MAPPINGS);
    expect(plan.skipped).toEqual([
      'Opportunity partnerProjectTitle',
      'Opportunity projectDescription',
      'Opportunity stage',
    ]);
    expect(plan.changes.map(({ attribute }) => attribute.name)).toEqual([
      'Customer.Account.WebsiteUrl',
    ]);
  });

  it('sums up what changed', () => {
    const summary = importSummary(
      [
        { created: 2, updated: 0, deleted: 0, failed: 0 },
        { created: 0, updated: 1, deleted: 1, failed: 1 },
      ],
      ['Lead foo'],
    );
    expect(summary.text).toBe('Import: 2 created, 1 updated, 1 deleted, 1 failed, 1 skipped');
  });
});
