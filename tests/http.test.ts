import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, SessionExpiredError } from '@/api/api-error';
import { apiHealth } from '@/api/api-health';
import {
  apiFetch,
  awaitRequestHeadersDecorator,
  onSessionEnded,
  REFRESH_PATH,
  setRequestHeadersDecorator,
} from '@/api/http';
import { connectionStore, session } from '@/api/session';
import { startEnv } from '@/lib/env';

import { FRONTS } from './faults/fronts';

const USER = { id: 7, email: 'ada@acme.test', role: 'super_admin' as const };

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake backend: `handler` answers every call; every call is recorded. */
function fakeBackend(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: init.body,
        credentials: init.credentials,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const isRefresh = (call: Call) => call.url.endsWith(REFRESH_PATH);

describe('apiFetch: token refresh', () => {
  beforeEach(() => session.start({ user: USER, access: 'old', refresh: 'r1' }));
  afterEach(() => vi.unstubAllGlobals());

  it('answers 50 concurrent 401s with exactly one refresh and one retry each, with the new token', async () => {
    const calls = fakeBackend(async (call) => {
      if (isRefresh(call)) {
        await tick();
        return json(200, { access: 'new' });
      }
      return call.headers.get('Authorization') === 'Bearer new'
        ? json(200, { ok: call.url })
        : json(401, { detail: 'expired' });
    });

    const urls = Array.from({ length: 50 }, (_, i) => `/api/v1/users/${i}/`);
    const results = await Promise.all(urls.map((url) => apiFetch<{ ok: string }>(url)));

    expect(results.map((result) => result.ok)).toEqual(urls);
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(JSON.parse(String(calls.find(isRefresh)?.body))).toEqual({ refresh: 'r1' });
    const retries = calls.filter(
      (call) => !isRefresh(call) && call.headers.get('Authorization') === 'Bearer new',
    );
    expect(retries.map((call) => call.url).sort()).toEqual([...urls].sort());
    expect(calls).toHaveLength(101); // 50 first tries, 1 refresh, 50 retries: none lost, none twice
    expect(session.getAccessToken()).toBe('new');
    expect(session.getRefreshToken()).toBe('r1');
    expect(session.getUser()).toEqual(USER);
  });

  it('stores the rotated refresh token with the new access token, in one write', async () => {
    const changes = vi.fn();
    const stop = session.subscribe(changes);
    const calls = fakeBackend((call) => {
      if (isRefresh(call)) return json(200, { access: 'new', refresh: 'r2' });
      return call.headers.get('Authorization') === 'Bearer new' ? json(200, {}) : json(401, {});
    });
    await apiFetch('/api/v1/users/');
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(session.getAccessToken()).toBe('new');
    expect(session.getRefreshToken()).toBe('r2');
    expect(session.getUser()).toEqual(USER);
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
  });

  it('re-sends the same body on the retry', async () => {
    const calls = fakeBackend((call) => {
      if (isRefresh(call)) return json(200, { access: 'new' });
      return call.headers.get('Authorization') === 'Bearer new'
        ? json(201, { id: 1 })
        : json(401, {});
    });
    await apiFetch('/api/v1/salesforce/data-mappings/', {
      method: 'POST',
      body: JSON.stringify({ aws_ace_attribute: 3 }),
    });
    const posts = calls.filter((call) => call.method === 'POST' && !isRefresh(call));
    expect(posts.map((call) => call.body)).toEqual([
      '{"aws_ace_attribute":3}',
      '{"aws_ace_attribute":3}',
    ]);
  });

  it('on a failed refresh clears the session once, reports it once, and rejects every waiter', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const clear = vi.spyOn(session, 'clear');
    const calls = fakeBackend(async (call) => {
      if (isRefresh(call)) {
        await tick();
        return json(401, { message: 'Token is invalid or expired' });
      }
      return json(401, {});
    });

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => apiFetch(`/api/v1/users/${i}/`)),
    );

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    for (const outcome of outcomes) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
    }
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(calls.filter((call) => !isRefresh(call))).toHaveLength(50); // no retry after failure
    expect(clear).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith({
      kind: 'refresh-failed',
      message: 'Token is invalid or expired',
    });
    expect(session.isLoggedIn()).toBe(false);
    stop();
  });

  it('falls back to the status text, then to Unauthorized, for the refresh failure message', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fakeBackend((call) => (isRefresh(call) ? new Response(null, { status: 401 }) : json(401, {})));
    await expect(apiFetch('/api/v1/users/')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(ended).toHaveBeenCalledWith({ kind: 'refresh-failed', message: 'Unauthorized' });
    stop();
  });

  it('with no refresh token reports an invalid session without calling refresh', async () => {
    localStorage.removeItem('currentRefreshToken');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const calls = fakeBackend(() => json(401, {}));
    await expect(apiFetch('/api/v1/users/')).rejects.toThrow(
      'Your session is invalid, please login again!',
    );
    expect(ended).toHaveBeenCalledWith({ kind: 'no-refresh-token' });
    expect(calls.filter(isRefresh)).toHaveLength(0);
    stop();
  });

  it('never refreshes for a 401 on login: wrong credentials are just an error', async () => {
    const calls = fakeBackend(() => json(401, { detail: 'No active account' }));
    const failure = apiFetch('/api/v1/auth/login/', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    });
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('replays a late 401 for an already replaced token without a second refresh', async () => {
    const calls = fakeBackend(async (call) => {
      if (isRefresh(call)) return json(200, { access: 'new' });
      if (call.url.endsWith('/slow/')) {
        await tick();
        await tick();
      }
      return call.headers.get('Authorization') === 'Bearer new' ? json(200, {}) : json(401, {});
    });
    const slow = apiFetch('/api/v1/slow/'); // sent with 'old', answered after the refresh
    await apiFetch('/api/v1/fast/');
    await slow;
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('honours an abort signal while waiting for the refresh', async () => {
    let release: (value: Response) => void = () => undefined;
    fakeBackend((call) =>
      isRefresh(call) ? new Promise<Response>((resolve) => (release = resolve)) : json(401, {}),
    );
    const controller = new AbortController();
    const pending = apiFetch('/api/v1/users/', { signal: controller.signal });
    await tick();
    controller.abort(new DOMException('Aborted', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release(json(200, { access: 'new' }));
  });
});

describe('apiFetch: the refresh lock shared by tabs', () => {
  /** A Web Locks stand-in (jsdom has none): one holder at a time; each hold is recorded. */
  function fakeLocks() {
    const holds: { start: number; end: number }[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    const request = (_name: string, callback: () => Promise<unknown>) => {
      const run = queue.then(async () => {
        const start = performance.now();
        try {
          return await callback();
        } finally {
          holds.push({ start, end: performance.now() });
        }
      });
      queue = run.catch(() => undefined);
      return run;
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    return holds;
  }

  beforeEach(() => session.start({ user: USER, access: 'old', refresh: 'r1' }));
  afterEach(() => vi.unstubAllGlobals());

  it('is kept a moment after a refresh, for the new token to reach the other tabs', async () => {
    const holds = fakeLocks();
    fakeBackend((call) => {
      if (isRefresh(call)) return json(200, { access: 'new' });
      return call.headers.get('Authorization') === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { detail: 'expired' });
    });
    await expect(apiFetch('/api/v1/users/1/')).resolves.toEqual({ ok: true });
    await vi.waitFor(() => expect(holds).toHaveLength(1), { timeout: 2000 });
    expect(holds[0]!.end - holds[0]!.start).toBeGreaterThanOrEqual(200);
  });

  it('is let go at once by a tab that finds the token already replaced by another', async () => {
    const holds = fakeLocks();
    // Another tab holds the lock, refreshing.
    let otherTabDone: () => void = () => {};
    void navigator.locks.request(
      'another tab',
      () => new Promise<void>((resolve) => (otherTabDone = resolve)),
    );
    const calls = fakeBackend((call) =>
      call.headers.get('Authorization') === 'Bearer from-another-tab'
        ? json(200, { ok: true })
        : json(401, { detail: 'expired' }),
    );
    const reply = apiFetch('/api/v1/users/1/');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await tick();
    // Its new token lands, and it lets the lock go.
    session.setAccessToken('from-another-tab');
    otherTabDone();
    await expect(reply).resolves.toEqual({ ok: true });
    await vi.waitFor(() => expect(holds).toHaveLength(2), { timeout: 2000 });
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(holds[1]!.end - holds[1]!.start).toBeLessThan(100);
  });
});

describe('apiFetch: two tabs racing with rotated refresh tokens', () => {
  beforeEach(() => session.start({ user: USER, access: 'a1', refresh: 'r1' }));
  afterEach(() => vi.unstubAllGlobals());

  it('uses the tokens another tab rotated, and later refreshes with its new refresh token, never the retired one', async () => {
    // A Web Locks stand-in: one holder at a time.
    let queue: Promise<unknown> = Promise.resolve();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, callback: () => Promise<unknown>) => {
          const run = queue.then(callback);
          queue = run.catch(() => undefined);
          return run;
        },
      },
    });
    // The other tab holds the lock, refreshing with r1.
    let otherTabDone: () => void = () => {};
    void navigator.locks.request(
      'another tab',
      () => new Promise<void>((resolve) => (otherTabDone = resolve)),
    );
    const calls = fakeBackend((call) => {
      if (isRefresh(call)) return json(200, { access: 'a3', refresh: 'r3' });
      const bearer = call.headers.get('Authorization');
      if (bearer === 'Bearer a3') return json(200, { ok: true });
      if (bearer === 'Bearer a2' && !call.url.endsWith('/later/')) return json(200, { ok: true });
      return json(401, { detail: 'expired' });
    });
    const reply = apiFetch('/api/v1/users/1/');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await tick();
    // Its rotated pair lands in one write, and it lets the lock go.
    session.setTokens({ access: 'a2', refresh: 'r2' });
    otherTabDone();
    await expect(reply).resolves.toEqual({ ok: true });
    expect(calls.filter(isRefresh)).toHaveLength(0);

    // Later the access token it found expires: this tab refreshes with r2, the current one.
    await expect(apiFetch('/api/v1/later/')).resolves.toEqual({ ok: true });
    expect(calls.filter(isRefresh).map((call) => JSON.parse(String(call.body)))).toEqual([
      { refresh: 'r2' },
    ]);
    expect(session.getRefreshToken()).toBe('r3');
    expect(session.getAccessToken()).toBe('a3');
  });
});

describe('apiFetch: headers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends the bearer token while logged in, but never on refresh URLs', async () => {
    session.start({ user: USER, access: 'acc', refresh: 'ref' });
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/users/');
    await apiFetch(REFRESH_PATH, { method: 'POST', body: '{"refresh":"ref"}' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer acc');
    expect(calls[1]?.headers.has('Authorization')).toBe(false);
  });

  it('sends the bearer token on any other call whose path or query mentions refresh', async () => {
    session.start({ user: USER, access: 'acc', refresh: 'ref' });
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/sync/logs/?search=token%20refresh');
    await apiFetch('/api/v1/salesforce/refresh-attributes/', { method: 'POST', body: '{}' });
    await apiFetch(`https://acme.api.example.com${REFRESH_PATH}`, { method: 'POST', body: '{}' });
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer acc',
      'Bearer acc',
      null,
    ]);
  });

  it('sends no bearer when logged out', async () => {
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/auth/key/verify', { method: 'POST', body: '{"key":"k"}' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends X-XSRF-TOKEN from the cookie on non-GET relative requests, with no API host', async () => {
    document.cookie = 'XSRF-TOKEN=xs%3Drf';
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/users/');
    await apiFetch('/api/v1/users/1/', { method: 'PATCH', body: '{}' });
    await apiFetch('/api/v1/users/1/', { method: 'DELETE' });
    await apiFetch('https://acme.api.example/api/v1/users/1/', { method: 'PATCH', body: '{}' });
    expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual([
      null,
      'xs=rf',
      'xs=rf',
      null,
    ]);
  });

  describe('with an API host (production: calls go to https://<tenant>.<API host>)', () => {
    beforeEach(() => {
      startEnv(Promise.resolve({ apiHost: 'api.example.com' }));
      connectionStore.setTenantSubdomain('acme');
      document.cookie = 'XSRF-TOKEN=xs%3Drf';
    });
    afterEach(() => {
      startEnv(Promise.resolve({ apiHost: undefined }));
      connectionStore.clear();
    });

    it("sends the XSRF token cross-origin to the tenant's API origin, with its cookies", async () => {
      const calls = fakeBackend(() => json(200, {}));
      await apiFetch('/api/v1/users/1/', { method: 'PATCH', body: '{}' });
      await apiFetch('https://acme.api.example.com/api/v1/users/2/', { method: 'DELETE' });
      await apiFetch('/api/v1/users/');
      expect(calls.map((call) => call.url)).toEqual([
        'https://acme.api.example.com/api/v1/users/1/',
        'https://acme.api.example.com/api/v1/users/2/',
        'https://acme.api.example.com/api/v1/users/',
      ]);
      expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual([
        'xs=rf',
        'xs=rf',
        null, // a GET changes nothing
      ]);
      expect(calls.map((call) => call.credentials)).toEqual(['include', 'include', 'include']);
    });

    it('never sends the XSRF token or cookies to another origin', async () => {
      const calls = fakeBackend(() => json(200, {}));
      await apiFetch('https://evil.example/api/v1/users/1/', { method: 'PATCH', body: '{}' });
      await apiFetch('https://acme.api.example.com.evil.example/api/v1/users/1/', {
        method: 'POST',
        body: '{}',
      });
      await apiFetch('http://acme.api.example.com/api/v1/users/1/', { method: 'PUT', body: '{}' });
      expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual([null, null, null]);
      expect(calls.map((call) => call.credentials)).toEqual([undefined, undefined, undefined]);
    });

    it('waits for the configuration before its first call', async () => {
      let configure: (value: { apiHost: string }) => void = () => {};
      startEnv(new Promise((resolve) => (configure = resolve)));
      const calls = fakeBackend(() => json(200, {}));
      const reply = apiFetch('/api/v1/users/');
      await tick();
      expect(calls).toHaveLength(0);
      configure({ apiHost: 'api.example.com' });
      await reply;
      expect(calls.map((call) => call.url)).toEqual(['https://acme.api.example.com/api/v1/users/']);
    });

    it('once the configuration is read, sends a call in the same task it is made in', async () => {
      const calls = fakeBackend(() => json(200, {}));
      const reply = apiFetch('/api/v1/users/1/', { method: 'PATCH', body: '{}', keepalive: true });
      expect(calls.map((call) => call.url)).toEqual([
        'https://acme.api.example.com/api/v1/users/1/',
      ]);
      await reply;
    });

    it('reaches a loopback API host over http, without a label on an IP address', async () => {
      startEnv(Promise.resolve({ apiHost: '127.0.0.1:4010' }));
      const calls = fakeBackend(() => json(200, {}));
      await apiFetch('/api/v1/users/1/', { method: 'PATCH', body: '{}' });
      expect(calls[0]?.url).toBe('http://127.0.0.1:4010/api/v1/users/1/');
      expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('xs=rf');
      expect(calls[0]?.credentials).toBe('include');
    });
  });

  it('lets the browser set the multipart boundary of a FormData upload', async () => {
    const calls = fakeBackend(() => json(200, {}));
    const form = new FormData();
    form.append('account_id', '123');
    await apiFetch('/api/v1/tenants/add-policy/', {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });
});

describe('apiFetch: replies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves with the parsed JSON body of a 2xx reply, and undefined for 204', async () => {
    fakeBackend((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { id: 3 }),
    );
    await expect(apiFetch('/api/v1/users/3/')).resolves.toEqual({ id: 3 });
    await expect(apiFetch('/api/v1/users/3/', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('rejects with a typed ApiError carrying status and body', async () => {
    fakeBackend(() => json(400, { email: ['Enter a valid email address.'] }));
    const failure = await apiFetch('/api/v1/tenants/', { method: 'POST', body: '{}' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      body: { email: ['Enter a valid email address.'] },
    });
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/v1/users/')).rejects.toMatchObject({ status: 0 });
  });
});

describe('apiFetch: what a reply says about the API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    apiHealth.reset();
  });

  const page = (status: number, text = '<!doctype html><title>AceBridge</title>') =>
    new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

  it('no answer: unreachable, until the next answer, an error in the API’s shape included', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await apiFetch('/api/v1/users/').catch(() => undefined);
    expect(apiHealth.get().state).toBe('unreachable');
    fakeBackend(() => json(404, { detail: 'Not found.' }));
    await apiFetch('/api/v1/users/9/').catch(() => undefined);
    expect(apiHealth.get()).toMatchObject({ state: 'ok', lastAnswerAt: expect.any(Number) });
  });

  it('a call given up on (aborted) says nothing about the API, whatever realm its error is of', async () => {
    const aborted = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(aborted));
    await expect(apiFetch('/api/v1/users/')).rejects.toBe(aborted);
    expect(apiHealth.get().state).toBe('ok');
  });

  it('a gateway’s own page for a backend that is down: unreachable', async () => {
    for (const status of [502, 503, 504]) {
      apiHealth.reset();
      fakeBackend(() => page(status, '<h1>Bad Gateway</h1>'));
      await expect(apiFetch('/api/v1/users/')).rejects.toMatchObject({ status });
      expect(apiHealth.get().state).toBe('unreachable');
    }
  });

  // What each front answers with the API behind it stopped (tests/faults/fronts.ts), and the
  // sandbox's own injected 502 and the door's 504, both in JSON.
  const EMPTY_JSON_502 = () =>
    Promise.resolve(
      new Response(null, { status: 502, headers: { 'Content-Type': 'application/json' } }),
    );
  const DOOR_504 = () =>
    Promise.resolve(json(504, { detail: 'Prism (proxy) did not answer within 30 s.' }));
  it.each<[string, () => Promise<Response>]>([
    ...FRONTS.map(({ name, reply }): [string, () => Promise<Response>] => [name, reply]),
    ['an empty 502 said to be JSON', EMPTY_JSON_502],
    ['the door’s 504 in JSON', DOOR_504],
  ])('a front whose API does not answer, %s: unreachable', async (_front, reply) => {
    fakeBackend(reply);
    const failure = await apiFetch('/api/v1/salesforce/get-sync-data').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(apiHealth.get().state).toBe('unreachable');
  });

  it('a validating proxy that could not reach the API (Prism’s FetchError 500): unreachable, and told as the 502 it is', async () => {
    fakeBackend(
      () =>
        new Response(
          JSON.stringify({
            type: 'FetchError',
            title:
              'request to http://127.0.0.1:4999/api/v1/health/ failed, reason: connect ECONNREFUSED 127.0.0.1:4999',
            status: 500,
            detail: '',
          }),
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    );
    await expect(apiFetch('/api/v1/users/')).rejects.toMatchObject({ status: 502 });
    expect(apiHealth.get().state).toBe('unreachable');
  });

  it('the API’s own 500 is an answer: the API is there', async () => {
    apiHealth.unreachable();
    fakeBackend(() => json(500, { detail: 'Server error.' }));
    await expect(apiFetch('/api/v1/users/')).rejects.toMatchObject({ status: 500 });
    expect(apiHealth.get().state).toBe('ok');
  });

  it('a web page where the API always answers JSON (the wrong host): not the API, never data', async () => {
    fakeBackend(() => page(200));
    await expect(apiFetch('/api/v1/users/')).rejects.toBeInstanceOf(ApiError);
    expect(apiHealth.get()).toMatchObject({
      state: 'notTheApi',
      url: '/api/v1/users/',
      status: 200,
    });
  });

  it('a CSV export is the API’s own answer, returned as its text', async () => {
    fakeBackend(
      () => new Response('id,at\r\n1,2026\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    await expect(apiFetch('/api/v1/activity/export/')).resolves.toBe('id,at\r\n1,2026\r\n');
    expect(apiHealth.get().state).toBe('ok');
  });

  it('a 404 that is not the API’s own (an empty one, a page): not the API', async () => {
    fakeBackend(() => new Response('Not Found', { status: 404 }));
    await apiFetch('/api/v1/auth/login/', { method: 'POST', body: '{}' }).catch(() => undefined);
    expect(apiHealth.get()).toMatchObject({ state: 'notTheApi', status: 404 });
  });

  it('a 404 page for getHealth is a backend built before it, not a wrong host', async () => {
    fakeBackend(() => page(404, '<h1>Not Found</h1>'));
    await expect(apiFetch('/api/v1/health/')).rejects.toMatchObject({ status: 404 });
    expect(apiHealth.get().state).toBe('ok');
  });

  it('a proxy’s 413 page is the API’s size limit, not a wrong host', async () => {
    fakeBackend(() => page(413, '<h1>413 Request Entity Too Large</h1>'));
    await expect(apiFetch('/api/v1/users/')).rejects.toMatchObject({ status: 413 });
    expect(apiHealth.get().state).toBe('ok');
  });
});

describe('apiFetch: a validating proxy’s refusal (422)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is handed on as the API’s own refusal by dotted field, in plain words', async () => {
    // Prism's reply to a threshold of 0 and an hour of 30, as it answered it (npm run mock, curl).
    fakeBackend(
      () =>
        new Response(
          JSON.stringify({
            type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
            title: 'Invalid request',
            status: 422,
            detail:
              'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
            validation: [
              {
                location: ['body', 'sync_failures', 'threshold'],
                severity: 'Error',
                code: 'minimum',
                message: 'Request body property sync_failures.threshold must be >= 1',
              },
              {
                location: ['body', 'digest', 'hour'],
                severity: 'Error',
                code: 'maximum',
                message: 'Request body property digest.hour must be <= 23',
              },
            ],
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    );
    const failure = await apiFetch('/api/v1/users/me/alerts/', { method: 'PUT', body: '{}' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      body: {
        'sync_failures.threshold': ['Must be at least 1.'],
        'digest.hour': ['Must be at most 23.'],
      },
    });
    expect(apiHealth.get().state).toBe('ok');
  });
});

describe('apiFetch: request headers decorator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRequestHeadersDecorator(undefined);
  });

  it('adds the headers a decorator returns for the path and method, refresh included', async () => {
    setRequestHeadersDecorator((path, method) =>
      path === '/api/v1/users/' && method === 'GET' ? { Prefer: 'code=500' } : undefined,
    );
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/users/?page=2');
    await apiFetch('/api/v1/users/', { method: 'POST', body: '{}' });
    expect(calls.map((call) => call.headers.get('Prefer'))).toEqual(['code=500', null]);
  });

  // The scenario switcher loads beside the app, not before it: the app's first calls wait for it.
  it('holds calls made while a decorator loads, and sends them with its headers', async () => {
    let mount = () => {};
    awaitRequestHeadersDecorator(
      new Promise<void>((resolve) => {
        mount = () => {
          setRequestHeadersDecorator(() => ({ Prefer: 'example=empty' }));
          resolve();
        };
      }),
    );
    const calls = fakeBackend(() => json(200, {}));
    const first = apiFetch('/api/v1/users/');
    await tick();
    expect(calls).toEqual([]);
    mount();
    await first;
    expect(calls.map((call) => call.headers.get('Prefer'))).toEqual(['example=empty']);
  });

  it('sends held calls undecorated when the decorator fails to load', async () => {
    awaitRequestHeadersDecorator(Promise.reject(new Error('chunk failed')));
    const calls = fakeBackend(() => json(200, {}));
    await apiFetch('/api/v1/users/');
    expect(calls.map((call) => call.headers.get('Prefer'))).toEqual([null]);
  });
});
