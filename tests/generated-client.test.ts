import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import { session } from '@/api/session';
import { login } from '@generated/api/auth/auth';
import { getListSyncErrorsQueryOptions } from '@generated/api/sync/sync';
import { deleteUser } from '@generated/api/users/users';
import type { paths } from '@generated/openapi';

type LoginReply =
  paths['/api/v1/auth/login/']['post']['responses']['200']['content']['application/json'];

const reply: LoginReply = {
  user: {
    id: 1,
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana@acme-cloud.com',
    role: 'super_admin',
    is_active: true,
  },
  access: 'a.b.c',
  refresh: 'd.e.f',
};

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('generated client through the mutator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a generated mutation to the contract path with a JSON body and returns the typed reply', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response(JSON.stringify(reply), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const result = await login({ email: 'dana@acme-cloud.com', password: 'Sup3r-Secret!' });
    expect(result.user.role).toBe('super_admin');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/login/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'dana@acme-cloud.com',
      password: 'Sup3r-Secret!',
    });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('builds query strings and query keys from the contract parameters', async () => {
    session.start({ user: reply.user, access: 'acc', refresh: 'ref' });
    const fetchMock = stubFetch(
      () =>
        new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const options = getListSyncErrorsQueryOptions({ page: 2 });
    expect(options.queryKey).toEqual([
      '/api/v1/salesforce/data-mappings/sync-errors/',
      { page: 2 },
    ]);
    const data = await new QueryClient().fetchQuery(options);
    expect(data.count).toBe(0);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/salesforce/data-mappings/sync-errors/?page=2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer acc');
  });

  it('rejects with the typed ApiError of the mutator', async () => {
    session.start({ user: reply.user, access: 'acc', refresh: 'ref' });
    stubFetch(
      () =>
        new Response(JSON.stringify({ detail: 'Not found.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const failure = await deleteUser(42).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, url: '/api/v1/users/42/' });
  });
});
