import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { ApiError, SessionExpiredError } from '@/api/api-error';
import { apiHealth } from '@/api/api-health';
import { InvalidTenantError } from '@/api/base-url';
import { ERROR_TEXT } from '@/api/error-messages';
import { setChosenScenarioRule } from '@/features/scenario-switcher/scenario-switcher-queries';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { createQueryClient, presentError, shouldRetry } from './query-client';

spyOnToasts();

afterEach(() => vi.clearAllMocks());

const apiError = (status: number, body?: unknown) =>
  new ApiError({ status, body, url: '/api/v1/users/' });

describe('shouldRetry: only what asking again can mend', () => {
  it('retries a 5xx and an unreachable backend twice, then gives up', () => {
    for (const error of [apiError(500), apiError(503), apiError(0)]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('never retries a client error', () => {
    for (const status of [400, 401, 403, 404, 413, 499])
      expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('never retries a failure chosen in the scenario switcher: the mock would answer the same', () => {
    setChosenScenarioRule((url) => url.startsWith('/api/v1/users/'));
    onTestFinished(() => setChosenScenarioRule(undefined));
    expect(shouldRetry(0, apiError(500))).toBe(false);
    expect(shouldRetry(0, apiError(0))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 500, url: '/api/v1/activity/' }))).toBe(true);
  });

  it('never retries what is not a reply: an ended session, an abort, a bad tenant', () => {
    expect(shouldRetry(0, new SessionExpiredError('gone'))).toBe(false);
    expect(shouldRetry(0, new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(shouldRetry(0, new InvalidTenantError('no good'))).toBe(false);
  });
});

describe('presentError: the one place a failure becomes toasts', () => {
  it('toasts each message of the error', () => {
    presentError(apiError(400, { first_name: ['Required.'], email: ['Taken.'] }), undefined);
    expect(toasts.danger.mock.calls).toEqual([['Required.'], ['Taken.']]);
  });

  it('toasts the catalogue text of a status', () => {
    presentError(apiError(500), {});
    presentError(apiError(0), {});
    expect(toasts.danger.mock.calls).toEqual([[ERROR_TEXT.server], [ERROR_TEXT.network]]);
  });

  it('stays silent for a call whose screen shows the error itself', () => {
    presentError(apiError(400, { error: 'Refused' }), { silentErrors: true });
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('stays silent for a call that got no answer while the banner says the API cannot be reached', () => {
    apiHealth.unreachable();
    onTestFinished(() => apiHealth.reset());
    for (const status of [0, 502, 503, 504]) presentError(apiError(status), {});
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('stays silent for an ended session (announced once elsewhere)', () => {
    presentError(new SessionExpiredError('Your session is invalid, please login again!'), {});
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('routes a failed query and a failed mutation through presentError, honouring their meta', async () => {
    const client = createQueryClient({ retry: false });
    const fail = () => Promise.reject(apiError(400, { error: 'Refused' }));
    await client.fetchQuery({ queryKey: ['loud'], queryFn: fail }).catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['quiet'], queryFn: fail, meta: { silentErrors: true } })
      .catch(() => undefined);
    const mutation = client.getMutationCache().build(client, { mutationFn: fail });
    await mutation.execute(undefined).catch(() => undefined);
    expect(toasts.danger.mock.calls).toEqual([['Refused'], ['Refused']]);
  });

  it('retries a failing query by the app policy unless told not to', async () => {
    const calls = { app: 0, off: 0 };
    const failing = (key: keyof typeof calls) => () => {
      calls[key] += 1;
      return Promise.reject(apiError(503));
    };
    await createQueryClient()
      .fetchQuery({ queryKey: ['app'], queryFn: failing('app'), retryDelay: 0 })
      .catch(() => undefined);
    await createQueryClient({ retry: false })
      .fetchQuery({ queryKey: ['off'], queryFn: failing('off'), retryDelay: 0 })
      .catch(() => undefined);
    expect(calls).toEqual({ app: 3, off: 1 });
  });
});
