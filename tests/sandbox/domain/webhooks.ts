/**
 * Signed webhooks per company (tag `webhooks`): where AceBridge POSTs its events, and the rules of
 * sending them.
 *
 * - Where: an https URL with no user name or password, to the public internet only, so that a
 *   webhook cannot be used to reach inside a network (`addressProblem`). Public is what ipaddr.js
 *   names `unicast`, which follows IANA's special-purpose registries (private, shared 100.64/10,
 *   link-local and cloud metadata, documentation, multicast, reserved, site-local fec0::/10, ...),
 *   plus a few blocks it does not tell apart (IPv4-compatible ::/96, local-use NAT64
 *   64:ff9b:1::/48, IPv6 outside 2000::/3). An IPv6 address that carries an IPv4 one
 *   (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo's server and client) is judged by the IPv4
 *   addresses it carries too. Refused at save (a literal address, `localhost`: a 400 on `url`)
 *   and again before each try. Loopback (127/8, ::1, `localhost`), over http too, is allowed
 *   only when the policy says so, and only written plainly (never inside another form): the
 *   sandbox allows it (`SANDBOX_WEBHOOK_POLICY`), so that a receiver on the developer's machine,
 *   or a test's, can be tried; a real backend would not.
 * - How: each try resolves the name once, refuses it when any address it answers is refused or
 *   when it cannot be resolved, and connects to an address it checked (`pinnedLookup`), never
 *   to what a second lookup would answer (DNS rebinding); the TLS certificate is still verified
 *   against the name. A try that fails is logged in a sentence of this file's (`deliveryError`),
 *   never with the error's own text, which can list the names a TLS certificate holds.
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
 *   once and does not count; a company's tests are throttled (handlers/webhooks.ts).
 * - The secret is shown once (createWebhook, rotateWebhookSecret): never in a list, a delivery
 *   or an activity event.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import type { Draft } from 'immer';
import ipaddr from 'ipaddr.js';

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

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** An address read, with the text a socket is given for it (the form that was checked). */
interface ReadAddress {
  ip: Address;
  text: string;
  family: 4 | 6;
}

/**
 * What ipaddr.js's `range()` does not name, or names too broadly. IPv4-compatible (::/96,
 * deprecated by RFC 4291; Linux may tunnel it to the IPv4 it holds) reads as `unicast` and has
 * no public use, so it is refused whatever it holds. The local-use NAT64 prefix (64:ff9b:1::/48,
 * RFC 8215) shares the name `rfc6052` with the global 64:ff9b::/96 but is not reachable from
 * the public internet, so it is refused whole. Only 2000::/3 is allocated for the public IPv6
 * internet (IANA's IPv6 address space): an address elsewhere that ipaddr.js still calls `unicast`
 * (100:0:0:1::/64 of RFC 9780, 4000::/2, ...) is refused.
 */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** A host name as an address: brackets of an IPv6 literal dropped. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

const isLocalhostName = (host: string) => /^(.+\.)?localhost\.?$/i.test(host);

/**
 * The address a host or an answer of the resolver is, or null when it is none (a name) or cannot
 * be read (an IPv6 address with a zone). An IPv6 address is first written as the URL standard
 * serialises it: ipaddr.js reads a dotted tail after `::` (`::127.0.0.1`, which getaddrinfo
 * prints for an IPv4-compatible address) as IPv4-mapped, which is another address.
 */
function readAddress(text: string): ReadAddress | null {
  const plain = bare(text);
  const family = isIP(plain);
  if (family === 4) return { ip: ipaddr.IPv4.parse(plain), text: plain, family: 4 };
  if (family !== 6) return null;
  let canonical: string;
  try {
    canonical = bare(new URL(`http://[${plain}]/`).hostname);
  } catch {
    return null;
  }
  return { ip: ipaddr.IPv6.parse(canonical), text: canonical, family: 6 };
}

/** An IPv4 address from two 16-bit groups of an IPv6 address. */
const ipv4Of = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 255, high & 255, (low >> 8) & 255, low & 255]);

/**
 * The IPv4 addresses an IPv6 address of a translation or tunnel range stands for, which is where
 * a packet to it ends up: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96) and
 * NAT64 (64:ff9b::/96) in their last 32 bits; 6to4 (2002::/16) in bits 16..47; Teredo
 * (2001::/32) its server in bits 32..63 and its client as the bitwise NOT of the last 32 bits.
 * Null for any other address.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const parts = ip.parts;
  const part = (index: number) => parts[index] ?? 0;
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return [ipv4Of(part(6), part(7))];
    case '6to4':
      return [ipv4Of(part(1), part(2))];
    case 'teredo':
      return [ipv4Of(part(2), part(3)), ipv4Of(~part(6), ~part(7))];
    default:
      return null;
  }
}

/**
 * Why a webhook may not reach the address (a phrase: "is ..."), or null when it may. The public
 * internet is what ipaddr.js calls `unicast`, which follows IANA's special-purpose registries
 * (private, shared 100.64/10, link-local, documentation, benchmarking, multicast, reserved, ...)
 * rather than a list written here, plus the few blocks above. Loopback (127/8, ::1) is allowed
 * only when the policy says so, and only as itself: loopback inside another form
 * (64:ff9b::7f00:1, ::ffff:127.0.0.1, 2002:7f00:1::) is refused even then, since nobody trying a
 * local receiver writes it and it exists only to get past a check.
 */
function addressProblem(address: Address, policy: WebhookPolicy): string | null {
  const range = address.range();
  if (range === 'loopback') return policy.allowLoopback ? null : 'is a loopback address';
  if (address.kind() === 'ipv4')
    return range === 'unicast' ? null : `is not on the public internet (${range})`;
  const ip = address as ipaddr.IPv6;
  if (ip.match(LOCAL_NAT64)) return 'is not on the public internet (local-use NAT64)';
  if (range !== 'unspecified' && ip.match(IPV4_COMPATIBLE))
    return 'is not on the public internet (IPv4-compatible)';
  const embedded = embeddedIpv4(ip);
  if (embedded) {
    const inside = embedded.find((ipv4) => ipv4.range() !== 'unicast');
    return inside ? `carries ${inside.toString()}, an address off the public internet` : null;
  }
  if (range !== 'unicast') return `is not on the public internet (${range})`;
  if (!ip.match(GLOBAL_UNICAST)) return 'is not on the public internet (outside 2000::/3)';
  return null;
}

/** An address a try may connect to, as checked. */
interface Checked {
  address: string;
  family: 4 | 6;
}

/** The address `text` as a socket may be given it, or why it may not (a phrase: "is ..."). */
function allowedAddress(text: string, policy: WebhookPolicy): Checked | string {
  const address = readAddress(text);
  if (!address) return 'cannot be read as an address';
  return addressProblem(address.ip, policy) ?? { address: address.text, family: address.family };
}

const PRIVATE_URL = 'This address is inside a private network; a webhook cannot reach it.';

/** True when the host is plain loopback: 127/8, ::1, or a localhost name. */
function isLoopbackHost(host: string): boolean {
  return isLocalhostName(host) || readAddress(host)?.ip.range() === 'loopback';
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
  // A literal address is checked now; a name, before each try (what it resolves to then).
  const literal = isIP(bare(url.hostname)) !== 0;
  if (literal && typeof allowedAddress(url.hostname, policy) === 'string')
    throw refuse(PRIVATE_URL);
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

/** What the dispatcher needs; `resolve` is swapped in tests that need no network. */
export interface DispatcherDeps {
  store: Store;
  now: () => Date;
  policy: WebhookPolicy;
  onMail?: (mail: Mail) => void;
  /**
   * The addresses a host name resolves to (default: the system's resolver, every address). Asked
   * once per try; the connection is given only what it answered, once checked.
   */
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

/** Where a try may connect (every address the host stands for, each checked), or why not. */
type Target = { addresses: Checked[] } | { refused: string };

/** A try that had no reply within DELIVERY_TIMEOUT_MS. */
class NoReply extends Error {}

/**
 * A `lookup` for the try's socket that answers only the addresses already checked and never asks
 * DNS again: a name that answers differently a moment later (DNS rebinding) does not move the
 * connection. The TLS server name stays the URL's host, so its certificate is still verified
 * against the name.
 */
function pinnedLookup(addresses: readonly Checked[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const fitting = addresses.filter((entry) => !wanted || entry.family === wanted);
    const first = fitting[0];
    if (!first) {
      callback(Object.assign(new Error('No checked address.'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all)
      callback(
        null,
        fitting.map(({ address, family }) => ({ address, family })),
      );
    else callback(null, first.address, first.family);
  };
}

/**
 * One POST over node:http(s), its socket connected to one of `addresses`; the reply's status. A
 * new connection each time (no agent to reuse one opened for another address); a redirect is
 * returned, never followed; the reply's body is not read. No reply within DELIVERY_TIMEOUT_MS
 * rejects with NoReply.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  addresses: readonly Checked[],
): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
      lookup: pinnedLookup(addresses),
    });
    const timer = setTimeout(() => outgoing.destroy(new NoReply()), DELIVERY_TIMEOUT_MS);
    outgoing.on('response', (response) => {
      clearTimeout(timer);
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(body);
  });
}

/** The error code of a failed try (Node's, or the first of an AggregateError's), if it is one. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code)) return code;
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

const CERTIFICATE_UNTRUSTED =
  "The receiver's TLS certificate is not signed by a trusted authority.";
const CERTIFICATE_SELF_SIGNED = "The receiver's TLS certificate is self-signed.";
const CLOSED = 'The connection was closed before the receiver answered.';
const UNREACHABLE = "The receiver's network cannot be reached.";

/** What the log says of a failed connection, by its code. */
const CONNECTION_ERRORS: Record<string, (host: string) => string> = {
  ECONNREFUSED: () => 'The connection was refused.',
  ECONNRESET: () => CLOSED,
  EPIPE: () => CLOSED,
  ETIMEDOUT: () => 'The connection timed out.',
  EHOSTUNREACH: () => UNREACHABLE,
  ENETUNREACH: () => UNREACHABLE,
  ENOTFOUND: (host) => `${host} could not be resolved.`,
  EAI_AGAIN: (host) => `${host} could not be resolved.`,
  ERR_TLS_CERT_ALTNAME_INVALID: (host) => `The receiver's TLS certificate does not name ${host}.`,
  CERT_HAS_EXPIRED: () => "The receiver's TLS certificate has expired.",
  CERT_NOT_YET_VALID: () => "The receiver's TLS certificate is not valid yet.",
  CERT_REVOKED: () => "The receiver's TLS certificate is revoked.",
  DEPTH_ZERO_SELF_SIGNED_CERT: () => CERTIFICATE_SELF_SIGNED,
  SELF_SIGNED_CERT_IN_CHAIN: () => CERTIFICATE_SELF_SIGNED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: () => CERTIFICATE_UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: () => CERTIFICATE_UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: () => CERTIFICATE_UNTRUSTED,
  EPROTO: () => 'The TLS handshake with the receiver failed.',
};

/**
 * A failed try in a sentence of this file's own, by the error's code: never the error's text,
 * which can carry what the receiver's side wrote (a TLS certificate's every name, in "does not
 * match certificate's altnames: ... DNS:a, DNS:b") and would tell a company admin what else
 * that server holds.
 */
function deliveryError(error: unknown, host: string): string {
  if (error instanceof NoReply) return `No reply within ${DELIVERY_TIMEOUT_MS / 1000} s.`;
  const code = errorCode(error);
  if (code === undefined) return 'Could not reach the receiver.';
  const known = CONNECTION_ERRORS[code];
  if (known) return known(host);
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'))
    return 'The TLS handshake with the receiver failed.';
  if (code.startsWith('HPE_')) return "The receiver's reply is not valid HTTP.";
  return `Could not reach the receiver (${code}).`;
}

export function createWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const resolve = deps.resolve ?? systemResolve;
  const inFlight = new Set<number>();
  const pending = new Set<Promise<unknown>>();
  let generation = 0;

  /**
   * Where the URL's host may be reached now. A localhost name is loopback without asking DNS
   * (RFC 6761). A name is resolved once, here: a failed or empty answer is not sent (sending
   * anyway would let the connection's own lookup answer what was never checked), and one address
   * refused refuses the try. Picking the allowed ones would be safe for this connection too, but a
   * name that answers an inside address at all is pointed at the inside, which the log should say.
   */
  const targetOf = async (url: URL): Promise<Target> => {
    const host = bare(url.hostname);
    if (isLocalhostName(host))
      return deps.policy.allowLoopback
        ? {
            addresses: [
              { address: '127.0.0.1', family: 4 },
              { address: '::1', family: 6 },
            ],
          }
        : { refused: `${host} is a loopback name.` };
    if (isIP(host) !== 0) {
      const allowed = allowedAddress(host, deps.policy);
      return typeof allowed === 'string'
        ? { refused: `${host} ${allowed}.` }
        : { addresses: [allowed] };
    }
    let answers: string[];
    try {
      answers = await resolve(host);
    } catch {
      answers = [];
    }
    if (answers.length === 0) return { refused: `${host} could not be resolved.` };
    const addresses: Checked[] = [];
    for (const answer of answers) {
      const allowed = allowedAddress(answer, deps.policy);
      if (typeof allowed === 'string')
        return { refused: `${host} resolves to ${answer}, which ${allowed}.` };
      addresses.push(allowed);
    }
    return { addresses };
  };

  const attempt = async (hook: WebhookRow, delivery: WebhookDeliveryRow): Promise<Attempt> => {
    const url = new URL(hook.url);
    const target = await targetOf(url);
    if ('refused' in target) return { ok: false, code: null, error: `Not sent: ${target.refused}` };
    const t = Math.floor(deps.now().getTime() / 1000);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'AceBridge-Webhooks/1',
      'AceBridge-Event': delivery.type,
      'AceBridge-Delivery': String(delivery.id),
      'AceBridge-Signature': signatureHeader(hook.secret, delivery.body, t),
    };
    let code: number;
    try {
      code = await post(url, headers, delivery.body, target.addresses);
    } catch (error) {
      return { ok: false, code: null, error: deliveryError(error, bare(url.hostname)) };
    }
    if (code >= 200 && code < 300) return { ok: true, code, error: null };
    if (code >= 300 && code < 400)
      return {
        ok: false,
        code,
        error: `The receiver answered ${code}; redirects are not followed.`,
      };
    return { ok: false, code, error: `The receiver answered ${code}.` };
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
