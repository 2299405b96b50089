// The front door of the sandbox stack: the one port the app's /api proxy talks to (4010 under
// `npm start`). It routes each request:
//
//   /api/sandbox/*          straight to the sandbox (its own routes, outside the contract), except
//                           GET/DELETE /api/sandbox/violations, answered here, and the outbox as an
//                           HTML page when a browser asks for it
//   a `Prefer` header       to the Prism mock: the scenario switcher and the e2e presets pick the
//                           contract's examples as they always did
//   everything else         through Prism in proxy mode (validating, --errors) to the sandbox
//
// Every exchange through Prism that breaks the contract is printed as it happens and kept, for
// `GET /api/sandbox/violations` (the e2e fixture fails a test on any).
//
// Every request gets `X-Forwarded-For: <the address it came from>`, replacing any the client sent:
// the sandbox's per-client throttles count by it, and a made-up one would escape them.
//
// Every request's body goes through the guard first (../contract/door-guard.mjs): one larger than
// 2 MiB is refused with a 413 and one nested deeper than 64 levels with a 400, before Prism sees
// it. While a Prism is down (the stack restarts it) the requests for it answer 503.
//
// Cross-origin calls (CORS) are allowed from pages on this machine only: `npm run serve` runs the
// production build on http://127.0.0.1:8080, and the app calls this port directly, with cookies.
// Prism itself allows every origin, so its CORS headers are replaced here.
import { request } from 'node:http';

import { guardedForward, HOST } from '../contract/contract-proxy.mjs';
import { createOperationNamer, createViolationLog } from '../contract/violations.mjs';
import { outboxPage } from './front-door-outbox.mjs';

/**
 * @import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
 * @import { Exchange } from '../contract/contract-proxy.mjs'
 * @import { Supervised } from '../contract/door-guard.mjs'
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
    return (
      url.origin === origin &&
      url.protocol === 'http:' &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    );
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
 * Answers a CORS preflight: allowed for a loopback page, refused for any other.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
function answerPreflight(req, res) {
  const origin = req.headers.origin;
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
 * Answers the outbox as HTML, from the sandbox's JSON.
 * @param {ServerResponse} res
 * @param {number} sandboxPort
 */
function outboxAsHtml(res, sandboxPort) {
  const upstream = request(
    {
      host: HOST,
      port: sandboxPort,
      path: '/api/sandbox/outbox',
      headers: { accept: 'application/json' },
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
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`The sandbox did not answer: ${error.message}`);
  });
  upstream.end();
}

/**
 * The front door's request handler: `proxy` and `mock` are the supervised Prisms it routes to.
 * @param {{
 *   sandboxPort: number,
 *   proxy: Pick<Supervised, 'name' | 'port' | 'up'>,
 *   mock: Pick<Supervised, 'name' | 'port' | 'up'>,
 *   recorder: ViolationRecorder,
 * }} routes
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function createFrontDoor({ sandboxPort, proxy, mock, recorder }) {
  /** @param {Exchange} exchange */
  const onExchange = (exchange) => recorder.record(exchange);
  return (req, res) => {
    // Who called, for the sandbox's per-client throttles: the address of this connection,
    // replacing whatever X-Forwarded-For the client sent (a made-up one would escape the limit).
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return answerPreflight(req, res);
    }
    /** @param {IncomingHttpHeaders} headers */
    const replyHeaders = (headers) => withCors(headers, req.headers.origin);
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
    if (
      path === '/api/sandbox/outbox' &&
      req.method === 'GET' &&
      /text\/html/.test(req.headers.accept ?? '')
    ) {
      return outboxAsHtml(res, sandboxPort);
    }
    if (path.startsWith('/api/sandbox/'))
      return void guardedForward(req, res, {
        port: sandboxPort,
        name: 'The sandbox',
        replyHeaders,
      });
    if (req.headers.prefer)
      return void guardedForward(req, res, {
        port: mock.port,
        prism: mock,
        onExchange,
        name: 'The Prism mock',
        replyHeaders,
      });
    return void guardedForward(req, res, {
      port: proxy.port,
      prism: proxy,
      onExchange,
      replyHeaders,
    });
  };
}
