import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { splitAdminName } from './admin-name';

const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);

describe('splitAdminName', () => {
  it.each([
    ['Dana Whitfield', 'Dana', 'Whitfield'],
    ['  Dana   Maria  de Whitfield ', 'Dana', 'Maria de Whitfield'],
    ['Dana', 'Dana', null],
    ['', '', null],
  ])('%j → %j + %j', (name, first, last) => {
    expect(splitAdminName(name)).toEqual({ first_name: first, last_name: last });
  });

  it('never throws, and first + last give back the name’s words', () => {
    const spaced = fc.array(
      fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom(' ', '\t', '  ')),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          spaced.map((parts) => parts.join('')),
        ),
        (name) => {
          const { first_name, last_name } = splitAdminName(name);
          expect(first_name).not.toMatch(/\s/);
          expect(last_name === null).toBe(words(name).length <= 1);
          expect([first_name, last_name].filter(Boolean).join(' ')).toBe(words(name).join(' '));
        },
      ),
    );
  });
});
