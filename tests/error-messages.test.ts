import { describe, expect, it } from 'vitest';

import { ApiError, SessionExpiredError } from '@/api/api-error';
import { InvalidTenantError } from '@/api/base-url';
import { errorMessages, tooManyAttemptsMessage } from '@/api/error-messages';

const failure = (status: number, body?: unknown, statusText = '') =>
  new ApiError({ status, body, statusText, url: '/api/v1/users/' });

describe('error catalogue: the messages a failed call shows, by status and body', () => {
  it.each<[string, unknown, string[]]>([
    ['400 with an error field', failure(400, { error: 'Invalid key' }), ['Invalid key']],
    [
      '400 with an error field and others',
      failure(400, { error: ['Invalid key', 'Expired'], detail: 'Bad request' }),
      ['Invalid key'],
    ],
    ['400 with a string body', failure(400, 'Product key expired'), ['Product key expired']],
    [
      '400 with field arrays',
      failure(400, { email: ['Enter a valid email address.'], password: ['Too short.'] }),
      ['Enter a valid email address.', 'Too short.'],
    ],
    ['400 with a message', failure(400, { message: 'Not allowed' }), ['Not allowed']],
    ['404', failure(404, { detail: 'Not found.' }), ['404: URL Not Found..']],
    ['405', failure(405), ['Requested method not allowed..']],
    ['413', failure(413), ['File size too large..']],
    ['500', failure(500), ['Please contact the system Administrator or try again later..']],
    ['503', failure(503), ['Please contact the system Administrator or try again later..']],
    ['status 0', failure(0), ['Error connecting to the backend services']],
    ['409 with a body', failure(409, 'Already exists', 'Conflict'), ['Already exists']],
    ['409 without a body', failure(409, undefined, 'Conflict'), ['Conflict']],
    ['403 with an error field', failure(403, { error: 'Forbidden here' }), ['Forbidden here']],
    [
      'a fetch that is not an ApiError',
      new TypeError('x'),
      ['Error connecting to the backend services'],
    ],
    [
      'an invalid tenant',
      new InvalidTenantError('bad host'),
      ['Could not find the tenant details'],
    ],
  ])('%s', (_, error, expected) => {
    expect(errorMessages(error)).toEqual(expected);
  });

  it('stays silent for an ended session and an aborted request', () => {
    expect(errorMessages(new SessionExpiredError('gone'))).toEqual([]);
    expect(errorMessages(new DOMException('Aborted', 'AbortError'))).toEqual([]);
  });
});

describe('too many attempts (429): the wait from Retry-After', () => {
  const throttled = (retryAfter?: string | null) =>
    new ApiError({
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 40 seconds.' },
      url: '/api/v1/auth/login/',
      retryAfter,
    });

  it('says how many seconds, in the app’s words, not the server’s', () => {
    expect(throttled('40').retryAfter).toBe(40);
    expect(tooManyAttemptsMessage(throttled('40'))).toBe('Too many attempts. Try again in 40 s.');
    expect(errorMessages(throttled('40'))).toEqual(['Too many attempts. Try again in 40 s.']);
  });

  it('says seconds up to 90, and whole minutes, rounded up, beyond', () => {
    const message = (seconds: number) => tooManyAttemptsMessage(throttled(String(seconds)));
    expect(message(1)).toBe('Too many attempts. Try again in 1 s.');
    expect(message(90)).toBe('Too many attempts. Try again in 90 s.');
    expect(message(91)).toBe('Too many attempts. Try again in 2 min.');
    expect(message(120)).toBe('Too many attempts. Try again in 2 min.');
    expect(message(121)).toBe('Too many attempts. Try again in 3 min.');
    expect(message(3598)).toBe('Too many attempts. Try again in 60 min.');
    expect(message(3600)).toBe('Too many attempts. Try again in 60 min.');
    expect(errorMessages(throttled('3598'))).toEqual(['Too many attempts. Try again in 60 min.']);
  });

  it('reads an HTTP date as the seconds until then', () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    const seconds = throttled(at).retryAfter ?? 0;
    expect(seconds).toBeGreaterThanOrEqual(88);
    expect(seconds).toBeLessThanOrEqual(90);
  });

  it('asks to try later without a valid Retry-After, and is nothing for another status', () => {
    expect(throttled(null).retryAfter).toBeUndefined();
    expect(throttled('soon').retryAfter).toBeUndefined();
    expect(tooManyAttemptsMessage(throttled(null))).toBe('Too many attempts. Try again later.');
    expect(tooManyAttemptsMessage(failure(400, { error: 'x' }))).toBeUndefined();
    expect(tooManyAttemptsMessage(new TypeError('x'))).toBeUndefined();
  });
});
