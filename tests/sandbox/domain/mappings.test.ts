// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../seed/seed';
import { testStore } from '../test-sandbox';
import { mappingCounts } from './attributes';
import { type DomainError, Invalid, NotFound } from './failure';
import { autoMatch, createMapping, deleteMapping, updateMapping } from './mappings';

const ACME = 1;
const GLOBEX = 2;
const store = () => testStore({ seed: buildSeed });

/** The refusal of `kind` that `run` throws. */
function refusal<E extends DomainError>(kind: new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('mapping rules', () => {
  it('maps website (lead) to a Salesforce lead field and shows it as mapped', () => {
    const sandbox = store();
    const id = sandbox.transact((draft) =>
      createMapping(draft, ACME, { aws_ace_attribute: 10, salesforce_attribute: 111 }),
    );
    const row = sandbox.state.mappings.find((mapping) => mapping.id === id);
    expect(row?.salesforce_attribute).toEqual({
      id: 111,
      name: 'Website',
      type: 'Lead',
      data_type: 'String',
    });
  });

  it('refuses a second field-level mapping of the same ACE attribute', () => {
    const sandbox = store();
    const failure = refusal(Invalid, () =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, { aws_ace_attribute: 40, salesforce_attribute: 163 }),
      ),
    );
    expect(failure.fields).toEqual({
      aws_ace_attribute: ['partnerProjectTitle is already mapped.'],
    });
  });

  it("refuses another tenant's Salesforce field and a field of the other entity", () => {
    const sandbox = store();
    const globexField = refusal(Invalid, () =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, { aws_ace_attribute: 10, salesforce_attribute: 1111 }),
      ),
    );
    expect(globexField.fields).toEqual({
      salesforce_attribute: ['Invalid pk "1111" - object does not exist.'],
    });
    const wrongEntity = refusal(Invalid, () =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, { aws_ace_attribute: 10, salesforce_attribute: 147 }),
      ),
    );
    expect(wrongEntity.fields).toEqual({
      salesforce_attribute: ['A Lead attribute maps to a Lead field.'],
    });
  });

  it('concatenates two or more fields in order, and refuses one', () => {
    const sandbox = store();
    const id = sandbox.transact((draft) =>
      createMapping(draft, ACME, {
        aws_ace_attribute: 8,
        salesforce_attribute: null,
        is_concatenated: true,
        concatenated_attribute_mapping: [{ value: 103 }, 105],
      }),
    );
    const row = sandbox.state.mappings.find((mapping) => mapping.id === id);
    expect(row?.concatenated_attributes?.map((field) => field.name)).toEqual([
      'FirstName',
      'LastName',
    ]);
    expect(row?.concatenated_attribute_mapping).toEqual([{ value: 103 }, { value: 105 }]);
    expect(() =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, {
          aws_ace_attribute: 12,
          is_concatenated: true,
          concatenated_attribute_mapping: [106],
        }),
      ),
    ).toThrow(Invalid);
  });

  it('keeps one receive-update mapping per Salesforce field', () => {
    const sandbox = store();
    // Mapping 1 (partnerProjectTitle <- Name) already receives updates.
    const id = sandbox.transact((draft) =>
      createMapping(draft, ACME, { aws_ace_attribute: 56, salesforce_attribute: 147 }),
    );
    const failure = refusal(Invalid, () =>
      sandbox.transact((draft) => updateMapping(draft, ACME, id, { is_receive_update: true })),
    );
    expect(failure.fields).toEqual({
      is_receive_update: ['Name already receives ACE updates for another mapping.'],
    });
    expect(sandbox.state.mappings.find((mapping) => mapping.id === id)?.is_receive_update).toBe(
      false,
    );
  });

  it('checks picklist value rows against the ACE values and their parent', () => {
    const sandbox = store();
    const unknownValue = refusal(Invalid, () =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, {
          aws_ace_attribute: 46,
          salesforce_attribute: 159,
          is_picklist: true,
          aws_ace_picklist_value: 'Negotiating',
          salesforce_picklist_value: 'Negotiation/Review',
          picklist_mapping: 8,
        }),
      ),
    );
    expect(unknownValue.fields).toEqual({
      aws_ace_picklist_value: ['"Negotiating" is not a value of stage.'],
    });
    const taken = refusal(Invalid, () =>
      sandbox.transact((draft) =>
        createMapping(draft, ACME, {
          aws_ace_attribute: 46,
          salesforce_attribute: 159,
          is_picklist: true,
          aws_ace_picklist_value: 'Prospect',
          salesforce_picklist_value: 'Prospecting',
          picklist_mapping: 8,
        }),
      ),
    );
    expect(taken.fields).toEqual({
      aws_ace_picklist_value: ['stage "Prospect" is already mapped.'],
    });
  });

  it('deletes a picklist parent with its value rows, and only in its tenant', () => {
    const sandbox = store();
    expect(() => sandbox.transact((draft) => deleteMapping(draft, GLOBEX, 8))).toThrow(NotFound);
    sandbox.transact((draft) => deleteMapping(draft, ACME, 8));
    expect(
      sandbox.state.mappings.filter((row) => row.tenant === ACME && row.aws_ace_attribute === 46),
    ).toEqual([]);
  });

  it('counts mandatory attributes and moves the count when one is mapped or deleted', () => {
    const sandbox = store();
    const before = mappingCounts(sandbox.state, ACME);
    expect(before.aws_mandatory_lead).toBe(3);
    expect(before.aws_mandatory_opportunity).toBe(18);
    sandbox.transact((draft) => deleteMapping(draft, ACME, 1));
    expect(mappingCounts(sandbox.state, ACME).mapped_aws_mandatory_opportunity).toBe(
      before.mapped_aws_mandatory_opportunity - 1,
    );
  });

  it('AutoMatch maps unmapped attributes by name and finds nothing the second time', () => {
    const sandbox = store();
    const matched = sandbox.transact((draft) => autoMatch(draft, ACME));
    expect(matched).toBeGreaterThan(0);
    const website = sandbox.state.mappings.find(
      (row) => row.tenant === ACME && row.aws_ace_attribute === 10,
    );
    expect(website?.salesforce_attribute?.name).toBe('Website');
    expect(sandbox.transact((draft) => autoMatch(draft, ACME))).toBe(0);
  });
});
