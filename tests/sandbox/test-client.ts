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
 *
 * A test that plays several clients sends what the stack's front door would add, with its secret
 * (test-sandbox.ts makes every sandbox with TEST_DOOR_TOKEN):
 *
 *   await anonymous(app, 'POST', '/api/v1/auth/login/', body, throughDoor('203.0.113.7'));
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
  put<B = Loose>(path: string, body?: Body): Promise<Answer<B>>;
  delete<B = Loose>(path: string): Promise<Answer<B>>;
}

const XSRF = /XSRF-TOKEN=([^;]+)/;

/** The front door's secret of every sandbox test-sandbox.ts makes (SandboxOptions.doorToken). */
export const TEST_DOOR_TOKEN = 'the-test-front-door';

/**
 * The headers the stack's front door adds to a request from the client at `client`: its address,
 * and the door's secret, without which the sandbox believes no forwarded header. `origin` is the
 * front door's origin the client called (X-Forwarded-Host and -Proto).
 */
export function throughDoor(
  client: string,
  origin?: string,
  token: string = TEST_DOOR_TOKEN,
): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-for': client, 'x-sandbox-door': token };
  if (origin) {
    const url = new URL(origin);
    headers['x-forwarded-host'] = url.host;
    headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  }
  return headers;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  // A CSV export is read as its text; everything else the sandbox answers is JSON.
  if (response.headers.get('content-type')?.startsWith('text/csv'))
    return { status: response.status, body: text };
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function encode(body: Body): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** One call without a session (public operations), JSON in and out; `headers` are added. */
export async function anonymous(
  app: SandboxApp,
  method: string,
  path: string,
  body?: Body,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const encoded = encode(body);
  return answer(
    await app.request(path, {
      method,
      body: encoded.body,
      headers: { ...encoded.headers, ...headers },
    }),
  );
}

/**
 * Signs in (the demo password unless given) and returns a client that carries the session;
 * `headers` go with every call (throughDoor: a client of its own).
 */
export async function signIn(
  app: SandboxApp,
  email: string,
  password: string = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<ApiClient> {
  const login = await app.request('/api/v1/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  const xsrf = XSRF.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const session = (await answer(login)) as Answer<ApiClient>;
  if (session.status !== 200) throw new Error(`sign-in of ${email} failed: ${session.status}`);

  const send = async (method: string, path: string, body?: Body) => {
    const encoded = encode(body);
    const sent: Record<string, string> = {
      ...headers,
      ...encoded.headers,
      authorization: `Bearer ${client.access}`,
      cookie: `XSRF-TOKEN=${xsrf}`,
    };
    if (method !== 'GET') sent['x-xsrf-token'] = xsrf;
    return answer(await app.request(path, { method, body: encoded.body, headers: sent }));
  };
  const client: ApiClient = {
    user: session.body.user,
    access: session.body.access,
    refresh: session.body.refresh,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body),
    patch: (path, body) => send('PATCH', path, body),
    put: (path, body) => send('PUT', path, body),
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
  deps,
}: {
  store: Store;
  syncs: SyncRunner;
  deps?: { webhooks?: { reset(): void; idle(): Promise<void> } };
}): Promise<void> {
  syncs.reset();
  deps?.webhooks?.reset();
  await syncs.idle();
  await deps?.webhooks?.idle();
  await store.close();
}
