import { describe, expect, it, vi } from 'vitest';

import { mapping } from '../testing/fixtures';
import { groupMappings } from './mapping';
import { createMappingStore } from './mapping-store';
import { setReceiveUpdate } from './selection';

const NAME = { id: 147, name: 'Name' };
const DESCRIPTION = { id: 164, name: 'Description' };

describe("'Receive ACE Updates?' availability", () => {
  const store = () =>
    createMappingStore(
      groupMappings([
        mapping(1, 40, { salesforce_attribute: NAME, is_receive_update: true }),
        mapping(2, 27, { salesforce_attribute: NAME }),
        mapping(3, 41, { is_concatenated: true, concatenated_attributes: [DESCRIPTION, NAME] }),
        mapping(4, 28, { is_dummy_value: true, dummy_value_description: 'x' }),
        mapping(5, 44, { salesforce_attribute: DESCRIPTION }),
      ]),
    );

  it('is off for a field with no mapping, and for a dummy value (no Salesforce field)', () => {
    expect(store().receiveBlocked(99)).toBe(true);
    expect(store().receiveBlocked(28)).toBe(true);
  });

  it('is off when the Salesforce field already receives updates through another mapping', () => {
    const mappings = store();
    expect(mappings.receiveBlocked(27)).toBe(true);
    expect(mappings.receiveBlocked(41)).toBe(true); // concatenation reads Name too
    expect(mappings.receiveBlocked(44)).toBe(false);
    expect(mappings.receiveBlocked(40)).toBe(false); // the one receiving can still untick
  });

  it('comes back once the other mapping stops receiving, and tells subscribers', () => {
    const mappings = store();
    const listener = vi.fn();
    mappings.subscribe(listener);
    mappings.setView(40, setReceiveUpdate(mappings.view(40), false));
    expect(listener).toHaveBeenCalled();
    expect(mappings.receiveBlocked(27)).toBe(false);
  });

  it('keeps the same snapshot for rows that did not change', () => {
    const mappings = store();
    const before = mappings.view(27);
    mappings.setView(40, setReceiveUpdate(mappings.view(40), false));
    expect(mappings.view(27)).toBe(before);
  });
});
