// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { sandboxArguments } from './stack.mjs';

describe('the sandbox stack’s command line (npm start, npm run sandbox)', () => {
  it('passes the pace and the org size through', () => {
    expect(
      sandboxArguments(['node', 'start.mjs', '--fresh', '--sync-rate', '0', '--scale', '100000']),
    ).toEqual({
      fresh: true,
      syncRate: 0,
      scale: 100000,
    });
    expect(sandboxArguments(['node', 'start.mjs'])).toEqual({ fresh: false });
  });

  it('refuses a value that is not the number it takes, naming the flag', () => {
    expect(() => sandboxArguments(['--sync-rate', 'fast'])).toThrow(
      '--sync-rate takes records per second, 0 or more; it was given fast.',
    );
    expect(() => sandboxArguments(['--scale', '1.5'])).toThrow(
      '--scale takes a whole number above 0; it was given 1.5.',
    );
    expect(() => sandboxArguments(['--scale'])).toThrow('it was given nothing.');
  });
});
