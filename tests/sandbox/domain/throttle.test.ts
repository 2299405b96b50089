// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createThrottle, isSilent, pairKey, type Counted } from './throttle';

function throttleAt(start: string) {
  let clock = new Date(start);
  const throttle = createThrottle(() => clock);
  return {
    throttle,
    later(seconds: number) {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
  };
}

const DANA: Counted[] = [
  { limit: 'signInPerAccountAndClient', key: pairKey('dana@example.com', '203.0.113.1') },
];

/** Counts an attempt when allowed; answers whether it was. */
const attempt = (throttle: ReturnType<typeof createThrottle>, counters: Counted[]) => {
  if (throttle.wait(counters) !== null) return false;
  throttle.count(counters);
  return true;
};

describe('the throttle: a sliding window', () => {
  it('lets 5 through in any minute, also across a minute boundary (a fixed window would let 10)', () => {
    const { throttle, later } = throttleAt('2026-11-26T09:00:59Z');
    const allowed = Array.from({ length: 5 }, () => attempt(throttle, DANA));
    later(1); // 09:01:00, a fixed window's new minute
    allowed.push(...Array.from({ length: 5 }, () => attempt(throttle, DANA)));
    expect(allowed.filter(Boolean)).toHaveLength(5);
  });

  it('waits until the oldest counted attempt leaves the window; a refused one does not count', () => {
    const { throttle, later } = throttleAt('2026-11-26T09:00:00Z');
    attempt(throttle, DANA);
    later(20);
    for (let index = 0; index < 4; index += 1) attempt(throttle, DANA);
    expect(throttle.wait(DANA)).toBe(40);
    later(30);
    expect(throttle.wait(DANA)).toBe(10);
    later(10);
    expect(throttle.wait(DANA)).toBeNull();
    // One slot was freed and is taken: now the four attempts of 40 s ago rule the wait.
    expect(attempt(throttle, DANA)).toBe(true);
    expect(throttle.wait(DANA)).toBe(20);
  });

  it('keeps limits and keys apart, and forgets everything on clear()', () => {
    const { throttle } = throttleAt('2026-11-26T09:00:00Z');
    for (let index = 0; index < 5; index += 1) attempt(throttle, DANA);
    expect(throttle.wait(DANA)).not.toBeNull();
    const other = pairKey('other@example.com', '203.0.113.1');
    expect(throttle.wait([{ limit: 'signInPerAccountAndClient', key: other }])).toBeNull();
    expect(throttle.wait([{ limit: 'signInPerClient', key: 'dana@example.com' }])).toBeNull();
    throttle.clear();
    expect(throttle.wait(DANA)).toBeNull();
  });

  it("forgets one account's counts from every client, and nobody else's, on forgetAccount()", () => {
    const { throttle } = throttleAt('2026-11-26T09:00:00Z');
    const pair = (account: string, client: string): Counted[] => [
      { limit: 'signInPerAccountAndClient', key: pairKey(account, client) },
    ];
    const full = [
      pair('dana@example.com', 'a'),
      pair('dana@example.com', 'b'),
      pair('dana@example.com.evil', 'a'),
      pair('marcus@example.com', 'a'),
    ];
    for (const counters of full)
      for (let index = 0; index < 5; index += 1) attempt(throttle, counters);
    throttle.forgetAccount('signInPerAccountAndClient', 'dana@example.com');
    expect(full.map((counters) => throttle.wait(counters) === null)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('silent limits (the contract marks them `silent`): they hold back a side effect, never answer', () => {
  const MAILS: Counted[] = [{ limit: 'invitationMailsPerAddress', key: 'pat@example.org' }];
  const PLAIN: Counted[] = [{ limit: 'invitesPerTenant', key: '1' }];

  it('are what the contract says: the mail cap per address is silent, the invitation limits are not', () => {
    expect(isSilent('invitationMailsPerAddress')).toBe(true);
    expect(isSilent('invitesPerAddressAndTenant')).toBe(false);
    expect(isSilent('invitesPerTenant')).toBe(false);
  });

  it('cannot be asked for a wait or counted as a plain limit, nor a plain limit taken room on', () => {
    const { throttle } = throttleAt('2026-11-26T09:00:00Z');
    expect(() => throttle.wait(MAILS)).toThrow(/invitationMailsPerAddress is silent/);
    expect(() => throttle.wait([...PLAIN, ...MAILS])).toThrow(/silent/);
    expect(() => throttle.count(MAILS)).toThrow(/silent/);
    expect(() => throttle.takeRoom(PLAIN)).toThrow(/invitesPerTenant is not silent/);
    expect(throttle.wait(PLAIN)).toBeNull();
  });

  it('take room up to the limit, count nothing once full, and have room again when the oldest leaves the window', () => {
    const { throttle, later } = throttleAt('2026-11-26T09:00:00Z');
    expect(throttle.takeRoom(MAILS)).toBe(true);
    later(600);
    const taken = Array.from({ length: 6 }, () => throttle.takeRoom(MAILS));
    expect(taken).toEqual([true, true, true, true, false, false]);
    // Held back ones were not counted: the first mail's leaving frees one place, an hour after it.
    later(2999);
    expect(throttle.takeRoom(MAILS)).toBe(false);
    later(1);
    expect(throttle.takeRoom(MAILS)).toBe(true);
    expect(throttle.takeRoom(MAILS)).toBe(false);
    // Another address has its own room.
    expect(throttle.takeRoom([{ limit: 'invitationMailsPerAddress', key: 'x@example.org' }])).toBe(
      true,
    );
  });
});

describe('pairKey', () => {
  it('keeps pairs apart whatever they hold, and a number and its text alike', () => {
    expect(pairKey('a', 1)).toBe(pairKey('a', '1'));
    expect(pairKey('a b', 'c')).not.toBe(pairKey('a', 'b c'));
    expect(pairKey('a","b', 'c')).not.toBe(pairKey('a', 'b","c'));
  });
});
