import { describe, expect, it } from 'vitest';

import { recoverWizard, stepAfter } from './recovery';

describe('recoverWizard', () => {
  it.each([
    [
      'nothing stored, nobody signed in',
      { hasKey: false, loggedIn: false },
      { kind: 'step', step: 1 },
    ],
    [
      'a verified key, nobody signed in yet',
      { hasKey: true, loggedIn: false },
      { kind: 'step', step: 2 },
    ],
    [
      'signed in but the step call failed',
      { hasKey: true, loggedIn: true },
      { kind: 'step', step: 1 },
    ],
    [
      'step 3 for a signed-in admin',
      { hasKey: true, loggedIn: true, reply: { current_step: 3, message: null } },
      { kind: 'step', step: 3 },
    ],
    [
      'step 4 without a stored key (signed in elsewhere)',
      { hasKey: false, loggedIn: true, reply: { current_step: 4, message: null } },
      { kind: 'step', step: 4 },
    ],
    [
      'a null step means step 5',
      { hasKey: true, loggedIn: true, reply: { current_step: null } },
      { kind: 'step', step: 5 },
    ],
    [
      'a message means set-up is complete',
      {
        hasKey: true,
        loggedIn: true,
        reply: { current_step: null, message: 'All steps are completed' },
      },
      { kind: 'dashboard' },
    ],
    [
      'step 3 or later without a signed-in user',
      { hasKey: true, loggedIn: false, reply: { current_step: 3, message: null } },
      { kind: 'login' },
    ],
    [
      'step 5 without a signed-in user',
      { hasKey: true, loggedIn: false, reply: { current_step: 5 } },
      { kind: 'login' },
    ],
    [
      'step 2 with a key',
      { hasKey: true, loggedIn: false, reply: { current_step: 2 } },
      { kind: 'step', step: 2 },
    ],
    [
      'step 2 without a key verifies one first',
      { hasKey: false, loggedIn: true, reply: { current_step: 2 } },
      { kind: 'step', step: 1 },
    ],
    [
      'an out-of-range step is kept inside the wizard',
      { hasKey: true, loggedIn: true, reply: { current_step: 9 } },
      { kind: 'step', step: 5 },
    ],
  ] as const)('%s', (_case, input, expected) => {
    expect(recoverWizard(input)).toEqual(expected);
  });
});

describe('stepAfter', () => {
  it('moves one step, and leaves for the dashboard past either end', () => {
    expect(stepAfter(1, 1)).toBe(2);
    expect(stepAfter(4, -1)).toBe(3);
    expect(stepAfter(5, 1)).toBe('dashboard');
    expect(stepAfter(1, -1)).toBe('dashboard');
  });
});
