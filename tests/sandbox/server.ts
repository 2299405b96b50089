/**
 * The living sandbox backend:
 * `tsx tests/sandbox/server.ts [--port 4011] [--fresh] [--sync-rate N] [--scale N]`.
 * `npm start` runs it behind the contract proxy (Prism, validating every exchange).
 *
 *   SANDBOX_PORT        where it listens (default 4011)
 *   SANDBOX_DATA_DIR    where its snapshot and signing secret live (default tests/sandbox/.data)
 *   SANDBOX_ACCESS_TTL  access token lifetime in seconds (default 300; the e2e suite sets a few)
 *   SANDBOX_SYNC_RATE   records a sync processes per second (`--sync-rate N`; default 60, so the
 *                       seeded Acme org syncs in about 6 s; 0 = no pacing)
 *   SANDBOX_SYNC_DELAY_MS  how long a started sync stays queued (default 0)
 *   SANDBOX_SCALE       Acme's org gets N leads and N opportunities (`--scale N`, for load work;
 *                       a fresh seed only: with a snapshot, add --fresh)
 *   SANDBOX_SCHEDULE    `off`: no scheduled syncs (default on: every company whose set-up is
 *                       complete is synced at 12:00 and 24:00 UTC while the sandbox runs)
 *
 * Sandbox-only routes, outside the contract: GET /api/sandbox/outbox (the mails it would have
 * sent: invitations, password resets and e-mail alerts), POST /api/sandbox/reset (back to the seed, and the
 * throttles forgotten; it needs the header `X-Sandbox-Reset: yes`) and POST
 * /api/sandbox/access-token (`{ refresh, lifetime }`: an access token of that session living
 * `lifetime` seconds, 0 for one already expired, so that a test of the refresh needs no wait).
 *
 * Every reply waits until the changes made so far are on disk (store.ts). A snapshot it cannot
 * read or of the wrong shape, or a journal that does not follow it, stops the start with a message
 * (store/snapshot.ts); `--fresh` starts from the seed and keeps the old files aside, renamed with
 * the time.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from '@hono/node-server';

import {
  createSandboxApp,
  operationsWithoutHandler,
  publicUrl,
  type SandboxApp,
  type SandboxDeps,
} from './app';
import { missingHandlerHint } from './contract';
import { digestsDue, sendDigests } from './domain/alerts';
import { transactWithMail } from './domain/outbox';
import { accessTokenFor } from './domain/sessions';
import { createSyncRunner, syncRateFromEnv, type SyncRunner } from './domain/sync/runner';
import { createSyncScheduler } from './domain/sync/schedule';
import {
  createWebhookDispatcher,
  SANDBOX_WEBHOOK_POLICY,
  type DispatcherDeps,
  type WebhookDispatcher,
  type WebhookPolicy,
} from './domain/webhooks';
import { outboxRefusal } from './front-door-outbox.mjs';
import { handlerModules } from './handlers';
import { throttleOf } from './handlers/throttling';
import { failureReply } from './http-failure';
import { withLiveDates } from './seed/live-dates';
import { buildSeed } from './seed/seed';
import { createStore, type Store } from './store/store';

export interface SandboxOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  fresh?: boolean;
  /** Keep state in memory only (no snapshot file). */
  inMemory?: boolean;
  accessTtl?: number;
  refreshTtl?: number;
  now?: () => Date;
  onMail?: SandboxDeps['onMail'];
  /** How long a started sync stays queued (default SANDBOX_SYNC_DELAY_MS, else 0). */
  syncDelayMs?: number;
  /**
   * Records a sync processes per second; 0 = no pacing. createSandbox (in-process tests) defaults
   * to 0; startSandbox (`npm start`, `npm run sandbox`) to SANDBOX_SYNC_RATE, else 60.
   */
  syncRate?: number;
  /** Acme's org gets this many leads and as many opportunities (default SANDBOX_SCALE, else the usual). */
  scale?: number;
  /**
   * Scheduled syncs at 12:00 and 24:00 UTC (domain/sync/schedule.ts). startSandbox starts them
   * unless SANDBOX_SCHEDULE is `off`; createSandbox (in-process tests) has none.
   */
  schedule?: boolean;
  /**
   * The seed's dates move to the present (its last sync yesterday: seed/live-dates.ts).
   * createSandbox (in-process tests) keeps the fixed dates; startSandbox moves them.
   */
  liveDates?: boolean;
  /**
   * The front door's secret (app.ts): a request whose `X-Sandbox-Door` header equals it has its
   * X-Forwarded-For, -Host and -Proto believed (the client a throttle counts, the origin of
   * pagination links). None (the default): nothing forwarded is believed, and the client is the
   * socket's address ('unknown' in process). The stack makes one per start and gives it to both.
   */
  doorToken?: string;
  /** What webhooks may reach beyond the public internet (default: loopback, as a sandbox may). */
  webhookPolicy?: WebhookPolicy;
  /** How webhook deliveries resolve names (default: the system's resolver). */
  webhookResolve?: DispatcherDeps['resolve'];
}

interface RunningSandbox {
  url: string;
  store: Store;
  app: SandboxApp;
  /** The contract's operations it has no handler for (each answers 501 saying what to add). */
  unserved: UnservedOperation[];
  close(): Promise<void>;
}

/** An operation of the contract the sandbox does not serve, and what to add (missingHandlerHint). */
interface UnservedOperation {
  method: string;
  path: string;
  operationId: string;
  detail: string;
}

/** The longest life, either way, that `POST /api/sandbox/access-token` gives a token: an hour. */
const ACCESS_LIFETIME_LIMIT = 3600;

/** The header `POST /api/sandbox/reset` requires, with the value `yes`. */
export const RESET_HEADER = 'X-Sandbox-Reset';

const DEFAULT_DATA_DIR = fileURLToPath(new URL('./.data', import.meta.url));

/** The signing secret: generated at the first start, kept beside the snapshot. */
function signingSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Builds the sandbox's app and store (no listening): for tests that call it in process. */
export function createSandbox(options: SandboxOptions = {}): {
  app: SandboxApp;
  store: Store;
  deps: SandboxDeps;
  syncs: SyncRunner;
  webhooks: WebhookDispatcher;
} {
  const dataDir = options.inMemory ? undefined : (options.dataDir ?? DEFAULT_DATA_DIR);
  const now = options.now ?? (() => new Date());
  const store = createStore({
    file: dataDir && join(dataDir, 'state.json'),
    seed: () => {
      const seed = buildSeed({ scale: options.scale ?? scaleFromEnv() });
      return options.liveDates ? withLiveDates(seed, now()) : seed;
    },
    fresh: options.fresh,
  });
  const webhooks = createWebhookDispatcher({
    store,
    now,
    policy: options.webhookPolicy ?? SANDBOX_WEBHOOK_POLICY,
    onMail: options.onMail,
    resolve: options.webhookResolve,
  });
  const deps: SandboxDeps = {
    store,
    now,
    webhooks,
    sessions: {
      secret: signingSecret(dataDir),
      accessTtl: options.accessTtl ?? 300,
      refreshTtl: options.refreshTtl ?? 7 * 24 * 3600,
      now,
    },
    onMail: options.onMail,
    doorToken: options.doorToken,
  };
  const syncs = createSyncRunner(store, {
    delayMs: options.syncDelayMs,
    rate: options.syncRate ?? 0,
    now,
    onMail: options.onMail,
    onEvents: () => webhooks.kick(),
  });
  deps.startSync = (tenantId, direction) => void syncs.start(tenantId, direction);
  const app = createSandboxApp(deps, handlerModules);
  app.post('/api/sandbox/reset', (context) => {
    // A custom header: a cross-site form cannot send one, and a cross-origin fetch with one needs
    // a CORS preflight that the front door does not grant for it. Any page the developer visits
    // could otherwise wipe the sandbox.
    if (context.req.header(RESET_HEADER) !== 'yes')
      return context.json(
        {
          error: `Resetting the sandbox needs the header ${RESET_HEADER}: yes (so that no web page can reset it with a form).`,
        },
        403,
      );
    const started = performance.now();
    store.reset();
    syncs.reset();
    webhooks.reset();
    throttleOf(deps).clear();
    return context.json({ reset: true, ms: Math.round(performance.now() - started) });
  });
  app.get('/api/sandbox/outbox', (context) => {
    // Its mails hold sign-in links: no other origin's page may read them. The front door refuses
    // such a request first (front-door-outbox.mjs); this is the same rule, for a request that
    // reaches the sandbox's port without the door. Its own origin is the one the client
    // addressed (the door's, when it came through it).
    const refusal = outboxRefusal(
      (name) => context.req.header(name),
      new URL(publicUrl(context)).origin,
    );
    if (refusal) return context.json({ detail: refusal }, 403);
    return context.json({ mails: store.state.outbox });
  });
  app.post('/api/sandbox/access-token', async (context) => {
    const body: unknown = await context.req.json().catch(() => null);
    const { refresh, lifetime } = (body ?? {}) as { refresh?: unknown; lifetime?: unknown };
    if (
      typeof refresh !== 'string' ||
      typeof lifetime !== 'number' ||
      !Number.isInteger(lifetime) ||
      Math.abs(lifetime) > ACCESS_LIFETIME_LIMIT
    )
      return context.json(
        {
          error: `Send { "refresh": "<a refresh token>", "lifetime": <whole seconds, at most ${ACCESS_LIFETIME_LIMIT} either way> }.`,
        },
        400,
      );
    try {
      const access = await accessTokenFor(deps.sessions, store.state, refresh, lifetime);
      return context.json({ access });
    } catch (error) {
      // A refresh token that is not its session's current one: the API's own 401.
      const failure = failureReply(error);
      if (failure) return context.json(failure.body, failure.status);
      throw error;
    }
  });
  return { app, store, deps, syncs, webhooks };
}

/**
 * How often the running sandbox looks for daily digests that are due (domain/alerts.ts): a digest
 * goes out within its local hour, so a minute is early enough and costs one look at the state.
 */
const DIGEST_CHECK_MS = 60_000;

/**
 * How often the running sandbox looks for webhook deliveries whose next try is due (retries wait
 * 1 min at least, so 15 s late is soon enough); a delivery's first try goes at once, after the
 * commit that queued it.
 */
const WEBHOOK_CHECK_MS = 15_000;

/**
 * How often the running sandbox looks whether a scheduled sync time (12:00 or 24:00 UTC) has
 * passed: its runs start within this long of it.
 */
const SCHEDULE_CHECK_MS = 20_000;

/** Mails the digests due now; a failed write is reported and tried again at the next look. */
function deliverDigests(deps: SandboxDeps): void {
  try {
    if (!digestsDue(deps.store.state, deps.now())) return;
    transactWithMail(deps, (draft, now) => ({ result: undefined, mails: sendDigests(draft, now) }));
  } catch (error) {
    console.error(`sandbox: the daily digests were not sent: ${String(error)}`);
  }
}

/** SANDBOX_SCALE: a positive whole number, else none. */
function scaleFromEnv(): number | undefined {
  const scale = Number(process.env.SANDBOX_SCALE);
  return Number.isInteger(scale) && scale > 0 ? scale : undefined;
}

/** @public Started by stack.mjs (`npm run sandbox`), which imports this module lazily. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { app, store, deps, webhooks, syncs } = createSandbox({
    ...options,
    syncRate: options.syncRate ?? syncRateFromEnv(),
    liveDates: options.liveDates ?? true,
  });
  const digests = setInterval(() => deliverDigests(deps), DIGEST_CHECK_MS);
  digests.unref();
  const scheduler = createSyncScheduler({
    state: () => store.state,
    start: (tenantId) => syncs.start(tenantId, 'both', 'scheduled'),
    now: deps.now,
  });
  const scheduled =
    (options.schedule ?? process.env.SANDBOX_SCHEDULE !== 'off')
      ? setInterval(() => {
          try {
            scheduler.check();
          } catch (error) {
            console.error(`sandbox: the scheduled syncs did not start: ${String(error)}`);
          }
        }, SCHEDULE_CHECK_MS)
      : undefined;
  scheduled?.unref();
  const deliveries = setInterval(() => webhooks.kick(), WEBHOOK_CHECK_MS);
  deliveries.unref();
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 4011, hostname: host }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    store,
    app,
    unserved: operationsWithoutHandler(app).map((op) => ({
      method: op.method.toUpperCase(),
      path: op.path,
      operationId: op.operationId,
      detail: missingHandlerHint(op),
    })),
    close: async () => {
      clearInterval(digests);
      clearInterval(deliveries);
      clearInterval(scheduled);
      // Tries under way are recorded before the store closes (each waits 10 s at most).
      await webhooks.idle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Waits for the writes (what a failed one undid was refused to its client), then folds the
      // journal into the snapshot.
      await store.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const sandbox = await startSandbox({
    port: Number(argument('--port') ?? process.env.SANDBOX_PORT ?? 4011),
    dataDir: process.env.SANDBOX_DATA_DIR ?? DEFAULT_DATA_DIR,
    fresh: process.argv.includes('--fresh'),
    syncRate: argument('--sync-rate') === undefined ? undefined : Number(argument('--sync-rate')),
    scale: argument('--scale') === undefined ? undefined : Number(argument('--scale')),
    accessTtl: process.env.SANDBOX_ACCESS_TTL ? Number(process.env.SANDBOX_ACCESS_TTL) : undefined,
    onMail: (mail) =>
      console.log(
        `sandbox mail to ${mail.to}: ${mail.subject}\n  ${mail.body ? `${mail.body.replaceAll('\n', '\n  ')}\n  ` : ''}${mail.link}`,
      ),
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  console.log(`sandbox on ${sandbox.url}`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
