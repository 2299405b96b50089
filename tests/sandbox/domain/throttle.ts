/**
 * Throttles: how often one account, address, client or tenant may try something that an attacker
 * would repeat (guess a password, a licence key; mail-bomb an inbox). In memory only: a restart
 * or `POST /api/sandbox/reset` forgets them, as a real backend's cache would.
 *
 * A sliding window (the time of each counted attempt, per key), not a fixed one: a fixed window
 * lets twice the limit through across its edge (5 failures at 0:59 and 5 more at 1:00), and the
 * wait it gives is the rest of the window, not the time until one attempt is free again. The
 * largest limit keeps at most 500 times per key, so the log costs nothing here.
 */
export interface Limit {
  /** Attempts allowed within the window. */
  max: number;
  /** The window, in seconds. */
  seconds: number;
}

/**
 * Every limit of the sandbox, as the contract's descriptions state them (openapi.yaml: the 429 of
 * login, requestPasswordReset, verifyProductKey, inviteUser and resendUserInvite).
 */
export const LIMITS = {
  /** Failed sign-ins per account (the e-mail, known or not); a success is not counted. */
  signInPerAccount: { max: 5, seconds: 60 },
  /** Failed sign-ins per client, across accounts. */
  signInPerClient: { max: 20, seconds: 60 },
  /** Reset requests per address (known or not: the reply is the same). */
  resetPerAddress: { max: 3, seconds: 3600 },
  resetPerClient: { max: 20, seconds: 3600 },
  /** Licence-key checks per client, accepted or not. */
  keyChecksPerClient: { max: 10, seconds: 60 },
  /** Invitations and re-invitations per invited address. */
  invitesPerAddress: { max: 3, seconds: 3600 },
  /** Invitations and re-invitations per tenant: above any real team's, and the bench's 200. */
  invitesPerTenant: { max: 500, seconds: 3600 },
} as const satisfies Record<string, Limit>;

/** One limit applied to one key (an e-mail, a client address, a tenant id). */
export interface Counted {
  limit: keyof typeof LIMITS;
  key: string;
}

export interface Throttle {
  /**
   * The seconds to wait (at least 1) when any of the counters is full now, else null. A refused
   * attempt is not counted: the wait never grows by asking again.
   */
  wait(counters: readonly Counted[]): number | null;
  /** Counts one attempt on each counter. */
  count(counters: readonly Counted[]): void;
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

  return {
    wait(counters) {
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
    },
    count(counters) {
      const at = now().getTime();
      sweep(at);
      for (const counter of counters) attempts.set(idOf(counter), [...recent(counter, at), at]);
    },
    clear() {
      attempts.clear();
    },
  };
}
