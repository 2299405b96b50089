/**
 * The sandbox's HTTP layer (Hono): one typed `operation` per contract operation, the session and
 * XSRF checks every backend call gets, and the refusals of the domain turned into the contract's
 * error replies. Handlers live in `handlers/<tag>.ts`, one module per OpenAPI tag.
 *
 * Who is calling, and at which address: the sandbox listens on a loopback address behind the
 * stack's front door, and answers only requests addressed to a loopback name (a web page whose
 * host name an attacker points at 127.0.0.1, DNS rebinding, is refused). What the front door
 * forwards (X-Forwarded-For, -Host, -Proto) is believed only from a request that carries the
 * door's secret (`X-Sandbox-Door`, the `doorToken` the stack gives both): anything else on this
 * machine could send those headers and pass as any client.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

import { isLoopbackHost } from '../contract/door-guard.mjs';
import {
  contractOperations,
  missingHandlerHint,
  type ContractOperation,
  routePattern,
  type MethodOf,
  type Path,
  type Query,
  type Reply,
  type RequestBody,
  type Schemas,
} from './contract';
import { actorOf, type Origin } from './domain/activity';
import type { Mail, MailDeps } from './domain/outbox';
import { authenticate, type Session, type SessionSettings } from './domain/sessions';
import type { WebhookDispatcher } from './domain/webhooks';
import { failureReply, HttpFailure } from './http-failure';
import { requestChecks } from './request-checks';
import type { UserRow } from './store/state';
import type { Store } from './store/store';

export interface SandboxDeps extends MailDeps {
  store: Store;
  sessions: SessionSettings;
  now: () => Date;
  /** Told of every mail written to the outbox (`npm start` prints it). */
  onMail?: (mail: Mail) => void;
  /**
   * Sends webhook deliveries (domain/webhooks.ts); none: handlers/webhooks.ts makes one on first
   * use, with the sandbox's policy.
   */
  webhooks?: WebhookDispatcher;
  /** Runs a sync in the background (the sync engine's runner). */
  startSync?: (tenantId: number, direction: Schemas['SyncRunDirection']) => void;
  /**
   * The front door's secret: a request whose `X-Sandbox-Door` header equals it has its
   * X-Forwarded-* headers believed. None: nothing forwarded is believed.
   */
  doorToken?: string;
}

type SandboxEnv = { Variables: { deps: SandboxDeps; requestId: string } };
export type SandboxApp = Hono<SandboxEnv>;

export interface Call<P extends Path, M extends MethodOf<P>> {
  body: RequestBody<P, M>;
  query: Partial<Record<keyof Query<P, M> & string, string>>;
  params: Record<string, string>;
  deps: SandboxDeps;
  /** The caller's session; operations the contract marks `security: []` get null. */
  session: Session | null;
  /** The request's id (X-Request-Id): the caller's when sane, else made here; echoed on the reply. */
  requestId: string;
  context: Context<SandboxEnv>;
}

/** A reply with its status kept literal, so the compiler checks it against the contract. */
export function reply<const S extends number, B>(status: S, body: B): { status: S; body: B } {
  return { status, body };
}

/** The session of an operation that requires one (the contract says so; checked before the handler). */
export function sessionOf(call: { session: Session | null }): Session {
  if (!call.session) throw new Error('This operation is public: it has no session.');
  return call.session;
}

/**
 * Who makes a change, for the activity log: the signed-in caller (as named now), their tenant,
 * the request and the sandbox's clock.
 */
export function originOf(call: OriginCall): Origin {
  const session = sessionOf(call);
  const user = call.deps.store.state.users.find((row) => row.id === session.userId);
  return { ...originFor(call, user ?? null), tenantId: session.tenantId };
}

type OriginCall = { session: Session | null; requestId: string; deps: SandboxDeps };

/**
 * Who makes a change without a session yet (a sign-in, a new company, an invitation or reset
 * link): that user and their tenant; none (no tenant) for a sign-in at an unknown address.
 */
export function originFor(call: OriginCall, user: UserRow | null): Origin {
  return {
    tenantId: user?.tenantId ?? null,
    actor: user ? actorOf(user) : null,
    requestId: call.requestId,
    at: call.deps.now(),
  };
}

/**
 * A request id the caller sent is kept when it is 1 to 128 of these characters (it goes into logs
 * and the activity log as it is, so nothing that could break a line or a CSV cell); else one is made.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REQUEST_ID_HEADER = 'X-Request-Id';

function requestIdOf(context: Context): string {
  const sent = context.req.header(REQUEST_ID_HEADER)?.trim();
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The header that carries the front door's secret (SandboxDeps.doorToken). */
export const DOOR_HEADER = 'X-Sandbox-Door';

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(sent: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}

/** Whether the request carries the front door's secret: only then is what it forwards believed. */
function fromFrontDoor(context: Context<SandboxEnv>): boolean {
  const secret = context.get('deps').doorToken;
  const sent = context.req.header(DOOR_HEADER);
  return Boolean(secret) && sent !== undefined && sameSecret(sent, secret ?? '');
}

/** A header the front door forwarded, when the request came through it; else undefined. */
function forwarded(context: Context<SandboxEnv>, name: string): string | undefined {
  if (!fromFrontDoor(context)) return undefined;
  return context.req.header(name)?.trim() || undefined;
}

/**
 * The client a per-client limit counts: the address the front door saw the request come from
 * (X-Forwarded-For, which it sets, replacing any the client sent; the last entry, the one a proxy
 * that appends would add), else the socket's address, else 'unknown' (a test calling the app in
 * process without the door's secret).
 */
export function clientOf(context: Context<SandboxEnv>): string {
  const door = forwarded(context, 'x-forwarded-for')?.split(',').at(-1)?.trim();
  if (door) return door;
  try {
    return getConnInfo(context).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The request's URL as the client addressed it: through the front door, its origin
 * (X-Forwarded-Host and -Proto), not the sandbox's private port; links the sandbox writes
 * (pagination's next and previous) must work for the client.
 */
export function publicUrl(context: Context<SandboxEnv>): string {
  const url = new URL(context.req.url);
  const host = forwarded(context, 'x-forwarded-host');
  if (host && isLoopbackHost(host)) {
    url.host = host;
    const proto = forwarded(context, 'x-forwarded-proto')?.toLowerCase();
    url.protocol = proto === 'https' ? 'https:' : 'http:';
  }
  return url.toString();
}

/**
 * The hosts the request was addressed to (its Host header, and its URL's, which an absolute
 * request target may set apart), and the front door's (the Host it was called with) when it came
 * through it; the request is refused unless each names this machine.
 */
function refuseForeignHost(context: Context<SandboxEnv>): Response | undefined {
  const hosts = [
    context.req.header('host'),
    new URL(context.req.url).host,
    forwarded(context, 'x-forwarded-host'),
  ].filter((host): host is string => host !== undefined);
  const foreign = hosts.find((host) => !isLoopbackHost(host));
  if (foreign === undefined) return undefined;
  return context.json(
    {
      detail: `The sandbox answers requests addressed to this machine only (127.0.0.1, localhost, [::1] or a name under .localhost, any port), not to ${JSON.stringify(foreign.slice(0, 100))}.`,
    },
    421,
  );
}

async function readBody(context: Context): Promise<unknown> {
  const type = context.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data')) return context.req.parseBody();
  const text = await context.req.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpFailure(400, { detail: 'JSON parse error.' });
  }
}

/**
 * Declares the handler of one contract operation. Its replies are checked against the contract's
 * declared statuses and bodies at compile time; whether it needs a session comes from the contract.
 */
export function operation<P extends Path, M extends MethodOf<P>>(
  app: SandboxApp,
  method: M,
  path: P,
  handler: (call: Call<P, M>) => Reply<P, M> | Promise<Reply<P, M>>,
): void {
  const declared = contractOperations().find((op) => op.path === path && op.method === method);
  if (!declared) throw new Error(`${method.toUpperCase()} ${path} is not in openapi.yaml`);
  // The body and the query are checked against the contract before the handler runs (types,
  // maxLength, maxItems, enums): defence in depth, as a backend with no Prism in front of it.
  const checks = requestChecks(path, method);
  app.on(method.toUpperCase(), routePattern(path), async (context) => {
    const deps = context.get('deps');
    try {
      const session = declared.isPublic
        ? null
        : await authenticate(deps.sessions, deps.store.state, context.req.header('authorization'));
      if (session && method !== 'get') checkXsrf(context);
      const query = context.req.query();
      checks.query(query);
      const body = (await readBody(context)) as RequestBody<P, M>;
      checks.body(body, context.req.header('content-type') ?? '');
      const reply = await handler({
        body,
        query: query as Call<P, M>['query'],
        params: context.req.param() as Record<string, string>,
        deps,
        session,
        requestId: context.get('requestId'),
        context,
      });
      const { status, body: replyBody } = reply as { status: number; body: unknown };
      if (replyBody === undefined) return context.body(null, status as 204);
      // The contract's one reply that is not JSON is a CSV export (its schema is a string).
      if (typeof replyBody === 'string')
        return context.body(replyBody, status as 200, {
          'Content-Type': 'text/csv; charset=utf-8',
        });
      return context.json(replyBody as object, status as 200);
    } catch (error) {
      const failure = failureReply(error);
      if (failure) return context.json(failure.body, failure.status);
      console.error(`sandbox: ${method.toUpperCase()} ${context.req.path} failed`, error);
      return context.json(
        { error: 'The sandbox failed on this request; see the npm start console.' },
        500,
      );
    }
  });
}

/** Double-submit cookie: a state-changing call with a session must echo the XSRF cookie. */
function checkXsrf(context: Context): void {
  const cookie = getCookie(context, XSRF_COOKIE);
  const header = context.req.header(XSRF_HEADER);
  if (!cookie || header !== cookie)
    throw new HttpFailure(401, {
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'csrf_failed',
    });
}

const unserved = new WeakMap<SandboxApp, readonly ContractOperation[]>();

/** The operations of the contract that `app` has no handler for (each answers 501). */
export function operationsWithoutHandler(app: SandboxApp): readonly ContractOperation[] {
  return unserved.get(app) ?? [];
}

/**
 * Every operation of the contract that no handler serves answers 501, naming itself and what to
 * add (missingHandlerHint), and is named once when the app is made: an operation added to
 * openapi.yaml without its handler is said where it shows, not as a bare 404 (which Prism would
 * pass as a declared NotFound). The 501 is in no operation's responses, so Prism in front
 * records it as a violation too.
 */
function serveMissingOperations(app: SandboxApp): void {
  const served = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  const missing = contractOperations().filter(
    (op) => !served.has(`${op.method.toUpperCase()} ${routePattern(op.path)}`),
  );
  unserved.set(app, missing);
  for (const op of missing) {
    const hint = missingHandlerHint(op);
    app.on(op.method.toUpperCase(), routePattern(op.path), (context) =>
      context.json({ detail: hint }, 501),
    );
  }
  if (missing.length > 0)
    console.warn(
      `sandbox: ${missing.length} operation(s) of openapi.yaml have no handler and answer 501:\n` +
        missing.map((op) => `  - ${missingHandlerHint(op)}`).join('\n'),
    );
}

export function createSandboxApp(
  deps: SandboxDeps,
  register: ReadonlyArray<(app: SandboxApp) => void>,
): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>({ strict: true });
  app.use('*', async (context, next) => {
    context.set('deps', deps);
    const requestId = requestIdOf(context);
    context.set('requestId', requestId);
    context.header(REQUEST_ID_HEADER, requestId);
    const refused = refuseForeignHost(context);
    if (refused) return refused;
    // Every reply sets the XSRF cookie once, as Django's CSRF middleware does.
    if (!getCookie(context, XSRF_COOKIE))
      setCookie(context, XSRF_COOKIE, randomBytes(24).toString('hex'), {
        path: '/',
        sameSite: 'Lax',
      });
    await next();
    // A reply goes out only once every change made so far is on disk (store.ts groups the
    // writes): an acknowledged write survives a crash. A failed write is not acknowledged.
    try {
      await deps.store.flushed();
    } catch (error) {
      console.error(`sandbox: ${context.req.method} ${context.req.path} not acknowledged`, error);
      context.res = undefined;
      context.res = context.json(
        { error: 'The sandbox could not save this change; see the npm start console.' },
        500,
      );
    }
  });
  for (const add of register) add(app);
  serveMissingOperations(app);
  app.notFound((context) => context.json({ detail: 'Not found.' }, 404));
  return app;
}
