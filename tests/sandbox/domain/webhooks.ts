/**
 * Signed webhooks per company (tag `webhooks`): where AceBridge POSTs its events, and the rules of
 * sending them.
 *
 * - Where: an https URL with no user name or password, never an address inside a private network
 *   (`refusedAddress`: 10/8, 172.16/12, 192.168/16, 169.254/16, 127/8, 0/8, ::1, ::, fc00::/7,
 *   fe80::/10, an IPv4 address written as IPv6 included), so that a webhook cannot be used to
 *   reach inside. Refused at save (a literal address, `localhost`) and again before each try (the
 *   addresses the name resolves to then: a name can change its answer after the save). Loopback
 *   (127/8, ::1, `localhost`), over http too, is allowed only when the policy says so: the
 *   sandbox does (`SANDBOX_WEBHOOK_POLICY`), so that a receiver on the developer's machine, or a
 *   test's, can be tried; a real backend would not. The name is resolved before the try and
 *   fetch resolves it again: a name that answers differently within that moment (DNS rebinding)
 *   is not caught here; a real backend pins the address it checked.
 * - What: a WebhookPayload `{ id, type, created, tenant, text, data }`, the same bytes in each try,
 *   signed per try: `AceBridge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
 *   (`signatureHeader`; `verifySignature` is what a receiver does, and the tests' receiver uses).
 * - When: on the events of the e-mail alerts, which domain/alerts.ts detects once for both
 *   (`enqueueEvent` is called there), and `test` (`sendTest`). A delivery is queued in the
 *   transaction of its event, so a refused change sends nothing; the dispatcher tries it after
 *   the commit.
 * - Tries: at once, then 1 min, 5 min, 30 min and 2 h after the try before (5 tries); a 2xx
 *   within 10 s delivers. A redirect is a failed try, not followed (it could lead inside). A
 *   delivery whose tries all failed is failed; 5 failed deliveries in a row pause the webhook and
 *   mail the company's super admins; a delivered one sets the count back to 0. A test is tried
 *   once and does not count.
 * - The secret is shown once (createWebhook, rotateWebhookSecret): never in a list, a delivery
 *   or an activity event.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import type { Draft } from 'immer';

import type { Schemas } from '../contract';
import { nextId, type State, type WebhookDeliveryRow, type WebhookRow } from '../store/state';
import type { Store } from '../store/store';
import { fieldErrors, notFound, refuseBeyondListBound } from './failure';
import { writeAlert, type Mail } from './outbox';

type WebhookEventType = Schemas['WebhookEventType'];
type DeliveryType = Schemas['WebhookDeliveryType'];

/** What a backend allows beyond the public internet: loopback, for local development only. */
export interface WebhookPolicy {
  allowLoopback: boolean;
}

/** The sandbox runs on the developer's machine: a receiver there (or a test's) can be tried. */
export const SANDBOX_WEBHOOK_POLICY: WebhookPolicy = { allowLoopback: true };

/** Tries of one delivery: at once, then after each of these waits. */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Failed deliveries in a row (every try failed) that pause a webhook. */
export const PAUSE_AFTER_FAILED = 5;
/** How long a try waits for its reply. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How far a receiver lets `t` be from its clock (verifySignature's default). */
const SIGNATURE_TOLERANCE_S = 300;
/** Deliveries kept per webhook (its log), the newest. */
const DELIVERIES_KEPT = 100;

const EVENT_TYPES: readonly WebhookEventType[] = [
  'sync_failures',
  'new_cause',
  'connection_failed',
  'new_launches',
];

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, ::ffff:xxxx:yyyy) stands for. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const parts = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!parts) return null;
  const high = parseInt(parts[1]!, 16);
  const low = parseInt(parts[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** A host name as an address: brackets of an IPv6 literal dropped. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

const isLocalhostName = (host: string) => /^(.+\.)?localhost\.?$/i.test(host);

/**
 * Why an address may not be sent to (inside a private network, or loopback the policy does not
 * allow), or null when it may.
 */
function refusedAddress(address: string, policy: WebhookPolicy): string | null {
  const plain = bare(address);
  const family = isIP(plain);
  if (family === 0) return null;
  const v4 = family === 6 ? mappedIpv4(plain) : plain;
  const [value, type] = v4 ? [v4, 'ipv4' as const] : [plain, 'ipv6' as const];
  if (LOOPBACK.check(value, type))
    return policy.allowLoopback ? null : `${plain} is a loopback address.`;
  if (PRIVATE.check(value, type)) return `${plain} is inside a private network.`;
  return null;
}

const PRIVATE_URL = 'This address is inside a private network; a webhook cannot reach it.';

/** True when the host is loopback (a literal loopback address, or localhost). */
function isLoopbackHost(host: string): boolean {
  if (isLocalhostName(host)) return true;
  const plain = bare(host);
  const family = isIP(plain);
  if (family === 0) return false;
  const v4 = family === 6 ? mappedIpv4(plain) : plain;
  return v4 ? LOOPBACK.check(v4, 'ipv4') : LOOPBACK.check(plain, 'ipv6');
}

/** The URL of a createWebhook or updateWebhook body, or a 400 on `url`. */
export function checkedUrl(value: unknown, policy: WebhookPolicy): string {
  const refuse = (message: string) => fieldErrors({ url: [message] });
  if (typeof value !== 'string' || value.trim() === '') throw refuse('This field is required.');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse('Enter a valid URL.');
  }
  const loopback = isLoopbackHost(url.hostname);
  const httpAllowed = policy.allowLoopback && loopback;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed))
    throw refuse('Enter an https URL.');
  if (url.username || url.password)
    throw refuse('A webhook URL cannot hold a user name or password.');
  if (loopback && !policy.allowLoopback) throw refuse(PRIVATE_URL);
  if (refusedAddress(url.hostname, policy)) throw refuse(PRIVATE_URL);
  return url.toString();
}

/** The events of a body: at least one, each known, once each; else a 400 on `events`. */
export function checkedEvents(value: unknown): WebhookEventType[] {
  if (!Array.isArray(value) || value.length === 0)
    throw fieldErrors({ events: ['Choose at least one event.'] });
  const unknown = value.find((item) => !EVENT_TYPES.includes(item as WebhookEventType));
  if (unknown !== undefined)
    throw fieldErrors({ events: [`"${String(unknown)}" is not a valid choice.`] });
  return EVENT_TYPES.filter((type) => value.includes(type));
}

const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const newEventId = () => `evt_${randomBytes(8).toString('hex')}`;

/** `AceBridge-Signature` of `body` at `t` (unix seconds): v1 = hex HMAC-SHA256 of `${t}.${body}`. */
function signatureHeader(secret: string, body: string, t: number): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What a receiver does with a delivery: true when `header` carries a `v1` signature of `body`
 * with `secret` (compared in constant time) and its `t` is within `tolerance` seconds of `now`
 * (unix seconds); a forged, altered or replayed delivery is false. A real receiver may copy it.
 */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  now: number,
  tolerance: number = SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > tolerance) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

/** The company's webhook `id`; another company's, like a missing one, is not found. */
export function findWebhook(state: State, tenantId: number, id: string | number): WebhookRow {
  const row = state.webhooks.find((item) => String(item.id) === String(id));
  if (!row || row.tenantId !== tenantId) throw notFound();
  return row;
}

const lastDelivery = (state: State, webhookId: number) =>
  state.webhookDeliveries.findLast((row) => row.webhookId === webhookId);

/** A webhook as the contract gives it: no secret, its latest delivery. */
export function webhookView(state: State, row: WebhookRow): Schemas['Webhook'] {
  const last = lastDelivery(state, row.id);
  return {
    id: row.id,
    url: row.url,
    events: [...row.events],
    status: row.status,
    paused_reason: row.paused_reason,
    failed_in_a_row: row.failed_in_a_row,
    created_at: row.created_at,
    last_delivery: last
      ? {
          status: last.status,
          response_code: last.response_code,
          at: last.last_attempt_at ?? last.created_at,
        }
      : null,
  };
}

/** What the activity log shows of a webhook (never its secret); null once deleted. */
export function webhookActivityView(row: WebhookRow | undefined): unknown {
  return row ? { url: row.url, events: [...row.events], status: row.status } : null;
}

/** The company's webhooks, oldest first. */
export function tenantWebhooks(state: State, tenantId: number): WebhookRow[] {
  return state.webhooks.filter((row) => row.tenantId === tenantId);
}

/** Adds a webhook (at most as many as listWebhooks may list); returns it with its secret. */
export function addWebhook(
  draft: State,
  tenantId: number,
  input: { url: string; events: WebhookEventType[] },
  now: Date,
): WebhookRow {
  refuseBeyondListBound(tenantWebhooks(draft, tenantId).length + 1, 'listWebhooks', 'webhooks');
  const row: WebhookRow = {
    id: nextId(draft, 'webhooks'),
    tenantId,
    url: input.url,
    events: input.events,
    secret: newSecret(),
    status: 'active',
    paused_reason: null,
    failed_in_a_row: 0,
    created_at: stamp(now),
  };
  draft.webhooks.push(row);
  return row;
}

/** Applies an updateWebhook body (already checked); resuming sets the failure count back to 0. */
export function changeWebhook(
  row: WebhookRow,
  changes: { url?: string; events?: WebhookEventType[]; status?: Schemas['WebhookStatus'] },
): void {
  if (changes.url !== undefined) row.url = changes.url;
  if (changes.events !== undefined) row.events = changes.events;
  if (changes.status === 'active' && row.status !== 'active') {
    row.status = 'active';
    row.paused_reason = null;
    row.failed_in_a_row = 0;
  } else if (changes.status === 'paused' && row.status !== 'paused') {
    row.status = 'paused';
    row.paused_reason = 'Paused by an admin.';
  }
}

/** Deletes a webhook with its queued deliveries and its log. */
export function removeWebhook(draft: State, id: number): void {
  draft.webhooks = draft.webhooks.filter((row) => row.id !== id);
  draft.webhookDeliveries = draft.webhookDeliveries.filter((row) => row.webhookId !== id);
}

/** Gives the webhook a new secret; returns it (shown once). */
export function rotateSecret(row: WebhookRow): string {
  row.secret = newSecret();
  return row.secret;
}

/** A delivery as the contract gives it. */
export function deliveryView(row: WebhookDeliveryRow): Schemas['WebhookDelivery'] {
  const { webhookId: _hook, tenantId: _tenant, body, ...view } = row;
  return { ...view, payload: JSON.parse(body) as Schemas['WebhookPayload'] };
}

/** The webhook's deliveries, newest first. */
export function deliveriesOf(state: State, webhookId: number): WebhookDeliveryRow[] {
  return state.webhookDeliveries.filter((row) => row.webhookId === webhookId).reverse();
}

/** One event, before it is queued for the webhooks that want it. */
export interface WebhookEvent {
  type: DeliveryType;
  text: string;
  data: Record<string, unknown>;
}

/** Queues one delivery of the event to the webhook, and forgets its deliveries beyond the log's. */
function queueDelivery(
  draft: State,
  hook: WebhookRow,
  eventId: string,
  event: WebhookEvent,
  now: Date,
): WebhookDeliveryRow {
  const tenant = draft.tenants.find((row) => row.id === hook.tenantId);
  const payload: Schemas['WebhookPayload'] = {
    id: eventId,
    type: event.type,
    created: stamp(now),
    tenant: { id: hook.tenantId, name: tenant?.company_name ?? '' },
    text: event.text,
    data: event.data,
  };
  const row: WebhookDeliveryRow = {
    id: nextId(draft, 'webhookDeliveries'),
    webhookId: hook.id,
    tenantId: hook.tenantId,
    event_id: eventId,
    type: event.type,
    status: 'pending',
    attempts: 0,
    response_code: null,
    error: null,
    created_at: stamp(now),
    last_attempt_at: null,
    next_attempt_at: stamp(now),
    body: JSON.stringify(payload),
  };
  draft.webhookDeliveries.push(row);
  const mine = draft.webhookDeliveries.filter((item) => item.webhookId === hook.id);
  if (mine.length > DELIVERIES_KEPT) {
    const dropped = new Set(mine.slice(0, mine.length - DELIVERIES_KEPT).map((item) => item.id));
    draft.webhookDeliveries = draft.webhookDeliveries.filter((item) => !dropped.has(item.id));
  }
  return row;
}

/**
 * Queues the event for each active webhook of the tenant that wants its type, in the caller's
 * transaction (domain/alerts.ts, where the events are detected). Returns how many were queued.
 */
export function enqueueEvent(
  draft: Draft<State>,
  tenantId: number,
  event: WebhookEvent & { type: WebhookEventType },
  now: Date,
): number {
  const hooks = (draft as State).webhooks.filter(
    (row) =>
      row.tenantId === tenantId && row.status === 'active' && row.events.includes(event.type),
  );
  const eventId = newEventId();
  for (const hook of hooks) queueDelivery(draft as State, hook, eventId, event, now);
  return hooks.length;
}

/** The outcome of one try. */
interface Attempt {
  ok: boolean;
  code: number | null;
  error: string | null;
}

/** What the dispatcher needs; `fetch` and `resolve` are swapped in tests that need no network. */
export interface DispatcherDeps {
  store: Store;
  now: () => Date;
  policy: WebhookPolicy;
  onMail?: (mail: Mail) => void;
  fetch?: typeof fetch;
  /** The addresses a host name resolves to (default: the system's resolver, every address). */
  resolve?: (host: string) => Promise<string[]>;
}

export interface WebhookDispatcher {
  /** What webhooks may reach (the URL checks at save use it too). */
  policy: WebhookPolicy;
  /** Tries every delivery that is due, once; resolves when they are recorded. */
  deliverDue(): Promise<void>;
  /** deliverDue in the background (after a commit that may have queued deliveries). */
  kick(): void;
  /** Queues a `test` event to the webhook and tries it at once (one try, no retry). */
  sendTest(tenantId: number, webhookId: number): Promise<WebhookDeliveryRow>;
  /** Resolves when every try started so far is recorded. */
  idle(): Promise<void>;
  /** Forgets tries under way (the store went back to the seed: their ids are given out again). */
  reset(): void;
}

const systemResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The mail to each active super admin of the tenant: their webhook was paused. */
function pausedMails(draft: State, hook: WebhookRow, now: Date): Mail[] {
  return draft.users
    .filter(
      (user) => user.tenantId === hook.tenantId && user.role === 'super_admin' && user.is_active,
    )
    .map((user) =>
      writeAlert(
        draft,
        {
          to: user.email,
          subject: `AceBridge: the webhook to ${hook.url} was paused`,
          body:
            `${hook.paused_reason ?? ''}\nNothing is sent to it until it is resumed. Check the ` +
            'receiver, then resume the webhook in Company Settings.\nOpen Company Settings: /accounts',
          link: '/accounts',
        },
        now,
      ),
    );
}

export function createWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const send = deps.fetch ?? fetch;
  const resolve = deps.resolve ?? systemResolve;
  const inFlight = new Set<number>();
  const pending = new Set<Promise<unknown>>();
  let generation = 0;

  /** Why the URL's host may not be sent to now (its addresses as resolved now), or null. */
  const refusedNow = async (url: URL): Promise<string | null> => {
    if (isLocalhostName(url.hostname))
      return refusedAddress('127.0.0.1', deps.policy) && `${url.hostname} is a loopback name.`;
    if (isIP(bare(url.hostname)) !== 0) return refusedAddress(url.hostname, deps.policy);
    let addresses: string[];
    try {
      addresses = await resolve(url.hostname);
    } catch {
      return null; // fetch will fail to connect, and say so
    }
    for (const address of addresses) {
      const why = refusedAddress(address, deps.policy);
      if (why) return `${url.hostname} resolves to ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
    }
    return null;
  };

  const attempt = async (hook: WebhookRow, delivery: WebhookDeliveryRow): Promise<Attempt> => {
    const url = new URL(hook.url);
    const refused = await refusedNow(url);
    if (refused) return { ok: false, code: null, error: `Not sent: ${refused}` };
    const t = Math.floor(deps.now().getTime() / 1000);
    try {
      const response = await send(url, {
        method: 'POST',
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'AceBridge-Webhooks/1',
          'AceBridge-Event': delivery.type,
          'AceBridge-Delivery': String(delivery.id),
          'AceBridge-Signature': signatureHeader(hook.secret, delivery.body, t),
        },
      });
      await response.body?.cancel();
      const code = response.status;
      if (code >= 200 && code < 300) return { ok: true, code, error: null };
      if (code >= 300 && code < 400)
        return {
          ok: false,
          code,
          error: `The receiver answered ${code}; redirects are not followed.`,
        };
      return { ok: false, code, error: `The receiver answered ${code}.` };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return {
        ok: false,
        code: null,
        error: timedOut
          ? `No reply within ${DELIVERY_TIMEOUT_MS / 1000} s.`
          : `Could not reach the receiver: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      };
    }
  };

  /** Records a try's outcome: delivered, retried later, or failed (and the webhook maybe paused). */
  const recordAttempt = (deliveryId: number, outcome: Attempt): WebhookDeliveryRow | undefined => {
    const { result, mails } = deps.store.transact((draft) => {
      const now = deps.now();
      const delivery = draft.webhookDeliveries.find((row) => row.id === deliveryId);
      const hook = delivery && draft.webhooks.find((row) => row.id === delivery.webhookId);
      if (!delivery || !hook) return { result: undefined, mails: [] as Mail[] };
      delivery.attempts += 1;
      delivery.last_attempt_at = stamp(now);
      delivery.response_code = outcome.code;
      delivery.error = outcome.error;
      const test = delivery.type === 'test';
      const written: Mail[] = [];
      if (outcome.ok) {
        delivery.status = 'delivered';
        delivery.next_attempt_at = null;
        if (!test) hook.failed_in_a_row = 0;
      } else if (!test && delivery.attempts < MAX_ATTEMPTS) {
        delivery.status = 'retrying';
        const wait = RETRY_DELAYS_MS[delivery.attempts - 1]!;
        delivery.next_attempt_at = stamp(new Date(now.getTime() + wait));
      } else {
        delivery.status = 'failed';
        delivery.next_attempt_at = null;
        if (!test) {
          hook.failed_in_a_row += 1;
          if (hook.failed_in_a_row >= PAUSE_AFTER_FAILED && hook.status === 'active') {
            hook.status = 'paused';
            hook.paused_reason = `Paused after ${hook.failed_in_a_row} failed deliveries in a row (the last: ${outcome.error ?? 'no reply'}).`;
            written.push(...pausedMails(draft, hook, now));
          }
        }
      }
      return { result: { ...delivery }, mails: written };
    });
    for (const mail of mails) deps.onMail?.(mail);
    return result;
  };

  const tryDelivery = async (deliveryId: number): Promise<WebhookDeliveryRow | undefined> => {
    const takenIn = generation;
    const state = deps.store.state;
    const delivery = state.webhookDeliveries.find((row) => row.id === deliveryId);
    const hook = delivery && state.webhooks.find((row) => row.id === delivery.webhookId);
    if (!delivery || !hook) return undefined;
    inFlight.add(deliveryId);
    try {
      const outcome = await attempt(hook, delivery);
      if (takenIn !== generation) return undefined;
      return recordAttempt(deliveryId, outcome);
    } finally {
      if (takenIn === generation) inFlight.delete(deliveryId);
    }
  };

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };

  const deliverDue = async () => {
    const { state } = deps.store;
    const now = deps.now().getTime();
    const active = new Set(
      state.webhooks.filter((row) => row.status === 'active').map((row) => row.id),
    );
    const due = state.webhookDeliveries.filter(
      (row) =>
        row.type !== 'test' &&
        (row.status === 'pending' || row.status === 'retrying') &&
        row.next_attempt_at !== null &&
        Date.parse(row.next_attempt_at) <= now &&
        active.has(row.webhookId) &&
        !inFlight.has(row.id),
    );
    await track(Promise.all(due.map((row) => tryDelivery(row.id))));
  };

  return {
    policy: deps.policy,
    deliverDue,
    kick() {
      deliverDue().catch((error: unknown) =>
        console.error(`sandbox: webhook deliveries failed: ${String(error)}`),
      );
    },
    async sendTest(tenantId, webhookId) {
      const id = deps.store.transact((draft) => {
        const hook = findWebhook(draft, tenantId, webhookId);
        const event: WebhookEvent = {
          type: 'test',
          text: 'AceBridge test event: this webhook works.',
          data: {},
        };
        return queueDelivery(draft, hook, newEventId(), event, deps.now()).id;
      });
      await track(tryDelivery(id));
      const row = deps.store.state.webhookDeliveries.find((item) => item.id === id);
      if (!row) throw notFound();
      return row;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    reset() {
      generation += 1;
      inFlight.clear();
    },
  };
}
