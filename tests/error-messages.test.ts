import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, SessionExpiredError } from '@/api/api-error';
import { apiHealth } from '@/api/api-health';
import { InvalidTenantError } from '@/api/base-url';
import { errorMessages, tooManyAttemptsMessage } from '@/api/error-messages';
import { fieldRefusalOf } from '@/api/validation-refusal';

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
    // A gateway's 502/503/504 is no answer from the API, not its fault (api-health.ts).
    ['502', failure(502), ['Error connecting to the backend services']],
    ['503', failure(503, { detail: 'Restarting.' }), ['Error connecting to the backend services']],
    ['504', failure(504), ['Error connecting to the backend services']],
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

describe('an API that cannot be reached: the banner tells it, no toast repeats it', () => {
  afterEach(() => apiHealth.reset());

  it('says nothing of a call that got no answer while the transport holds the API for unreachable', () => {
    apiHealth.unreachable();
    for (const status of [0, 502, 503, 504]) expect(errorMessages(failure(status))).toEqual([]);
    // An answer that refused is still told.
    expect(errorMessages(failure(500))).toEqual([
      'Please contact the system Administrator or try again later..',
    ]);
  });

  it('tells it once something answered again (a flaky network, with no banner)', () => {
    apiHealth.unreachable();
    apiHealth.answered();
    expect(errorMessages(failure(502))).toEqual(['Error connecting to the backend services']);
  });
});

/** Prism's refusal, as it answers a request that breaks the contract (`npm run mock`, curl). */
const prismRefusal = (...validation: Array<{ location: string[]; message: string }>) => ({
  type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
  title: 'Invalid request',
  status: 422,
  detail:
    'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
  validation: validation.map((issue) => ({ severity: 'Error', code: 'x', ...issue })),
});

describe('a validating proxy’s refusal (422): the field’s message, or a plain sentence', () => {
  it('names each field of the body by its dotted path, in plain words', () => {
    const body = prismRefusal(
      {
        location: ['body', 'sync_failures', 'threshold'],
        message: 'Request body property sync_failures.threshold must be >= 1',
      },
      {
        location: ['body', 'digest', 'hour'],
        message: 'Request body property digest.hour must be <= 23',
      },
      {
        location: ['body', 'sync_failures', 'enabled'],
        message: 'Request body property sync_failures.enabled must be boolean',
      },
      {
        location: ['body', 'sync_failures'],
        message: "Request body property sync_failures must have required property 'threshold'",
      },
      { location: ['body'], message: "Request body must have required property 'new_launches'" },
    );
    expect(fieldRefusalOf(body)).toEqual({
      'sync_failures.threshold': ['Must be at least 1.', 'This field is required.'],
      'digest.hour': ['Must be at most 23.'],
      'sync_failures.enabled': ['Must be true or false.'],
      new_launches: ['This field is required.'],
    });
  });

  it('names a list body’s item as the API does ("Item 2: …"), so that the row it came from shows it', () => {
    const body = prismRefusal(
      {
        location: ['body', '1', 'dummy_value'],
        message: 'Request body property 1.dummy_value must NOT have fewer than 1 characters',
      },
      {
        location: ['body', '0', 'sync_error_id'],
        message: 'Request body property 0.sync_error_id must be integer',
      },
      {
        location: ['body', '0'],
        message: "Request body property 0 must have required property 'ace_id'",
      },
    );
    expect(fieldRefusalOf(body)).toEqual({
      dummy_value: ['Item 2: Must not be empty.'],
      sync_error_id: ['Item 1: Must be a whole number.'],
      ace_id: ['Item 1: This field is required.'],
    });
  });

  it('puts what names no field of the body under non_field_errors, as a sentence', () => {
    const body = prismRefusal(
      {
        location: ['query', 'page'],
        message: 'Request query parameter page must be integer',
      },
      { location: ['body'], message: 'Request body must NOT have additional properties' },
      { location: ['body'], message: 'Request body must be array' },
    );
    expect(fieldRefusalOf(body)).toEqual({
      non_field_errors: [
        'Page must be a whole number.',
        'The request has a field that is not expected.',
        'The request must be a list.',
      ],
    });
  });

  it('is told as plain sentences where no form places it, never as the problem’s type URL', () => {
    const refused = failure(
      422,
      prismRefusal(
        {
          location: ['body', 'sync_failures', 'threshold'],
          message: 'Request body property sync_failures.threshold must be >= 1',
        },
        {
          location: ['body', '0', 'dummy_value'],
          message: 'Request body property 0.dummy_value must NOT have more than 255 characters',
        },
        { location: ['body'], message: "Request body must have required property 'digest'" },
      ),
    );
    const expected = [
      'Sync failures threshold must be at least 1.',
      'Item 1: dummy value must be at most 255 characters long.',
      'Digest is required.',
    ];
    expect(errorMessages(refused)).toEqual(expected);
    // The same once the transport has made it the API's shape (http.ts).
    expect(errorMessages(failure(422, fieldRefusalOf(refused.body)))).toEqual(expected);
  });

  it('reads a 422 it cannot read as a plain sentence', () => {
    expect(errorMessages(failure(422, { type: 'https://example.com/problem' }))).toEqual([
      'The request was refused as invalid, and nothing was changed.',
    ]);
    expect(errorMessages(failure(422, '<h1>Unprocessable</h1>'))).toEqual([
      'The request was refused as invalid, and nothing was changed.',
    ]);
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
