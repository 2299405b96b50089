import { describe, expect, it } from 'vitest';

import type { Attribute } from '@generated/api/model';

import {
  attributeOptions,
  checkSave,
  entityTypeOf,
  newPair,
  pairOfRefusal,
  pairStatus,
  rowsFromSaved,
  saveLooksEnabled,
  valueProblem,
  type OverrideRow,
} from './override-form';

const attr = (id: number, name: string, data_type: Attribute['data_type'], extra = {}) =>
  ({ id, name, type: 'Opportunity', data_type, ...extra }) as Attribute;

const ATTRIBUTES = [
  attr(1, 'leadAge', 'Int', { type: 'Lead' }),
  attr(2, 'expectedMonthlyAwsRevenue', 'Double'),
  attr(3, 'targetCloseDate', 'Date'),
  attr(4, 'stage', 'Picklist', { choices: { Prospect: 'Prospect', Launched: 'Launched' } }),
  attr(5, 'aWSAccountOwnerEmail', 'Email'),
  attr(6, 'nextStep', 'String'),
  attr(7, 'Customer.Account.WebsiteUrl', 'String'),
  attr(8, 'User.Email', 'Email'),
  attr(9, 'isMarketingDevelopmentFunded', 'Boolean'),
  attr(10, 'partnerCrmUniqueIdentifier', 'String'),
  attr(11, 'campaignName', 'String', { permission_type: 'Read Only' }),
  attr(12, 'Customer.Contact.Email', 'Email'),
  attr(13, 'customer.account.duns', 'String'),
  attr(14, 'apnCrmUniqueIdentifier', 'String'),
];
const BY_ID = new Map(ATTRIBUTES.map((a) => [a.id, a]));

function row(id: number, ...pairs: Array<[number | null, string]>): OverrideRow {
  return {
    syncErrorId: id,
    salesforceId: `006000000000000${id}`,
    pairs: pairs.map(([attributeId, value]) => newPair(attributeId, value)),
  };
}

describe('override pairs: attribute selector', () => {
  it("never offers names with 'Account.' or 'User.', nor attributes taken on the same row", () => {
    const r = row(1, [2, '10'], [null, '']);
    const options = attributeOptions(ATTRIBUTES, r, r.pairs[1]!.key).map((a) => a.name);
    expect(options).not.toContain('Customer.Account.WebsiteUrl');
    expect(options).not.toContain('User.Email');
    // Nor identifiers the backend fills, nor Read Only attributes ACE would refuse.
    expect(options).not.toContain('partnerCrmUniqueIdentifier');
    expect(options).not.toContain('campaignName');
    expect(options).not.toContain('expectedMonthlyAwsRevenue'); // chosen by the other pair
    expect(options).toContain('targetCloseDate');
  });

  it("follows the contract's one related-record rule: Contact too, in any letter case", () => {
    const r = row(1, [null, '']);
    const options = attributeOptions(ATTRIBUTES, r, r.pairs[0]!.key).map((a) => a.name);
    expect(options).not.toContain('Customer.Contact.Email');
    expect(options).not.toContain('customer.account.duns');
    expect(options).not.toContain('apnCrmUniqueIdentifier');
    expect(options).toEqual([
      'leadAge',
      'expectedMonthlyAwsRevenue',
      'targetCloseDate',
      'stage',
      'aWSAccountOwnerEmail',
      'nextStep',
      'isMarketingDevelopmentFunded',
    ]);
  });

  it("keeps a pair's own choice in its list, and offers it again on another row", () => {
    const r = row(1, [2, '10']);
    expect(attributeOptions(ATTRIBUTES, r, r.pairs[0]!.key).map((a) => a.id)).toContain(2);
    const other = row(2, [null, '']);
    expect(attributeOptions(ATTRIBUTES, other, other.pairs[0]!.key).map((a) => a.id)).toContain(2);
  });

  it("offers only the record's entity's attributes when the record tells which it is", () => {
    const r = row(1, [null, '']);
    const leadOnly = attributeOptions(ATTRIBUTES, r, r.pairs[0]!.key, 'Lead');
    expect(leadOnly.map((a) => a.name)).toEqual(['leadAge']);
    expect(entityTypeOf({ salesforce_id: '00Q5g00000ABCDeEAF' })).toBe('Lead');
    expect(entityTypeOf({ salesforce_id: '0065g00000XyZ12AAB' })).toBe('Opportunity');
    expect(entityTypeOf({ salesforce_id: 'a015g', entity_url: 'https://x.com/r/Lead/1' })).toBe(
      'Lead',
    );
    expect(entityTypeOf({ salesforce_id: 'a015g', entity_url: null })).toBeUndefined();
  });
});

describe('override pairs: values that cannot create a new error', () => {
  it.each([
    [1, '42', undefined],
    [1, '4.2', 'Enter a whole number.'],
    [2, '10000.50', undefined],
    [2, '-3e2', undefined],
    [2, 'ten thousand', 'Enter a number.'],
    [3, '2026-03-31', undefined],
    [3, '03/31/2026', 'Enter a date as yyyy-mm-dd.'],
    [3, '2026-02-30', 'Enter a date as yyyy-mm-dd.'],
    [4, 'Launched', undefined],
    [4, 'Needs Analysis', 'Pick one of the allowed values.'],
    [5, 'owner@aws.example', undefined],
    [5, 'owner at aws', 'Enter a valid email address.'],
    [6, 'anything goes', undefined],
    [9, 'True', undefined],
    [9, 'False', undefined],
    [9, 'Yes', 'Pick True or False.'],
    [9, 'No', 'Pick True or False.'],
    [9, 'true', 'Pick True or False.'],
  ])('attribute %i with %j: %s', (id, value, problem) => {
    expect(valueProblem(value, BY_ID.get(id))).toBe(problem);
  });

  it('judges an empty value as incomplete, not as a type problem', () => {
    expect(valueProblem('  ', BY_ID.get(2))).toBeUndefined();
    expect(pairStatus(newPair(2, ' '), BY_ID.get(2))).toBe('incomplete');
    expect(pairStatus(newPair(null, '5'), undefined)).toBe('incomplete');
    expect(pairStatus(newPair(), undefined)).toBe('empty');
    expect(pairStatus(newPair(2, 'x'), BY_ID.get(2))).toBe('invalid');
    expect(pairStatus(newPair(2, '5'), BY_ID.get(2))).toBe('complete');
  });
});

describe("'Save values for next Sync'", () => {
  it('refuses a form with half a pair or an ill-typed value', () => {
    expect(checkSave([row(1, [2, ''])], BY_ID)).toEqual({ kind: 'invalid' });
    expect(checkSave([row(1, [null, '5'])], BY_ID)).toEqual({ kind: 'invalid' });
    expect(checkSave([row(1, [2, '5']), row(2, [3, 'soon'])], BY_ID)).toEqual({
      kind: 'invalid',
    });
  });

  it('refuses when there is no complete pair', () => {
    expect(checkSave([row(1, [null, ''])], BY_ID)).toEqual({ kind: 'nothing' });
    expect(checkSave([], BY_ID)).toEqual({ kind: 'nothing' });
  });

  it('sends every complete pair of every row, trimmed, with the attribute as ace_id', () => {
    const rows = [row(1, [2, ' 10000 '], [null, '']), row(8, [6, 'Call back']), row(9, [null, ''])];
    const check = checkSave(rows, BY_ID);
    expect(check).toEqual({
      kind: 'save',
      // Each item sent is known by the pair it was made from.
      pairKeys: [rows[0]?.pairs[0]?.key, rows[1]?.pairs[0]?.key],
      overrides: [
        { sync_error_id: 1, salesforce_id: '0060000000000001', ace_id: 2, dummy_value: '10000' },
        {
          sync_error_id: 8,
          salesforce_id: '0060000000000008',
          ace_id: 6,
          dummy_value: 'Call back',
        },
      ],
    });
  });

  it('finds the pair a refusal is about by the item it names, counting from 1', () => {
    const place = pairOfRefusal(['pair-a', 'pair-b']);
    expect(place('Item 2: Yes is not a valid Boolean value: use True or False.')).toEqual({
      key: 'pair-b',
      text: 'Yes is not a valid Boolean value: use True or False.',
    });
    expect(place('Item 3: no such item.')).toBeUndefined();
    expect(place('A company can keep at most 10000 saved override values.')).toBeUndefined();
  });

  it('looks disabled unless a changed row has a complete pair: saved values alone give nothing to save', () => {
    expect(saveLooksEnabled([row(1, [null, ''])], BY_ID)).toBe(false);
    expect(saveLooksEnabled([row(1, [2, ''])], BY_ID)).toBe(false);
    expect(saveLooksEnabled([row(1, [2, '5'])], BY_ID)).toBe(true);
    expect(saveLooksEnabled([], BY_ID)).toBe(false);
  });

  it('loads the values saved earlier that wait for the next sync as rows by sync error', () => {
    const saved = (
      sync_error_id: number,
      salesforce_id: string,
      aws_ace_attribute: number,
      dummy_value: string,
      status: 'pending' | 'used' = 'pending',
    ) => ({
      sync_error_id,
      salesforce_id,
      aws_ace_attribute,
      dummy_value,
      status,
      used_at: status === 'used' ? '2026-03-03T00:00:07Z' : null,
    });
    const rows = rowsFromSaved([
      saved(1, 'A', 2, '10'),
      saved(1, 'A', 6, 'x'),
      saved(7, 'B', 3, '2026-03-31'),
      // Sent with its record by a sync: it names an error that is no longer open.
      saved(4, 'C', 6, 'Call back', 'used'),
    ]);
    expect(Object.keys(rows)).toEqual(['1', '7']);
    expect(rows[1]!.pairs.map((p) => [p.attributeId, p.value])).toEqual([
      [2, '10'],
      [6, 'x'],
    ]);
    expect(rows[7]!.salesforceId).toBe('B');
  });
});
