/**
 * A tiny client for tests that call the sandbox's Hono app in process: it signs in, keeps the
 * access token and the XSRF cookie, and echoes the cookie in `X-XSRF-TOKEN` on every non-GET call,
 * as the app's transport does.
 *
 *   const api = await signIn(app, 'dana.whitfield@acme-cloud.com');
 *   const { status, body } = await api.post('/api/v1/tenants/invite-users/', { ... });
 *
 * And the end of every sandbox a test makes: `stopSandbox` (test-sandbox.ts calls it for each
 * sandbox it makes; tests/sandbox-backend.ts after each test of the app's).
 */
import type { SandboxApp } from './app';
import type { SyncRunner } from './domain/sync/runner';
import { DEMO_PASSWORD } from './seed/seed';
import type { Store } from './store/store';

/** Replies as tests read them: assertions check their shape (the handlers are typed by the contract). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface Answer<B = Loose> {
  status: number;
  body: B;
}

type Body = unknown;

export interface ApiClient {
  /** The signed-in user as the login replied, and the session's tokens. */
  user: { id: number; email: string; role: string };
  access: string;
  refresh: string;
  get<B = Loose>(path: string): Promise<Answer<B>>;
  post<B = Loose>(path: string, body?: Body): Promise<Answer<B>>;
  patch<B = Loose>(path: string, body?: Body): Promise<Answer<B>>;
  delete<B = Loose>(path: string): Promise<Answer<B>>;
}

const XSRF = /XSRF-TOKEN=([^;]+)/;

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function encode(body: Body): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** One call without a session (public operations), JSON in and out. */
export async function anonymous(
  app: SandboxApp,
  method: string,
  path: string,
  body?: Body,
): Promise<Answer> {
  const encoded = encode(body);
  return answer(await app.request(path, { method, body: encoded.body, headers: encoded.headers }));
}

/** Signs in (the demo password unless given) and returns a client that carries the session. */
export async function signIn(
  app: SandboxApp,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<ApiClient> {
  const login = await app.request('/api/v1/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const xsrf = XSRF.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const session = (await answer(login)) as Answer<ApiClient>;
  if (session.status !== 200) throw new Error(`sign-in of ${email} failed: ${session.status}`);

  const send = async (method: string, path: string, body?: Body) => {
    const encoded = encode(body);
    const headers: Record<string, string> = {
      ...encoded.headers,
      authorization: `Bearer ${client.access}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
    };
    if (method !== 'GET') headers['x-xsrf-token'] = xsrf;
    return answer(await app.request(path, { method, body: encoded.body, headers }));
  };
  const client: ApiClient = {
    user: session.body.user,
    access: session.body.access,
    refresh: session.body.refresh,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    patch: (path, body) => send('PATCH', path, body),
    delete: (path) => send('DELETE', path),
  };
  return client;
}

/**
 * Stops a sandbox that a test is done with: the syncs under way go no further (and are waited
 * for), then its store is closed. What every sandbox of a test goes through at the end.
 */
export async function stopSandbox({
  store,
  syncs,
}: {
  store: Store;
  syncs: SyncRunner;
}): Promise<void> {
  syncs.reset();
  await syncs.idle();
  await store.close();
}
