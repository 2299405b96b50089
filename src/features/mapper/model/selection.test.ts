import { describe, expect, it } from 'vitest';

import { ace, mapping } from '../testing/fixtures';
import { fieldKeys, fromServer, toggleKey, valueKeys, type AttributeMappings } from './mapping';
import { selectFields, selectValues } from './selection';

const NATSEC = { id: 189, name: 'AWS_National_Security__c' };
const OTHER = { id: 190, name: 'AWS_Marketing_Activity__c' };
const refOf = (id: number) => [NATSEC, OTHER].find((ref) => ref.id === id);
const natSec = ace(51, 'doesOppBelongToNatSec', { data_type: 'Boolean' });
const parent = fromServer(mapping(20, 51, { salesforce_attribute: NATSEC }));

describe('row selection', () => {
  it('lets the dummy option stand alone: it replaces fields, and a field replaces it', () => {
    expect(toggleKey(['147', '164'], '-1')).toEqual(['-1']);
    expect(toggleKey(['-1'], '147')).toEqual(['147']);
    expect(toggleKey(['147'], '164')).toEqual(['147', '164']);
    expect(toggleKey(['147', '164'], '147')).toEqual(['164']);
  });

  it('reads back what a mapping selects', () => {
    expect(fieldKeys(parent)).toEqual(['189']);
    expect(fieldKeys(fromServer(mapping(2, 41, { is_dummy_value: true })))).toEqual(['-1']);
    expect(
      fieldKeys(
        fromServer(
          mapping(6, 41, { is_concatenated: true, concatenated_attributes: [OTHER, NATSEC] }),
        ),
      ),
    ).toEqual(['190', '189']);
  });

  it('drops the value rows when the row stops naming their Salesforce field', () => {
    const current = selectValues({ field: parent, values: new Map() }, natSec, 'True', ['true']);
    expect(current.values.size).toBe(1);
    expect(selectFields(current, natSec, ['189'], refOf).values.size).toBe(1);
    expect(selectFields(current, natSec, ['190'], refOf).values.size).toBe(0);
    expect(selectFields(current, natSec, ['-1'], refOf).values.size).toBe(0);
  });
});

describe('boolean fields', () => {
  const start: AttributeMappings = { field: parent, values: new Map() };

  it('maps a Salesforce value to True or to False, never both: choosing one clears the other', () => {
    const trueRow = selectValues(start, natSec, 'True', ['true']);
    const moved = selectValues(trueRow, natSec, 'False', ['true']);
    expect(valueKeys(moved.values.get('False'))).toEqual(['true']);
    expect(moved.values.has('True')).toBe(false);
  });

  it('keeps the values that do not conflict', () => {
    const both = selectValues(start, natSec, 'True', ['true', 'yes']);
    const next = selectValues(both, natSec, 'False', ['yes', 'false']);
    expect(valueKeys(next.values.get('True'))).toEqual(['true']);
    expect(valueKeys(next.values.get('False'))).toEqual(['yes', 'false']);
  });

  it('leaves picklists alone: one Salesforce value may serve several ACE values', () => {
    const stage = ace(46, 'stage', { data_type: 'Picklist' });
    const picklist: AttributeMappings = { field: parent, values: new Map() };
    const a = selectValues(picklist, stage, 'Prospect', ['Open']);
    const b = selectValues(a, stage, 'Qualified', ['Open']);
    expect(valueKeys(b.values.get('Prospect'))).toEqual(['Open']);
    expect(valueKeys(b.values.get('Qualified'))).toEqual(['Open']);
  });
});
