/**
 * The faults every call of every screen is held to, and what the user must read for each: one copy
 * for the fault matrix in Vitest (tests/faults/) and its smoke tests in the browser
 * (e2e/faults.spec.ts). The texts are written here as the expected words rather than read from the
 * app's catalogue (src/api/error-messages.ts): a changed or lost text in the app must fail these
 * tests, not follow along.
 */

/** Six statuses and a backend that cannot be reached. */
export type Fault = 400 | 401 | 404 | 405 | 413 | 500 | 'network';
export const FAULTS: readonly Fault[] = [400, 401, 404, 405, 413, 500, 'network'];
/** A fault the user is told of (a 401 is not: the session refreshes and the call goes through). */
export type ToldFault = Exclude<Fault, 401>;

/** What a 400 reply carries in its `error` field, which the screens show as it is. */
export const REJECTED = 'The fault matrix rejected this request.';

/** The text a user must see for each fault (a 400 shows the body's `error`). */
export const CATALOGUE: Record<ToldFault, string> = {
  400: REJECTED,
  404: '404: URL Not Found..',
  405: 'Requested method not allowed..',
  413: 'File size too large..',
  500: 'Please contact the system Administrator or try again later..',
  network: 'Error connecting to the backend services',
};
