import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Reply = unknown | Response | ((call: Call) => unknown | Response | Promise<unknown>);

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const status = (code: number, body?: unknown) => json(code, body);

/**
 * Stubs fetch with a table of replies keyed 'METHOD /path/' ('PATCH /api/.../{id}/' matches any
 * id). Unknown calls fail the test with a 501. Every call is recorded.
 */
export function fakeBackend(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const match = (method: string, path: string) =>
    Object.entries(routes).find(([key]) => {
      const [routeMethod, routePath = ''] = key.split(' ');
      const pattern = new RegExp(`^${routePath.replace(/\{id\}/g, '\\d+')}$`);
      return routeMethod === method && pattern.test(path);
    })?.[1];

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://app.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = match(method, url.pathname);
      if (reply === undefined) return json(501, { error: `No fake for ${method} ${url.pathname}` });
      const value =
        typeof reply === 'function' ? await (reply as (c: Call) => unknown)(call) : reply;
      if (value instanceof Response) return value;
      return json(method === 'POST' ? 201 : 200, value);
    }),
  );

  return {
    calls,
    /** The calls of one method to paths starting with `path`. */
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path.startsWith(path)),
  };
}
