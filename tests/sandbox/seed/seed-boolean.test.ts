// @vitest-environment node
// The seed meets a Boolean ACE field: Acme maps doesOppBelongToNatSec (51) from the Salesforce
// checkbox AWS_National_Security__c through True/False value rows, and its org's opportunities hold
// both values, so the demo's sync, preview and errors table meet the contract's Boolean words.
import { describe, expect, it } from 'vitest';

import { BOOLEAN_VALUES } from '../../../generated/rules/index';
import { transformRecord } from '../domain/sync/transform';
import { ACME, buildSeed } from './seed';

const state = buildSeed();

describe("the seed's Boolean ACE field", () => {
  it('maps doesOppBelongToNatSec through True/False value rows', () => {
    const attribute = state.attributes.find((row) => row.id === 51);
    expect(attribute).toMatchObject({ name: 'doesOppBelongToNatSec', data_type: 'Boolean' });
    const rows = state.mappings.filter(
      (row) => row.tenant === ACME.id && row.aws_ace_attribute === 51 && row.aws_ace_picklist_value,
    );
    expect(rows.map((row) => row.aws_ace_picklist_value).sort()).toEqual(
      [...BOOLEAN_VALUES].sort(),
    );
  });

  it("gives Acme's opportunities both values, which the sync sends as True and False", () => {
    const opportunities = (state.salesforce[String(ACME.id)] ?? []).filter(
      (record) => typeof record.fields.AWS_National_Security__c === 'boolean',
    );
    const sent = new Set(
      opportunities.map(
        (record) =>
          transformRecord(state, ACME.id, record).fields.find((field) => field.attribute.id === 51)
            ?.value,
      ),
    );
    expect(sent).toEqual(new Set(BOOLEAN_VALUES));
  });
});
