// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import type { SalesforceRecord, State } from '../../store/state';
import { transformRecord } from './transform';

const ACME = 1;
const opportunity = (fields: SalesforceRecord['fields']): SalesforceRecord => ({
  Id: '0065g00000TEST1AAB',
  entity: 'Opportunity',
  fields: {
    Name: 'Test - Project',
    'Account.Name': 'Test',
    StageName: 'Needs Analysis',
    ...fields,
  },
});
const field = (state: State, record: SalesforceRecord, attributeId: number) =>
  transformRecord(state, ACME, record).fields.find((row) => row.attribute.id === attributeId);

describe('transform under the seeded Acme mappings', () => {
  const state = buildSeed();

  it('copies a plain field', () => {
    expect(field(state, opportunity({}), 40)).toMatchObject({
      value: 'Test - Project',
      source: 'field',
    });
  });

  it('concatenates fields in order, joined with a space, skipping empty ones', () => {
    const record = opportunity({
      Description: 'Move the DWH.',
      Customer_Business_Problem__c: 'Costs too high.',
    });
    expect(field(state, record, 41)).toMatchObject({
      value: 'Move the DWH. Costs too high.',
      source: 'concatenation',
    });
    expect(
      field(
        state,
        opportunity({ Description: null, Customer_Business_Problem__c: 'Only this.' }),
        41,
      )?.value,
    ).toBe('Only this.');
  });

  it('translates a picklist through its value rows (comma-joined Salesforce values)', () => {
    expect(field(state, opportunity({ StageName: 'Needs Analysis' }), 46)).toMatchObject({
      value: 'Qualified',
      source: 'picklist',
    });
    expect(field(state, opportunity({ StageName: 'Id. Decision Makers' }), 46)?.value).toBe(
      'Technical Validation',
    );
    expect(field(state, opportunity({ StageName: 'Needs Assessment' }), 46)).toMatchObject({
      value: 'Needs Assessment',
      source: 'field',
    });
  });

  it('translates booleans through their True/False rows', () => {
    expect(field(state, opportunity({ AWS_National_Security__c: true }), 51)?.value).toBe('True');
    expect(field(state, opportunity({ AWS_National_Security__c: false }), 51)?.value).toBe('False');
  });

  it('sends dummy values, numbers for numeric attributes, and none for unmapped attributes', () => {
    expect(field(state, opportunity({}), 28)).toMatchObject({
      value: 'https://www.acme-cloud.com',
      source: 'dummy',
    });
    expect(field(state, opportunity({ AWS_Expected_Monthly_Revenue__c: '12000' }), 44)?.value).toBe(
      12000,
    );
    expect(field(state, opportunity({}), 43)).toMatchObject({ value: null, source: 'none' });
  });

  it('lets an override saved for the record replace the mapped value', () => {
    const record = opportunity({ AWS_Expected_Monthly_Revenue__c: 'ten thousand' });
    expect(field(state, record, 44)?.value).toBe('ten thousand');
    const withOverride: State = {
      ...state,
      overrides: [
        {
          tenantId: ACME,
          sync_error_id: 1,
          salesforce_id: record.Id,
          aws_ace_attribute: 44,
          dummy_value: '10000',
          status: 'pending',
          used_at: null,
        },
      ],
    };
    expect(field(withOverride, record, 44)).toMatchObject({ value: 10000, source: 'override' });
  });

  it('leaves reserved identifiers out', () => {
    const names = transformRecord(state, ACME, opportunity({})).fields.map(
      (row) => row.attribute.name,
    );
    expect(names).not.toContain('apnCrmUniqueIdentifier');
    expect(names).toContain('stage');
  });
});
