import { describe, expect, it } from 'vitest';

import { launchNamesText, launchToggleText } from './launch-names';

const names = (count: number) => Array.from({ length: count }, (_, i) => `L${i + 1}`);

describe('inbox launch names', () => {
  it('shows the first ten names comma-joined, and all of them when expanded', () => {
    expect(launchNamesText(names(14), false)).toBe('L1, L2, L3, L4, L5, L6, L7, L8, L9, L10');
    expect(launchNamesText(names(14), true).split(', ')).toHaveLength(14);
  });

  it("offers 'view all', then 'view less', only when names are hidden", () => {
    expect(launchToggleText(names(14), false)).toBe('view all');
    expect(launchToggleText(names(14), true)).toBe('view less');
    expect(launchToggleText(names(11), false)).toBe('view all');
    expect(launchToggleText(names(10), false)).toBeNull();
    expect(launchToggleText(names(3), false)).toBeNull();
    expect(launchToggleText([], false)).toBeNull();
  });

  it('shows every name when there are ten or fewer', () => {
    expect(launchNamesText(names(3), false)).toBe('L1, L2, L3');
    expect(launchNamesText([], false)).toBe('');
  });
});
