import { describe, expect, it } from 'vitest';

import type { SyncErrorCause } from '@generated/api/model';

import { causeFixTarget, retryLabel } from './cause-texts';

const cause = (overrides: Partial<SyncErrorCause>): SyncErrorCause => ({
  id: 'c',
  error_type: 'Picklist Standard Value Error',
  entity: 'Opportunity',
  ace_attribute: { id: 46, name: 'stage' },
  message: 'm',
  count: 1,
  error_ids: [2],
  fix: 'map_picklist_value',
  ...overrides,
});

describe('retryLabel', () => {
  it('says record for one, records for more', () => {
    expect(retryLabel(1)).toBe('Retry 1 record');
    expect(retryLabel(4)).toBe('Retry 4 records');
    expect(retryLabel(1204)).toBe('Retry 1,204 records');
  });
});

describe('causeFixTarget', () => {
  it('opens Sync Settings at the field for a picklist value or a missing field', () => {
    for (const fix of ['map_picklist_value', 'map_field'] as const)
      expect(causeFixTarget(cause({ fix }))).toEqual({
        kind: 'sync-settings',
        attributeId: 46,
        entity: 'Opportunity',
      });
  });

  it('opens the override editor for a dummy value', () => {
    expect(causeFixTarget(cause({ fix: 'set_override' }))).toEqual({
      kind: 'override',
      attributeId: 46,
    });
  });

  it('opens nothing while ACE must move on, for a dismissal, or without a field', () => {
    expect(causeFixTarget(cause({ fix: 'wait_for_ace' }))).toEqual({ kind: 'none' });
    expect(causeFixTarget(cause({ fix: 'dismiss', ace_attribute: null }))).toEqual({
      kind: 'none',
    });
    expect(causeFixTarget(cause({ fix: 'map_field', ace_attribute: null }))).toEqual({
      kind: 'none',
    });
  });
});
