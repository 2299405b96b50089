import { describe, expect, it } from 'vitest';

import { placeList } from './list-placement';

const control = (top: number) => ({ left: 40, width: 300, top, bottom: top + 30 });

describe('placeList', () => {
  it('puts the list under the control, as wide as it', () => {
    expect(placeList(control(100), 900, 250)).toEqual({ left: 40, width: 300, top: 132 });
  });

  it('opens upwards near the bottom of the screen, where the list does not fit below', () => {
    expect(placeList(control(800), 900, 250)).toEqual({ left: 40, width: 300, bottom: 102 });
  });

  it('stays below when there is even less room above', () => {
    expect(placeList(control(60), 200, 250)).toEqual({ left: 40, width: 300, top: 92 });
  });
});
