import { describe, expect, it } from 'vitest';

import { RelatedRecordObject, ReservedAttributeName } from '@generated/api/model';

import { ace, choices } from '../testing/fixtures';
import { aceValues, mandatoryMark, rowsPage, salesforceValues, tabRows } from './attributes';

describe('which ACE fields the tabs show', () => {
  const attributes = [
    ace(3, 'partnerCrmLeadId', { type: 'Lead' }),
    ace(4, 'apnCrmUniqueIdentifier', { type: 'Lead' }),
    ace(25, 'partnerCrmUniqueIdentifier'),
    ace(1, 'status', { type: 'Lead' }),
    ace(5, 'campaignName', { type: 'Lead', permission_type: 'Read Only' }),
    ace(27, 'customerCompanyName'),
  ];

  it('never shows the three reserved identifiers', () => {
    const names = [...tabRows(attributes, 'Lead').main, ...tabRows(attributes, 'Opportunity').main];
    expect(names.map((attribute) => attribute.name)).toEqual(['status', 'customerCompanyName']);
  });

  it('sets aside every reserved name of the contract (ReservedAttributeName), on both tabs', () => {
    const reserved = Object.values(ReservedAttributeName).flatMap((name, i) => [
      ace(200 + i, name, { type: 'Lead' }),
      ace(300 + i, name, { type: 'Opportunity', permission_type: 'Read Only' }),
    ]);
    for (const type of ['Lead', 'Opportunity'] as const)
      expect(tabRows(reserved, type)).toEqual({ main: [], extra: [] });
  });

  it("puts the read-only fields ACE only sends after the others, under 'Salesforce Optional Update Values'", () => {
    expect(tabRows(attributes, 'Lead').extra.map((attribute) => attribute.name)).toEqual([
      'campaignName',
    ]);
  });

  it('pages 20 rows at a time and adds the extra rows to the last page only', () => {
    const many = Array.from({ length: 45 }, (_, i) => ace(100 + i, `field${i}`));
    const rows = { main: many, extra: [ace(900, 'status', { permission_type: 'Read Only' })] };
    const first = rowsPage(rows, 1);
    expect(first.rows).toHaveLength(20);
    expect(first.extra).toEqual([]);
    expect(first.pages).toBe(3);
    const last = rowsPage(rows, 3);
    expect(last.rows.map((attribute) => attribute.name)).toEqual([
      'field40',
      'field41',
      'field42',
      'field43',
      'field44',
    ]);
    expect(last.extra).toHaveLength(1);
    expect(rowsPage(rows, 99).rows).toEqual(last.rows);
    expect(rowsPage({ main: [], extra: rows.extra }, 1)).toMatchObject({
      pages: 1,
      extra: rows.extra,
    });
  });
});

describe('mandatory marks', () => {
  it('highlights a mandatory field with a red asterisk', () => {
    expect(mandatoryMark(ace(27, 'customerCompanyName', { is_mandatory: true }))).toBe('required');
    expect(mandatoryMark(ace(30, 'industryOther'))).toBeNull();
  });

  it('does not highlight names with account., user. or contact., in any case (grey asterisk)', () => {
    for (const name of [
      'Customer.Account.WebsiteUrl',
      'customer.account.duns',
      'Owner.User.Email',
      'Customer.Contact.Phone',
    ]) {
      expect(mandatoryMark(ace(1, name, { is_mandatory: true }))).toBe('maybe');
    }
    expect(mandatoryMark(ace(1, 'accountName', { is_mandatory: true }))).toBe('required');
  });

  it("follows the contract's related-record objects (RelatedRecordObject), whatever their case", () => {
    for (const object of Object.values(RelatedRecordObject)) {
      for (const name of [`Customer.${object}.Field`, `${object.toUpperCase()}.FIELD`])
        expect(mandatoryMark(ace(1, name, { is_mandatory: true }))).toBe('maybe');
      expect(mandatoryMark(ace(1, `${object}Field`, { is_mandatory: true }))).toBe('required');
    }
  });
});

describe('value rows', () => {
  it('has one per ACE picklist value, True and False for a boolean, none otherwise', () => {
    expect(
      aceValues(ace(1, 'stage', { data_type: 'Picklist', choices: choices('A', 'B') })),
    ).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B' },
    ]);
    expect(aceValues(ace(1, 'natSec', { data_type: 'Boolean' })).map(({ value }) => value)).toEqual(
      ['True', 'False'],
    );
    expect(aceValues(ace(1, 'title'))).toEqual([]);
  });

  it('offers the Salesforce field’s choices, or true and false for a Salesforce boolean', () => {
    expect(salesforceValues({ data_type: 'Picklist', choices: choices('Open') })).toEqual([
      { value: 'Open', label: 'Open' },
    ]);
    expect(
      salesforceValues({ data_type: 'Boolean', choices: null }).map(({ value }) => value),
    ).toEqual(['true', 'false']);
    expect(salesforceValues({ data_type: 'String', choices: null })).toEqual([]);
  });
});
