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

  const COMPLETE = { current_step: null, message: 'All steps are completed' };

  it.each([
    [
      'a complete set-up whose Finish was not pressed here stays at step 5',
      { hasKey: true, loggedIn: true, reply: COMPLETE, resumed: 5 },
      { kind: 'step', step: 5 },
    ],
    [
      'a complete set-up where Previous went back to step 4 stays there',
      { hasKey: false, loggedIn: true, reply: COMPLETE, resumed: 4 },
      { kind: 'step', step: 4 },
    ],
    [
      'a complete set-up without a signed-in user is the dashboard’s',
      { hasKey: true, loggedIn: false, reply: COMPLETE, resumed: 5 },
      { kind: 'dashboard' },
    ],
    [
      'a complete set-up last shown here at step 2 is the dashboard’s',
      { hasKey: true, loggedIn: true, reply: COMPLETE, resumed: 2 },
      { kind: 'dashboard' },
    ],
    [
      'a set-up under way resumes at the server’s step, not one it has not reached',
      { hasKey: true, loggedIn: true, reply: { current_step: 3, message: null }, resumed: 5 },
      { kind: 'step', step: 3 },
    ],
    [
      'a set-up under way resumes at the server’s step, which may have moved on in another tab',
      { hasKey: true, loggedIn: true, reply: { current_step: 5, message: null }, resumed: 3 },
      { kind: 'step', step: 5 },
    ],
    [
      'a key and nobody signed in: step 1 when Previous went back there',
      { hasKey: true, loggedIn: false, resumed: 1 },
      { kind: 'step', step: 1 },
    ],
    [
      'a key and nobody signed in: step 2 whatever else was shown',
      { hasKey: true, loggedIn: false, resumed: 4 },
      { kind: 'step', step: 2 },
    ],
    [
      'no key and nobody signed in: step 1 whatever was shown',
      { hasKey: false, loggedIn: false, resumed: 2 },
      { kind: 'step', step: 1 },
    ],
  ] as const)('with the step this tab showed last: %s', (_case, input, expected) => {
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
