import { describe, expect, it } from 'vitest';

import { ace, mapping } from '../testing/fixtures';
import { decide } from './decisions';
import { fromServer, type AttributeMappings, type LocalMapping } from './mapping';
import { selectFields, selectValues, setDummyText, setReceiveUpdate } from './selection';

const NAME = { id: 147, name: 'Name' };
const DESCRIPTION = { id: 164, name: 'Description' };
const PROBLEM = { id: 181, name: 'Customer_Business_Problem__c' };
const STAGE = { id: 159, name: 'StageName' };
const refs = new Map([NAME, DESCRIPTION, PROBLEM, STAGE].map((ref) => [ref.id, ref]));
const refOf = (id: number) => refs.get(id);
const none: AttributeMappings = { values: new Map() };

const title = ace(40, 'partnerProjectTitle');
const stage = ace(46, 'stage', { data_type: 'Picklist', choices: { Prospect: 'Prospect' } });
const pick = (current: AttributeMappings, ...keys: string[]) =>
  selectFields(current, title, keys, refOf).field;

describe('decide: the field-level mapping of a row', () => {
  it('creates a plain mapping when the field has none', () => {
    expect(decide(undefined, pick(none, '147'))).toEqual({
      kind: 'create',
      body: {
        aws_ace_attribute: 40,
        salesforce_attribute: 147,
        is_concatenated: false,
        concatenated_attribute_mapping: [],
        is_picklist: false,
        is_dummy_value: false,
        dummy_value_description: null,
        is_receive_update: false,
      },
    });
  });

  it('updates the existing mapping when another field is chosen instead', () => {
    const saved = fromServer(mapping(1, 40, { salesforce_attribute: NAME }));
    const action = decide(saved, pick({ field: saved, values: new Map() }, '164'));
    expect(action).toMatchObject({
      kind: 'update',
      id: 1,
      receiveOnly: false,
      body: { salesforce_attribute: 164, is_concatenated: false },
    });
  });

  it('concatenates several fields, in the order chosen', () => {
    const action = decide(undefined, pick(none, '181', '164'));
    expect(action).toMatchObject({
      kind: 'create',
      body: {
        salesforce_attribute: null,
        is_concatenated: true,
        concatenated_attribute_mapping: [{ value: 181 }, { value: 164 }],
      },
    });
  });

  it('turns a plain mapping into a concatenation by an update', () => {
    const saved = fromServer(mapping(6, 40, { salesforce_attribute: DESCRIPTION }));
    const view = pick({ field: saved, values: new Map() }, '164', '181');
    expect(decide(saved, view)).toMatchObject({
      kind: 'update',
      id: 6,
      body: {
        is_concatenated: true,
        concatenated_attribute_mapping: [{ value: 164 }, { value: 181 }],
      },
    });
  });

  it('creates a dummy-value mapping with its text, and updates the text', () => {
    const view = setDummyText(selectFields(none, title, ['-1'], refOf), null, 'https://acme.test');
    expect(decide(undefined, view.field)).toMatchObject({
      kind: 'create',
      body: {
        salesforce_attribute: null,
        is_dummy_value: true,
        dummy_value_description: 'https://acme.test',
      },
    });
    const saved = { ...(view.field as LocalMapping), id: 7 };
    const edited = setDummyText({ field: saved, values: new Map() }, null, 'https://acme.example');
    expect(decide(saved, edited.field)).toMatchObject({
      kind: 'update',
      id: 7,
      body: { dummy_value_description: 'https://acme.example' },
    });
  });

  it('deletes a mapping whose selection is cleared, whatever its kind', () => {
    const kinds = [
      mapping(1, 40, { salesforce_attribute: NAME }),
      mapping(6, 40, { is_concatenated: true, concatenated_attributes: [DESCRIPTION, PROBLEM] }),
      mapping(7, 40, { is_dummy_value: true, dummy_value_description: 'x' }),
    ];
    for (const server of kinds) {
      const saved = fromServer(server);
      expect(decide(saved, pick({ field: saved, values: new Map() }))).toEqual({
        kind: 'delete',
        id: server.id,
      });
    }
  });

  it('does nothing when nothing changed, and nothing for a cleared row with no mapping', () => {
    const saved = fromServer(mapping(1, 40, { salesforce_attribute: NAME }));
    expect(decide(saved, { ...saved })).toEqual({ kind: 'none' });
    expect(decide(undefined, undefined)).toEqual({ kind: 'none' });
  });

  it("patches only 'is_receive_update' when that is all that changed", () => {
    const saved = fromServer(mapping(1, 40, { salesforce_attribute: NAME }));
    const view = setReceiveUpdate({ field: saved, values: new Map() }, true).field;
    expect(decide(saved, view)).toEqual({
      kind: 'update',
      id: 1,
      body: { is_receive_update: true },
      receiveOnly: true,
    });
  });

  it("refuses to change or delete a mapping that has no id ('Mapping id required')", () => {
    const saved = { ...fromServer(mapping(1, 40, { salesforce_attribute: NAME })), id: undefined };
    expect(decide(saved, pick({ field: saved, values: new Map() }, '164'))).toEqual({
      kind: 'missing-id',
    });
    expect(decide(saved, undefined)).toEqual({ kind: 'missing-id' });
  });
});

describe('decide: picklist value rows', () => {
  const parent = fromServer(mapping(8, 46, { salesforce_attribute: STAGE, is_picklist: true }));
  const withParent: AttributeMappings = { field: parent, values: new Map() };

  it('creates a value row for an ACE value that has none, naming its parent', () => {
    const next = selectValues(withParent, stage, 'Prospect', ['Prospecting', 'Qualification']);
    expect(decide(undefined, next.values.get('Prospect'))).toEqual({
      kind: 'create',
      body: {
        aws_ace_attribute: 46,
        salesforce_attribute: 159,
        is_concatenated: false,
        concatenated_attribute_mapping: [],
        is_picklist: true,
        is_dummy_value: false,
        dummy_value_description: null,
        aws_ace_picklist_value: 'Prospect',
        salesforce_picklist_value: 'Prospecting,Qualification',
        picklist_mapping: 8,
        is_receive_update: false,
      },
    });
  });

  it('updates an existing value row and deletes it when its values are cleared', () => {
    const saved = fromServer(
      mapping(9, 46, {
        salesforce_attribute: STAGE,
        is_picklist: true,
        aws_ace_picklist_value: 'Prospect',
        salesforce_picklist_value: 'Prospecting',
        picklist_mapping: 8,
      }),
    );
    const current: AttributeMappings = { field: parent, values: new Map([['Prospect', saved]]) };
    const more = selectValues(current, stage, 'Prospect', ['Prospecting', 'Qualification']);
    expect(decide(saved, more.values.get('Prospect'))).toMatchObject({
      kind: 'update',
      id: 9,
      body: { salesforce_picklist_value: 'Prospecting,Qualification' },
    });
    const cleared = selectValues(current, stage, 'Prospect', []);
    expect(cleared.values.has('Prospect')).toBe(false);
    expect(decide(saved, cleared.values.get('Prospect'))).toEqual({ kind: 'delete', id: 9 });
  });

  it('creates a picklist parent with is_picklist, and a dummy value row with its text', () => {
    const stageRow = selectFields(none, stage, ['159'], refOf);
    expect(decide(undefined, stageRow.field)).toMatchObject({
      kind: 'create',
      body: { salesforce_attribute: 159, is_picklist: true },
    });
    const dummy = setDummyText(
      selectValues(withParent, stage, 'Prospect', ['-1']),
      'Prospect',
      'Early',
    );
    expect(decide(undefined, dummy.values.get('Prospect'))).toMatchObject({
      kind: 'create',
      body: {
        aws_ace_picklist_value: 'Prospect',
        is_dummy_value: true,
        dummy_value_description: 'Early',
        salesforce_picklist_value: '',
      },
    });
  });
});
