/**
 * Throttles: how often one account, address, client or tenant may try something that an attacker
 * would repeat (guess a password, a licence key; mail-bomb an inbox). In memory only: a restart
 * or `POST /api/sandbox/reset` forgets them, as a real backend's cache would.
 *
 * A sliding window (the time of each counted attempt, per key), not a fixed one: a fixed window
 * lets twice the limit through across its edge (5 failures at 0:59 and 5 more at 1:00), and the
 * wait it gives is the rest of the window, not the time until one attempt is free again. The
 * largest limit keeps at most 500 times per key, so the log costs nothing here.
 *
 * Two kinds of limit, as the contract marks them (`silent`). A plain limit refuses: while it is
 * full the call answers 429 (wait, count). A silent limit never refuses: it caps a side effect
 * (a mail) whose absence the caller cannot see, so that it tells nothing of what others were
 * counted (takeRoom). The two are never mixed up: wait and count throw on a silent limit, takeRoom
 * on a plain one, so a silent limit cannot end up answering 429 by a slip in a handler.
 */
import { contractThrottles, type ThrottleLimit } from '../contract';

/**
 * The limits the handlers count attempts under: the names of the contract's limits
 * (`components.x-throttles` in openapi.yaml, which says what each counts; the operations that
 * answer 429 name theirs in `x-throttle`).
 */
const LIMIT_NAMES = [
  'signInPerAccountAndClient',
  'signInPerClient',
  'resetPerAddressAndClient',
  'resetPerAddress',
  'resetPerClient',
  'passwordChangePerAccount',
  'keyChecksPerClient',
  'keyChecksPerKey',
  'signUpTakenPerKey',
  'signUpTakenPerClient',
  'invitesPerAddressAndTenant',
  'invitationMailsPerAddress',
  'invitesPerTenant',
  'webhookTestsPerTenant',
] as const;
type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * Every limit of the sandbox, read from the contract when the sandbox starts: its numbers are
 * written once, there. A limit the contract declares and the sandbox does not apply, or the
 * reverse, stops the start.
 */
export const LIMITS: Readonly<Record<LimitName, ThrottleLimit>> = limitsOf(contractThrottles());

function limitsOf(declared: Record<string, ThrottleLimit>): Record<LimitName, ThrottleLimit> {
  const names: readonly string[] = LIMIT_NAMES;
  const missing = names.filter((name) => !declared[name]);
  const unknown = Object.keys(declared).filter((name) => !names.includes(name));
  if (missing.length > 0 || unknown.length > 0)
    throw new Error(
      `openapi.yaml components.x-throttles: the sandbox applies ${names.join(', ')}` +
        (missing.length > 0 ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length > 0 ? `; not applied: ${unknown.join(', ')}` : ''),
    );
  return Object.fromEntries(LIMIT_NAMES.map((name) => [name, declared[name]])) as Record<
    LimitName,
    ThrottleLimit
  >;
}

/** One limit applied to one key (an e-mail, a client address, a tenant id, a pair of them). */
export interface Counted {
  limit: LimitName;
  key: string;
}

/**
 * The key of a counter per pair: an account or address (first) within one client or tenant
 * (second), e.g. the account's attempts from one client, or the invitations of one address by one
 * company. A pair, not the first alone, so that nobody fills the owner's counter from elsewhere
 * (another client, another company). JSON, so that no two pairs share a key whatever they hold.
 */
export function pairKey(account: string, within: string | number): string {
  return JSON.stringify([account, String(within)]);
}

/** The account of a pairKey. */
function accountOfPair(key: string): string | undefined {
  const parsed: unknown = JSON.parse(key);
  return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : undefined;
}

/** Whether the contract marks the limit silent: it caps a side effect, never answers 429. */
export function isSilent(limit: LimitName): boolean {
  return LIMITS[limit].silent;
}

/** Throws unless every counter's limit is of the kind (silent or not) the caller takes. */
function requireKind(counters: readonly Counted[], silent: boolean, caller: string): void {
  const wrong = counters.filter((counter) => isSilent(counter.limit) !== silent);
  if (wrong.length === 0) return;
  const names = [...new Set(wrong.map((counter) => counter.limit))].join(', ');
  throw new Error(
    silent
      ? `throttle.${caller}: ${names} is not silent: a full one answers 429 (wait, count)`
      : `throttle.${caller}: ${names} is silent: it never answers 429 (takeRoom)`,
  );
}

export interface Throttle {
  /**
   * The seconds to wait (at least 1) when any of the counters is full now, else null. A refused
   * attempt is not counted: the wait never grows by asking again. Plain limits only.
   */
  wait(counters: readonly Counted[]): number | null;
  /** Counts one attempt on each counter. Plain limits only. */
  count(counters: readonly Counted[]): void;
  /**
   * Silent limits only: whether every counter has room now. If so, counts one on each and answers
   * true (the side effect may go ahead); else counts nothing and answers false (hold it back). As
   * with wait, what is held back is not counted: the room comes back when the counted ones leave
   * the window, however often it is asked for meanwhile.
   */
  takeRoom(counters: readonly Counted[]): boolean;
  /** Forgets the counts of one account under a limit counted per pair (pairKey), from every client. */
  forgetAccount(limit: LimitName, account: string): void;
  /** Forgets everything (the sandbox's reset). */
  clear(): void;
}

/** A throttle over a clock (the sandbox's, so tests move time). */
export function createThrottle(now: () => Date): Throttle {
  const attempts = new Map<string, number[]>();
  const idOf = ({ limit, key }: Counted) => `${limit} ${key}`;
  let sinceSweep = 0;

  /** The counter's attempts still inside its window, oldest first. */
  const recent = (counter: Counted, at: number): number[] => {
    const id = idOf(counter);
    const since = at - LIMITS[counter.limit].seconds * 1000;
    const kept = (attempts.get(id) ?? []).filter((time) => time > since);
    if (kept.length > 0) attempts.set(id, kept);
    else attempts.delete(id);
    return kept;
  };

  /** Now and then, drops the keys nobody used within an hour (made-up e-mails, many clients). */
  const sweep = (at: number) => {
    sinceSweep += 1;
    if (sinceSweep < 1000) return;
    sinceSweep = 0;
    const longest = Math.max(...Object.values(LIMITS).map((limit) => limit.seconds)) * 1000;
    for (const [id, times] of attempts)
      if ((times.at(-1) ?? 0) <= at - longest) attempts.delete(id);
  };

  /** The seconds until every counter has room (at least 1), or null when all have room now. */
  const waitOf = (counters: readonly Counted[]): number | null => {
    const at = now().getTime();
    let wait = 0;
    for (const counter of counters) {
      const { max, seconds } = LIMITS[counter.limit];
      const times = recent(counter, at);
      if (times.length < max) continue;
      // Free again once enough of the oldest attempts have left the window.
      const freedAt = (times[times.length - max] ?? at) + seconds * 1000;
      wait = Math.max(wait, Math.ceil((freedAt - at) / 1000), 1);
    }
    return wait > 0 ? wait : null;
  };

  const countOn = (counters: readonly Counted[]) => {
    const at = now().getTime();
    sweep(at);
    for (const counter of counters) attempts.set(idOf(counter), [...recent(counter, at), at]);
  };

  return {
    wait(counters) {
      requireKind(counters, false, 'wait');
      return waitOf(counters);
    },
    count(counters) {
      requireKind(counters, false, 'count');
      countOn(counters);
    },
    takeRoom(counters) {
      requireKind(counters, true, 'takeRoom');
      if (waitOf(counters) !== null) return false;
      countOn(counters);
      return true;
    },
    forgetAccount(limit, account) {
      const prefix = `${limit} `;
      for (const id of attempts.keys())
        if (id.startsWith(prefix) && accountOfPair(id.slice(prefix.length)) === account)
          attempts.delete(id);
    },
    clear() {
      attempts.clear();
    },
  };
}
