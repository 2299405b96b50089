// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import type { AceRecord, SalesforceRecord } from '../../store/state';
import { checkRecord } from './checks';
import { transformRecord } from './transform';

const state = buildSeed();
const valid: SalesforceRecord['fields'] = {
  Name: 'Test - Project',
  'Account.Name': 'Test',
  StageName: 'Needs Analysis',
  CloseDate: '2026-06-30',
  AWS_Expected_Monthly_Revenue__c: 4000,
  AWS_Industry__c: 'Healthcare',
  AWS_Use_Case__c: 'Storage & Backup',
  AWS_National_Security__c: false,
  Description: 'A project.',
};
const problems = (fields: SalesforceRecord['fields'], held?: Partial<AceRecord>) =>
  checkRecord(
    transformRecord(state, 1, {
      Id: '0065g00000TEST1AAB',
      entity: 'Opportunity',
      fields: { ...valid, ...fields },
    }),
    held && {
      salesforceId: '0065g00000TEST1AAB',
      entity: 'Opportunity',
      values: {},
      aceStage: null,
      deleted: false,
      syncedAt: '',
      ...held,
    },
  );

describe('ACE checks', () => {
  it('accepts a well-formed record', () => {
    expect(problems({})).toEqual([]);
  });

  it('reports a non-numeric amount as a data type mismatch with ACE wording', () => {
    expect(problems({ AWS_Expected_Monthly_Revenue__c: 'ten thousand' })).toEqual([
      expect.objectContaining({
        attributeId: 44,
        error_type: 'Data Type Mismatch Error',
        error_type_description:
          "ValidationException: Project.ExpectedMonthlyAWSRevenue.Amount 'ten thousand' is not a valid number (INVALID_VALUE)",
      }),
    ]);
  });

  it('reports a date in the wrong format', () => {
    const [problem] = problems({ CloseDate: '03/31/2026' });
    expect(problem).toMatchObject({ attributeId: 45, error_type: 'Data Type Mismatch Error' });
    expect(problem?.error_type_description).toContain(
      'does not match format yyyy-MM-dd (INVALID_STRING_FORMAT)',
    );
    expect(problems({ CloseDate: '2026-02-30' })[0]?.error_type).toBe('Data Type Mismatch Error');
  });

  it("takes a Boolean's True and False, and reports any other word as a data type mismatch", () => {
    expect(problems({ AWS_National_Security__c: true })).toEqual([]);
    expect(problems({ AWS_National_Security__c: 'Unknown' })).toEqual([
      expect.objectContaining({
        attributeId: 51,
        error_type: 'Data Type Mismatch Error',
        error_description:
          "National Security must be True or False; 'Unknown' has no True/False value mapped.",
      }),
    ]);
  });

  it("says that a saved override 'Yes' for a Boolean is neither True nor False", () => {
    const saved = {
      ...state,
      overrides: [
        {
          tenantId: 1,
          sync_error_id: 1,
          salesforce_id: '0065g00000TEST1AAB',
          aws_ace_attribute: 51,
          dummy_value: 'Yes',
          status: 'pending' as const,
          used_at: null,
        },
      ],
    };
    const draft = transformRecord(saved, 1, {
      Id: '0065g00000TEST1AAB',
      entity: 'Opportunity',
      fields: valid,
    });
    expect(checkRecord(draft, undefined)).toEqual([
      expect.objectContaining({
        attributeId: 51,
        error_type: 'Data Type Mismatch Error',
        error_description:
          "National Security must be True or False; the value saved for the next sync, 'Yes', is neither. Save True or False instead.",
      }),
    ]);
  });

  it('reports a picklist value with no ACE match', () => {
    expect(problems({ StageName: 'Needs Assessment' })[0]).toMatchObject({
      attributeId: 46,
      error_type: 'Picklist Standard Value Error',
    });
    expect(problems({ AWS_Industry__c: 'Space Tourism' })[0]?.error_type_description).toContain(
      '(INVALID_ENUM_VALUE)',
    );
  });

  it('reports a mapped mandatory attribute left empty as REQUIRED_FIELD_MISSING', () => {
    expect(problems({ 'Account.Name': null })).toEqual([
      expect.objectContaining({
        attributeId: 27,
        error_type: 'General ACE Error',
        error_type_description:
          'ValidationException: Customer.Account.CompanyName is required (REQUIRED_FIELD_MISSING)',
      }),
    ]);
  });

  it('requires the related-record website even when it is not mapped (the UI does not highlight it)', () => {
    const globexLike = {
      ...state,
      mappings: state.mappings.filter((row) => !(row.tenant === 1 && row.aws_ace_attribute === 28)),
    };
    const draft = transformRecord(globexLike, 1, {
      Id: '0065g00000TEST1AAB',
      entity: 'Opportunity',
      fields: valid,
    });
    expect(checkRecord(draft, undefined)).toEqual([
      expect.objectContaining({ attributeId: 28, error_type: 'General ACE Error' }),
    ]);
  });

  it('refuses moving an opportunity back from Closed Lost or Launched', () => {
    expect(
      problems({ StageName: 'Negotiation/Review' }, { aceStage: 'Closed Lost' })[0],
    ).toMatchObject({
      error_type: 'Order of Operations Error',
      attributeId: 46,
    });
    expect(problems({ StageName: 'Closed Won' }, { aceStage: 'Launched' })).toEqual([]);
    expect(problems({ StageName: 'Needs Analysis' }, { aceStage: 'Prospect' })).toEqual([]);
  });

  it('reports a record deleted on the ACE side as Record Not Found', () => {
    expect(problems({}, { deleted: true })).toEqual([
      expect.objectContaining({ error_type: 'Record Not Found Error', attributeId: null }),
    ]);
  });
});
