// The front door of the sandbox stack: the one port the app's /api proxy talks to (4010 under
// `npm start`). It admits a request only if its Host is a name of this machine (else 421: a
// DNS-rebinding page would be same-origin with it), normalises its path (../contract/door-guard.mjs,
// normaliseTarget: `..`, `%2e%2e` and `\` resolved; `%2F` and `//` refused), and routes and forwards
// that one path:
//
//   /api/sandbox/*          straight to the sandbox (its own routes, outside the contract), except
//                           GET/DELETE /api/sandbox/violations, answered here, and the outbox as an
//                           HTML page when a browser asks for it, and POST /api/sandbox/outage,
//                           which stops the door itself for a while (outage, below). A path
//                           reaches this branch only if
//                           it is under /api/sandbox/ once normalised: `/api/sandbox/../v1/...` is
//                           a contract path, and goes through Prism like any other.
//   a `Prefer` header       to the Prism mock: the scenario switcher and the e2e presets pick the
//                           contract's examples as they always did
//   everything else         through Prism in proxy mode (validating, --errors) to the sandbox
//
// Every exchange through Prism that breaks the contract is printed as it happens and kept, for
// `GET /api/sandbox/violations` (the e2e fixture fails a test on any).
//
// Every request it forwards carries what the door vouches for, replacing whatever the client sent
// under those names: `X-Forwarded-For` (the address the connection came from: the sandbox's
// per-client throttles count by it, and a made-up one would escape them), `X-Forwarded-Host` (the
// Host it checked), `X-Forwarded-Proto: http`, and `X-Sandbox-Door` (a secret the stack makes at
// each start and gives the sandbox: the sandbox believes the other three only beside it, so a
// request that reaches the sandbox's port without the door cannot make them up). A client's
// `Forwarded` (the standard spelling of the same claims) is dropped.
//
// One client (one address) has at most 16 requests in flight through the door; the next answers
// 429 with `Retry-After: 1` (door-guard.mjs, MAX_IN_FLIGHT_PER_CLIENT). Every request's body goes
// through the guard first: JSON in UTF-8 that parses, or multipart where the contract takes it,
// uncompressed (else 415), at most 2 MiB (413), valid UTF-8 and nested at most 64 levels (400),
// before Prism sees it. A body must arrive within 30 s (408), and Prism's answer come within 10 s
// (504; the sandbox's own routes get 30 s: a reset of a --scale sandbox takes long); a stuck
// exchange holds only its own connection, and a client that goes away takes its request to Prism
// with it. While a Prism is down (the stack restarts it) the requests for it answer 503 with
// Retry-After.
//
// Cross-origin calls (CORS) are allowed from pages on this machine only: `npm run serve` runs the
// production build on http://127.0.0.1:8080, and the app calls this port directly, with cookies.
// Prism itself allows every origin, so its CORS headers are replaced here. The outbox is never
// readable cross-origin (its mails hold sign-in links; front-door-outbox.mjs, outboxRefusal): a
// request for it from another origin's page is refused (403), and its replies carry no CORS.
import { request } from 'node:http';

import { guardedForward, HOST } from '../contract/contract-proxy.mjs';
import {
  admitRequest,
  ANSWER_TIMEOUT_MS,
  BODY_TIMEOUT_MS,
  createClientLimit,
  isLoopbackHost,
  JSON_BODIES,
  MAX_IN_FLIGHT_PER_CLIENT,
  sendError,
} from '../contract/door-guard.mjs';
import {
  CHECKED_HEADER,
  createOperationNamer,
  pathPattern,
  createViolationLog,
} from '../contract/violations.mjs';
import { OUTBOX_PATH, outboxPage, outboxRefusal } from './front-door-outbox.mjs';

/**
 * @import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
 * @import { Exchange, Routed } from '../contract/contract-proxy.mjs'
 * @import { BodyTypes } from '../contract/door-guard.mjs'
 * @import { Violation } from '../contract/violations.mjs'
 */
/**
 * An exchange that broke the contract, as `GET /api/sandbox/violations` lists it.
 * @typedef {object} ViolatingExchange
 * @property {string} at
 * @property {string} method
 * @property {string} url
 * @property {number} status
 * @property {string} operation
 * @property {Violation[]} violations
 */
/**
 * @typedef {object} ViolationRecorder
 * @property {(exchange: Exchange) => void} record
 * @property {() => ViolatingExchange[]} list The violating exchanges since the last clear().
 * @property {() => void} clear
 * @property {() => string} summary
 */

/**
 * Prints and keeps every exchange that breaks the contract.
 * @param {{ doc: unknown, print?: (line: string) => void }} options
 * @returns {ViolationRecorder}
 */
export function createViolationRecorder({ doc, print = console.log }) {
  const nameOperation = createOperationNamer(doc);
  const log = createViolationLog(nameOperation);
  /** @type {ViolatingExchange[]} */
  let kept = [];
  return {
    record(exchange) {
      const at = new Date();
      const lines = log.record({ ...exchange, at });
      if (lines.length === 0) return;
      for (const line of lines) print(line);
      const { method, url, status, violations } = exchange;
      kept.push({
        at: at.toISOString(),
        method,
        url,
        status,
        operation: nameOperation(method, url),
        violations,
      });
    },
    /** The violating exchanges since the last clear(). */
    list: () => kept,
    clear() {
      kept = [];
    },
    summary: () => log.summary(),
  };
}

/** The headers the app sends cross-origin: the bearer, JSON, the XSRF token, a scenario. */
const CORS_HEADERS = 'Authorization, Content-Type, X-XSRF-TOKEN, Prefer';
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * A page on this machine: http on a loopback host, any port (cookies ignore ports).
 * @param {unknown} origin
 * @returns {origin is string}
 */
export function isLoopbackOrigin(origin) {
  if (typeof origin !== 'string') return false;
  try {
    const url = new URL(origin);
    return url.origin === origin && url.protocol === 'http:' && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

/**
 * A reply's headers with CORS for a loopback page, and none (not even Prism's) for another.
 * @param {IncomingHttpHeaders} headers
 * @param {string | undefined} origin
 * @returns {OutgoingHttpHeaders}
 */
function withCors(headers, origin) {
  const kept = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !/^access-control-|^vary$/i.test(name)),
  );
  const vary = /\borigin\b/i.test(headers.vary ?? '')
    ? headers.vary
    : [headers.vary, 'Origin'].filter(Boolean).join(', ');
  if (!isLoopbackOrigin(origin)) return { ...kept, vary };
  return {
    ...kept,
    vary,
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
  };
}

/**
 * Answers a CORS preflight: allowed for a loopback page, refused for any other, and for the
 * outbox (`path`) whatever the page.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} path
 */
function answerPreflight(req, res, path) {
  const origin = req.headers.origin;
  if (path === OUTBOX_PATH) {
    res.writeHead(403, { 'content-type': 'text/plain', vary: 'Origin' });
    res.end('The sandbox outbox is not readable cross-origin.');
    return;
  }
  if (!isLoopbackOrigin(origin)) {
    res.writeHead(403, { 'content-type': 'text/plain', vary: 'Origin' });
    res.end('Cross-origin calls are allowed from pages on this machine only.');
    return;
  }
  res.writeHead(204, {
    ...withCors({}, origin),
    'access-control-allow-methods': CORS_METHODS,
    'access-control-allow-headers': CORS_HEADERS,
    'access-control-max-age': '600',
  });
  res.end();
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * Sets on a request what the door vouches for (see the top of this file), replacing whatever the
 * client sent under these names; without a `doorToken` (a door whose sandbox expects none) no
 * X-Sandbox-Door at all. Returns them, for the requests the door makes itself.
 * @param {IncomingMessage} req
 * @param {string | undefined} doorToken
 * @returns {IncomingHttpHeaders}
 */
function vouchFor(req, doorToken) {
  /** @type {IncomingHttpHeaders} */
  const vouched = {
    'x-forwarded-for': req.socket.remoteAddress ?? 'unknown',
    'x-forwarded-host': req.headers.host,
    'x-forwarded-proto': 'http',
    ...(doorToken ? { 'x-sandbox-door': doorToken } : {}),
  };
  delete req.headers.forwarded;
  delete req.headers['x-sandbox-door'];
  Object.assign(req.headers, vouched);
  return vouched;
}

/**
 * Answers the outbox as HTML, from the sandbox's JSON (asked without an Origin: the door has
 * judged the request already).
 * @param {ServerResponse} res
 * @param {number} sandboxPort
 * @param {IncomingHttpHeaders} vouched What the door vouches for (vouchFor).
 * @param {number} timeoutMs How long the sandbox may take to answer.
 */
function outboxAsHtml(res, sandboxPort, vouched, timeoutMs) {
  const upstream = request(
    {
      host: HOST,
      port: sandboxPort,
      path: OUTBOX_PATH,
      headers: { ...vouched, accept: 'application/json' },
      timeout: timeoutMs,
    },
    (reply) => {
      /** @type {Buffer[]} */
      const chunks = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('end', () => {
        /** @type {unknown} */
        let mails;
        try {
          mails = JSON.parse(Buffer.concat(chunks).toString('utf8')).mails;
        } catch {
          mails = undefined;
        }
        if (!Array.isArray(mails)) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('The sandbox did not answer its outbox.');
          return;
        }
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(outboxPage(mails));
      });
    },
  );
  // A stuck sandbox, or a client that left, ends the request (as forward() does).
  upstream.once('timeout', () =>
    upstream.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
  );
  res.once('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on('error', (error) => {
    if (res.headersSent || res.destroyed) return void res.end();
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`The sandbox did not answer: ${error.message}`);
    return undefined;
  });
  upstream.end();
}

/**
 * One request header as a single string (undefined when absent).
 * @param {IncomingMessage} req
 * @param {string} name lower case
 */
function header(req, name) {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The door's own origin as a page served by it would name it: http and the Host it was called
 * at (admitRequest has checked that it names this machine).
 * @param {string | undefined} host
 */
function ownOrigin(host) {
  try {
    return new URL(`http://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** The longest outage the door takes, in seconds. */
const OUTAGE_MAX_SECONDS = 60;
/** The header an outage needs, as a reset does: a cross-site form cannot send it. */
const OUTAGE_HEADER = 'x-sandbox-outage';

/**
 * `POST /api/sandbox/outage?seconds=N` (with `X-Sandbox-Outage: yes`): a real outage of the API
 * for QA and the journeys, the door not listening at all for N seconds (1 to OUTAGE_MAX_SECONDS),
 * so that whatever stands in front of it (Vite's proxy, a reverse proxy) meets what it meets when
 * the API is down. Answered 202 first; the door closes once the reply is sent.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {(ms: number) => void} onOutage
 */
function outage(req, res, onOutage) {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return undefined;
  }
  if (req.headers[OUTAGE_HEADER] !== 'yes')
    return sendJson(res, 400, { error: 'An outage needs the header X-Sandbox-Outage: yes.' });
  const text = new URL(req.url ?? '', 'http://door').searchParams.get('seconds') ?? '';
  const seconds = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds >= 1 && seconds <= OUTAGE_MAX_SECONDS))
    return sendJson(res, 400, {
      error: `seconds must be a whole number from 1 to ${OUTAGE_MAX_SECONDS}.`,
    });
  req.resume();
  res.on('finish', () => onOutage(seconds * 1000));
  return sendJson(res, 202, { stopped_for_seconds: seconds });
}

/**
 * The front door's request handler: `proxy` and `mock` are the supervised Prisms it routes to.
 * `doorToken` is the secret the sandbox knows the door by (X-Sandbox-Door); `bodyTypes` the
 * request bodies the contract takes (bodyTypesOf; JSON only by default); `timeoutMs` how long a
 * body may take to arrive (BODY_TIMEOUT_MS), and the sandbox's own routes to answer;
 * `answerTimeoutMs` how long an exchange through a Prism may take to be answered
 * (ANSWER_TIMEOUT_MS); `maxInFlight` how many requests one client may have in flight
 * (MAX_IN_FLIGHT_PER_CLIENT). `onOutage` stops the door for that many milliseconds once the reply
 * to `POST /api/sandbox/outage` is sent (absent: that path is the sandbox's, which knows none).
 * `unserved` lists the contract's operations the sandbox has no handler for: the door answers them
 * 501 itself, saying what to add, and records a violation (Prism in proxy mode would mock a
 * backend's 501, and the app would see an example where the sandbox serves nothing).
 * @param {{
 *   sandboxPort: number,
 *   proxy: Routed,
 *   mock: Routed,
 *   recorder: ViolationRecorder,
 *   doorToken?: string,
 *   bodyTypes?: BodyTypes,
 *   timeoutMs?: number,
 *   answerTimeoutMs?: number,
 *   maxInFlight?: number,
 *   onOutage?: (ms: number) => void,
 *   unserved?: () => { method: string, path: string, detail: string }[],
 * }} routes
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function createFrontDoor({
  sandboxPort,
  proxy,
  mock,
  recorder,
  doorToken,
  bodyTypes = JSON_BODIES,
  timeoutMs = BODY_TIMEOUT_MS,
  answerTimeoutMs = ANSWER_TIMEOUT_MS,
  maxInFlight = MAX_IN_FLIGHT_PER_CLIENT,
  onOutage,
  unserved = () => [],
}) {
  /** @param {Exchange} exchange */
  const onExchange = (exchange) => recorder.record(exchange);
  /** @type {{ method: string, pattern: RegExp, detail: string }[] | undefined} */
  let missing;
  /** The unserved operation a request names, if any (read once the sandbox has started). */
  const unservedFor = (/** @type {string} */ method, /** @type {string} */ path) => {
    if (!missing) {
      const list = unserved();
      if (list.length === 0) return undefined;
      missing = list.map((op) => ({
        method: op.method,
        detail: op.detail,
        pattern: pathPattern(op.path),
      }));
    }
    return missing.find((op) => op.method === method && op.pattern.test(path));
  };
  const clients = createClientLimit(maxInFlight);
  return (req, res) => {
    /** @param {IncomingHttpHeaders} headers */
    let replyHeaders = (headers) => withCors(headers, req.headers.origin);
    // The Host check, then the one path every decision below is made on and every server
    // behind is sent.
    const target = admitRequest(req, res, { replyHeaders });
    if (!target) return undefined;
    req.url = target.url;
    const { path } = target;
    // The outbox's replies carry no CORS, whoever asks: no other origin's page may read them.
    if (path === OUTBOX_PATH) replyHeaders = (headers) => withCors(headers, undefined);
    if (!clients.admit(req, res, { replyHeaders })) return undefined;
    const vouched = vouchFor(req, doorToken);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return answerPreflight(req, res, path);
    }
    if (path === '/api/sandbox/violations') {
      if (req.method === 'GET') return sendJson(res, 200, recorder.list());
      if (req.method === 'DELETE') {
        recorder.clear();
        res.writeHead(204).end();
        return undefined;
      }
      res.writeHead(405, { allow: 'GET, DELETE' }).end();
      return undefined;
    }
    if (path === '/api/sandbox/outage' && onOutage) return outage(req, res, onOutage);
    if (path === OUTBOX_PATH) {
      const refusal = outboxRefusal((name) => header(req, name), ownOrigin(req.headers.host));
      if (refusal) return sendError(res, 403, refusal, { replyHeaders });
      if (req.method === 'GET' && /text\/html/.test(req.headers.accept ?? ''))
        return outboxAsHtml(res, sandboxPort, vouched, timeoutMs);
    }
    const guard = { bodyTypes, timeoutMs, replyHeaders };
    if (path.startsWith('/api/sandbox/'))
      return void guardedForward(req, res, {
        ...guard,
        answerTimeoutMs: timeoutMs,
        port: sandboxPort,
        name: 'The sandbox',
      });
    const notServed = req.headers.prefer ? undefined : unservedFor(req.method ?? '', path);
    if (notServed) {
      req.resume();
      onExchange({
        method: req.method ?? '',
        url: req.url ?? '',
        status: 501,
        violations: [{ location: 'response', message: notServed.detail, severity: 'error' }],
      });
      return sendError(res, 501, notServed.detail, { replyHeaders });
    }
    if (req.headers.prefer)
      return void guardedForward(req, res, {
        ...guard,
        answerTimeoutMs,
        port: mock.port,
        prism: mock,
        onExchange,
        name: 'The Prism mock',
      });
    return void guardedForward(req, res, {
      ...guard,
      // Said on every exchange its Prism checked: a contract proxy in front of this stack
      // (`BACKEND_URL=<this door> npm run proxy`) then leaves the response's violations to this
      // console, which printed them already.
      replyHeaders: (headers) => ({ ...replyHeaders(headers), [CHECKED_HEADER]: 'sandbox-stack' }),
      answerTimeoutMs,
      port: proxy.port,
      prism: proxy,
      onExchange,
    });
  };
}
