/**
 * The throttles (domain/throttle.ts) over HTTP: the 429 with `Retry-After` that a full counter
 * answers, in Django REST framework's words. Who the client is: app.ts's clientOf.
 *
 * Only plain limits answer 429: both functions here throw (a 500) when given a limit the contract
 * marks silent, whose fullness must never show in an answer. A handler asks a silent limit
 * through `throttleOf(deps).takeRoom` and holds back only the side effect it caps.
 */
import type { Context } from 'hono';

import type { SandboxDeps } from '../app';
import { createThrottle, type Counted, type Throttle } from '../domain/throttle';
import { HttpFailure } from '../http-failure';

const throttles = new WeakMap<SandboxDeps, Throttle>();

/** The throttle of one sandbox (one per `createSandbox`; each unit test's sandbox has its own). */
export function throttleOf(deps: SandboxDeps): Throttle {
  let throttle = throttles.get(deps);
  if (!throttle) {
    throttle = createThrottle(deps.now);
    throttles.set(deps, throttle);
  }
  return throttle;
}

/** Django REST framework's throttled reply: `Request was throttled. Expected available in N seconds.` */
function throttled(context: Context, wait: number): HttpFailure {
  context.header('Retry-After', String(wait));
  const unit = wait === 1 ? 'second' : 'seconds';
  return new HttpFailure(429, {
    detail: `Request was throttled. Expected available in ${wait} ${unit}.`,
  });
}

/** Refuses with a 429 while any of the counters (plain limits) is full; counts nothing. */
export function refuseWhileThrottled(
  call: { deps: SandboxDeps; context: Context },
  counters: readonly Counted[],
): void {
  const wait = throttleOf(call.deps).wait(counters);
  if (wait !== null) throw throttled(call.context, wait);
}

/**
 * Refuses with a 429 while any of the counters (plain limits) is full, else counts this attempt on
 * each.
 */
export function countAttempt(
  call: { deps: SandboxDeps; context: Context },
  counters: readonly Counted[],
): void {
  refuseWhileThrottled(call, counters);
  throttleOf(call.deps).count(counters);
}
