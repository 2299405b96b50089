/**
 * The one backend of unit and component tests: the sandbox (tests/sandbox/app.ts) in process,
 * with `fetch` routed to its `app.request`, so a screen under test talks to the same typed,
 * stateful backend that `npm start` runs, never to a hand-made fake that drifts from the contract.
 *
 *   const backend = setupSandboxBackend();          // in the test file, at the top level
 *   await backend.signIn(DANA);                   // a real login; the app's session is set
 *   backend.store.transact((draft) => { ... });   // set the scene through the sandbox's store
 *   await backend.as(DANA).post('/api/v1/...');   // ... or through its API
 *   backend.fail('inviteUser', { status: 400, body: { email: ['taken'] } });
 *   const gate = backend.hold('checkConnection'); // replies wait until gate.release()
 *   expect(backend.writes()).toEqual([...]);      // what the app sent
 *
 * Every test gets a fresh sandbox from the seed (tests/sandbox/store/seed.ts). A call that is not
 * an operation of openapi.yaml fails the test, with its method and path. Host names are ignored:
 * whatever API host the transport builds (relative `/api`, or a tenant's origin) reaches the
 * sandbox. Cookies (the XSRF double-submit cookie) go through jsdom's `document.cookie`, as in a
 * browser, so the transport's own XSRF handling is what is exercised.
 */
import { Blob as NodeBlob } from 'node:buffer';

import { afterEach, beforeEach, vi } from 'vitest';

import { session, type SessionTokens } from '@/api/session';

import type { operations } from '../generated/openapi';
import { createSandboxApp, type SandboxApp, type SandboxDeps } from './sandbox/app';
import { contractOperations, type ContractOperation } from './sandbox/contract';
import { createSyncRunner, type SyncRunner } from './sandbox/domain/sync/runner';
import { handlerModules } from './sandbox/handlers';
import { buildSeed, DEMO_PASSWORD } from './sandbox/seed/seed';
import type { State } from './sandbox/store/state';
import { createStore, type Store } from './sandbox/store/store';
import { signIn as signInClient, stopSandbox, type ApiClient } from './sandbox/test-client';

/** The seeded demo accounts (password DEMO_PASSWORD). */
export const DANA = 'dana.whitfield@acme-cloud.com'; // Acme's super_admin, id 1
export const MARCUS = 'marcus.oyelaran@acme-cloud.com'; // Acme's user, id 2

type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : unknown;
type Responses<O extends OperationId> = operations[O]['responses'];

/** A reply the contract declares for the operation (any status of it, with its body). */
type DeclaredReply<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends number
    ? { status: S; body?: JsonOf<Responses<O>[S]> }
    : never;
}[keyof Responses<O>];

/** One call the app made, as the backend received it. */
interface RecordedCall {
  operationId: OperationId;
  method: string;
  /** Where the call went: the page's origin for a relative URL, or the (tenant's) API origin. */
  origin: string;
  path: string;
  search: URLSearchParams;
  /** The request's headers as the app set them (Authorization, X-XSRF-TOKEN, ...). */
  headers: Headers;
  /** The JSON body (parsed), the FormData, or undefined. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted by shape in tests; the contract types them on the sandbox's side
  body: any;
  keepalive: boolean;
  /** The call's abort signal, if it had one: whether the app cancelled it. */
  signal: AbortSignal | undefined;
}

interface Injected {
  operationId: OperationId;
  reply: { status: number; body?: unknown } | 'network-error';
  times: number;
}

interface Gate {
  /** Lets the calls held so far go on (later calls are held again). */
  release(): void;
  /** Stops holding: the calls held so far and every later one go on. */
  open(): void;
  /** How many calls are waiting now. */
  readonly waiting: number;
}

export interface SandboxBackend {
  /** The sandbox's store for this test: read `state`, change it with `transact`. */
  readonly store: Store;
  readonly app: SandboxApp;
  /** Resolves when every sync started so far has run. */
  syncsIdle(): Promise<void>;
  /** Signs in a seeded user through the sandbox's login and starts the app's session with it. */
  signIn(email: string, password?: string): Promise<SessionTokens>;
  /** A client of the sandbox's API signed in as `email`, to change state as that user would. */
  as(email: string, password?: string): Promise<ApiClient>;
  /**
   * Every call the app made in this test, in order, but the API's health probe: the app asks for
   * it on its own clock whenever a call has gone unanswered for a few seconds (a slow test on a
   * loaded machine), not because of what the test did. `callsTo('getHealth')` has those.
   */
  readonly calls: readonly RecordedCall[];
  /** The calls that change something (not GET). */
  writes(): RecordedCall[];
  /** The calls to one operation. */
  callsTo(operationId: OperationId): RecordedCall[];
  /** Answers the next `times` (default 1; Infinity for every) calls to an operation with `reply`. */
  fail<O extends OperationId>(
    operationId: O,
    reply: DeclaredReply<O> | { status: 500 | 502 | 503; body?: unknown },
    options?: { times?: number },
  ): void;
  /** The next `times` calls to an operation fail as an unreachable backend would (no reply). */
  failNetwork(operationId: OperationId, options?: { times?: number }): void;
  /** Holds the calls to these operations (or that `match` accepts) until the gate lets them go. */
  hold(match: OperationId | OperationId[] | ((call: RecordedCall) => boolean)): Gate;
  /** Delays every reply of an operation by `ms` (real time). */
  delay(operationId: OperationId, ms: number): void;
}

let seed: State | undefined;
/** The seed is built once per test file (about 100 ms) and copied for each test (about 20 ms). */
function freshSeed(): State {
  seed ??= buildSeed();
  return structuredClone(seed);
}

const byLiteralness = (a: ContractOperation, b: ContractOperation) =>
  (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0);
let matchers: { operation: ContractOperation; pattern: RegExp }[] | undefined;

/** The contract operation a method and path belong to (literal paths before templated ones). */
function operationOf(method: string, path: string): ContractOperation | undefined {
  matchers ??= [...contractOperations()].sort(byLiteralness).map((operation) => ({
    operation,
    pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  const lower = method.toLowerCase();
  return matchers.find((entry) => entry.operation.method === lower && entry.pattern.test(path))
    ?.operation;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Rejects when `signal` aborts, as `fetch` does. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * jsdom's FormData and Blob are not Node's: Node's `Request` would send a jsdom Blob empty. The
 * form is copied into Node's own FormData (taken from a Response, the one place Node hands it out).
 */
async function nodeFormData(form: FormData): Promise<FormData> {
  const copy = await new Response(new URLSearchParams()).formData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') copy.append(name, value);
    else {
      const file = value as File;
      const blob = new NodeBlob([await file.text()], { type: file.type });
      copy.append(name, blob as unknown as Blob, file.name);
    }
  }
  return copy;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function clearCookies(): void {
  if (typeof document === 'undefined') return;
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

/** Keeps the cookies a reply sets, as the browser would. */
function keepCookies(response: Response): void {
  if (typeof document === 'undefined') return;
  for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
}

/**
 * Installs the sandbox backend for every test of the file: a fresh sandbox before each test,
 * `fetch` routed to it, and after each test a failure for every call the contract doesn't have.
 */
export function setupSandboxBackend(options: { syncDelayMs?: number } = {}): SandboxBackend {
  let store!: Store;
  let app!: SandboxApp;
  let syncs!: SyncRunner;
  let calls: RecordedCall[] = [];
  let unknown: string[] = [];
  let injected: Injected[] = [];
  let delays = new Map<OperationId, number>();
  let holds: { match: (call: RecordedCall) => boolean; state: GateState }[] = [];

  interface GateState {
    open: boolean;
    waiting: (() => void)[];
  }

  async function backendFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(
      input instanceof Request ? input.url : String(input),
      globalThis.location?.href ?? 'http://localhost/',
    );
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const operation = operationOf(method, url.pathname);
    if (!operation) {
      const message = `Unexpected call to the backend: ${method} ${url.pathname} is not in openapi.yaml`;
      unknown.push(message);
      throw new Error(message);
    }
    const call: RecordedCall = {
      operationId: operation.operationId as OperationId,
      method,
      origin: url.origin,
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init.headers),
      body: parseBody(init.body),
      keepalive: Boolean(init.keepalive),
      signal: init.signal ?? undefined,
    };
    calls.push(call);

    const gates = holds.filter((hold) => !hold.state.open && hold.match(call));
    await abortable(
      Promise.all(
        gates.map((gate) => new Promise<void>((resolve) => gate.state.waiting.push(resolve))),
      ),
      init.signal,
    );
    const delay = delays.get(call.operationId);
    if (delay) await abortable(new Promise((resolve) => setTimeout(resolve, delay)), init.signal);

    const failure = injected.find((entry) => entry.operationId === call.operationId);
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) injected = injected.filter((entry) => entry !== failure);
      if (failure.reply === 'network-error') throw new TypeError('fetch failed');
      return json(failure.reply.status, failure.reply.body);
    }

    const headers = new Headers(init.headers);
    if (typeof document !== 'undefined' && document.cookie) headers.set('cookie', document.cookie);
    const body = init.body instanceof FormData ? await nodeFormData(init.body) : init.body;
    const response = await abortable(
      Promise.resolve(
        app.request(`${url.pathname}${url.search}`, { method, headers, body: body ?? undefined }),
      ),
      init.signal,
    );
    keepCookies(response);
    return response;
  }

  beforeEach(() => {
    store = createStore({ seed: freshSeed });
    const now = () => new Date();
    const deps: SandboxDeps = {
      store,
      now,
      sessions: { secret: 'unit-tests', accessTtl: 300, refreshTtl: 7 * 24 * 3600, now },
    };
    syncs = createSyncRunner(store, { delayMs: options.syncDelayMs ?? 0, now });
    deps.startSync = (tenantId, direction) => void syncs.start(tenantId, direction);
    app = createSandboxApp(deps, handlerModules);
    calls = [];
    unknown = [];
    injected = [];
    delays = new Map();
    holds = [];
    vi.stubGlobal('fetch', vi.fn(backendFetch));
  });

  afterEach(async () => {
    for (const hold of holds) hold.state.waiting.splice(0).forEach((go) => go());
    clearCookies();
    vi.unstubAllGlobals();
    // The test's sandbox is stopped as every sandbox of a test is: a sync the test left under way
    // goes no further, in the time of the next tests.
    await stopSandbox({ store, syncs });
    if (unknown.length > 0) throw new Error(unknown.join('\n'));
  });

  const backend: SandboxBackend = {
    get store() {
      return store;
    },
    get app() {
      return app;
    },
    syncsIdle: () => syncs.idle(),
    async signIn(email, password = DEMO_PASSWORD) {
      // The login the app's own login page makes; the browser keeps the XSRF cookie it sets.
      const login = await app.request('/api/v1/auth/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (login.status !== 200) throw new Error(`sign-in of ${email} failed: ${login.status}`);
      keepCookies(login);
      const reply = (await login.json()) as SessionTokens;
      session.start(reply);
      return reply;
    },
    as: (email, password = DEMO_PASSWORD) => signInClient(app, email, password),
    get calls() {
      return calls.filter((call) => call.operationId !== 'getHealth');
    },
    writes: () => calls.filter((call) => call.method !== 'GET'),
    callsTo: (operationId) => calls.filter((call) => call.operationId === operationId),
    fail(operationId, reply, { times = 1 } = {}) {
      injected.push({ operationId, reply, times });
    },
    failNetwork(operationId, { times = 1 } = {}) {
      injected.push({ operationId, reply: 'network-error', times });
    },
    hold(match) {
      const accepts =
        typeof match === 'function'
          ? match
          : (call: RecordedCall) =>
              (Array.isArray(match) ? match : [match]).includes(call.operationId);
      const state: GateState = { open: false, waiting: [] };
      holds.push({ match: accepts, state });
      return {
        release: () => state.waiting.splice(0).forEach((go) => go()),
        open: () => {
          state.open = true;
          state.waiting.splice(0).forEach((go) => go());
        },
        get waiting() {
          return state.waiting.length;
        },
      };
    },
    delay(operationId, ms) {
      delays.set(operationId, ms);
    },
  };
  return backend;
}
