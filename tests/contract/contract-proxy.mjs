#!/usr/bin/env node
// `BACKEND_URL=https://acme.api.example.com npm run proxy`: Prism in proxy mode in front of a real
// backend, checking every request and response against openapi.yaml. The app (dev server) talks
// to http://127.0.0.1:4010 as it does to the mock; each exchange that breaks the contract is
// printed as it happens, and Ctrl-C prints a summary of the violations. Its flags and variables:
// PROXY_COMMAND below (`npm run proxy -- --help`).
//
// The door of door-guard.mjs stands in front of Prism, as in front of the sandbox stack's: a Host
// that is not a name of this machine is refused (421, against DNS rebinding); the path is
// normalised, and one that could be read two ways refused (400); one client has at most 16
// requests in flight (else 429 with `Retry-After: 1`); a body must be JSON in UTF-8 that parses
// (or multipart/form-data where the contract takes it), uncompressed (else 415), at most 2 MiB
// (413) and nested at most 64 levels (400), before Prism sees it; a body must arrive within 30 s
// (408) and its answer come within 10 s (504), a stuck exchange holding up no other; and a Prism
// that exits or stops answering is restarted, for ever if it must (the proxy answers 503 with
// `Retry-After` meanwhile).
//
// Also a module: the sandbox stack (tests/sandbox/stack.mjs) starts its Prism proxy and mock and
// forwards through them with the functions exported here.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { connect, createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse } from 'yaml';

import { commandLine, portNumber } from '../cli.mjs';
import {
  admitRequest,
  ANSWER_TIMEOUT_MS,
  BODY_TIMEOUT_MS,
  bodyTypesOf,
  createClientLimit,
  JSON_BODIES,
  MAX_IN_FLIGHT_PER_CLIENT,
  readGuardedBody,
  sendError,
  supervise,
} from './door-guard.mjs';
import {
  CHECKED_HEADER,
  createOperationNamer,
  createViolationLog,
  violationsOf,
} from './violations.mjs';

/**
 * @import { ChildProcess } from 'node:child_process'
 * @import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
 * @import { AddressInfo } from 'node:net'
 * @import { BodyTypes, Supervised } from './door-guard.mjs'
 */
/**
 * Where and how `forward` sends an exchange.
 * @typedef {object} ForwardOptions
 * @property {number} port
 * @property {(exchange: Exchange) => void} [onExchange]
 * @property {string} [name]
 * @property {(headers: IncomingHttpHeaders) => OutgoingHttpHeaders} [replyHeaders]
 */
/**
 * How a door guards what it forwards: the bodies the contract takes (bodyTypesOf; JSON only by
 * default), how long a body may take to arrive (BODY_TIMEOUT_MS, else 408) and then its answer
 * (ANSWER_TIMEOUT_MS, else 504).
 * @typedef {object} GuardOptions
 * @property {BodyTypes} [bodyTypes]
 * @property {number} [timeoutMs]
 * @property {number} [answerTimeoutMs]
 */
/**
 * A Prism behind a door, supervised (or a stand-in, in tests): while it is not `up` its requests
 * answer 503 with `Retry-After`.
 * @typedef {Pick<Supervised, 'name' | 'port' | 'up'> & Partial<Pick<Supervised, 'retryAfter'>>} Routed
 */
/**
 * One exchange through Prism, with the contract violations it found and what shows them.
 * @typedef {import('./violations.mjs').LoggedExchange} Exchange
 */
/**
 * A running Prism: its process, its port, and its last output (for when it stops on its own).
 * @typedef {{ child: ChildProcess, port: number, output: () => string }} Prism
 */

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const HOST = '127.0.0.1';

/**
 * The contract, parsed (for naming operations in reports).
 * @returns {unknown}
 */
export function loadContract() {
  return parse(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'));
}

/**
 * A port nothing listens on right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer().once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = /** @type {AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Resolves once the port accepts connections (Prism answers 404 on '/'); fails if `child` exits.
 * @param {number} port
 * @param {{ child?: ChildProcess, name?: string, timeoutMs?: number }} [options]
 */
export async function waitForPort(port, { child, name = 'Prism', timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${name} stopped before it was ready.`);
    const open = await new Promise((done) => {
      const socket = connect(port, HOST)
        .once('connect', () => socket.end(() => done(true)))
        .once('error', () => done(false));
    });
    if (open) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${name} did not open port ${port} within ${timeoutMs / 1000} s.`);
}

/**
 * Starts Prism: `mode` 'proxy' (validating in front of `target`) or 'mock' (answering from the
 * examples), `--errors` unless `lenient`. Its startup listing of routes and its per-request log
 * are kept out of the console (the last 50 chunks are in `output()`, for when it stops on its own).
 * @param {({ mode: 'proxy', target: string } | { mode: 'mock', target?: undefined })
 *   & { port: number, lenient?: boolean }} options
 * @returns {Prism}
 */
export function spawnPrism({ mode, target, port, lenient = false }) {
  /** @type {string[]} */
  const output = [];
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      mode,
      'openapi.yaml',
      ...(mode === 'proxy' ? [target] : []),
      ...(lenient ? [] : ['--errors']),
      '-h',
      HOST,
      '-p',
      String(port),
      '--verboseLevel',
      'warn',
      // One process, whatever NODE_ENV says: Prism 5.16 turns --multiprocess on by default under
      // NODE_ENV=production, and its cluster code fails to start on Node 24.
      '--multiprocess=false',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output.push(String(chunk));
      if (output.length > 50) output.shift();
    });
  }
  return { child, port, output: () => output.join('') };
}

/**
 * The door's connections to what it forwards to, kept open for the next exchange, and as many as
 * the exchanges in flight: no cap. Capped (64, once), a full pool queued every later request,
 * every client's, behind the stuck ones until their time limit; uncapped, a stuck exchange holds
 * only its own connection, for ANSWER_TIMEOUT_MS at most, and the client limit (at most
 * MAX_IN_FLIGHT_PER_CLIENT per client) bounds how many one client holds.
 */
const agent = new Agent({ keepAlive: true });
const now = () => new Date().toTimeString().slice(0, 8);

/**
 * Forwards one exchange to the server on `port` (Prism, or the sandbox). With `onExchange`, each
 * exchange's contract violations are handed to it ({ method, url, status, violations }); the reply
 * body is read only when it is Prism's own problem+json error. `replyHeaders` may change the
 * reply's headers on their way back. `body`, when given, is the request's body already read (by
 * the guard); it is sent with its length instead of piping the request. With `restarts` (a
 * supervised Prism, which died in the middle of the exchange) a failure answers 503 with
 * `Retry-After: 1`, as while it restarts; otherwise 502.
 *
 * The exchange ends within `timeoutMs` (ANSWER_TIMEOUT_MS by default) of being handed on: a server
 * that has not answered by then gets its request destroyed and the client a 504 (or, mid-answer,
 * a cut connection). A client that goes away takes the request to the server with it: left open,
 * each abandoned exchange would hold a connection to the server for nothing.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {ForwardOptions & { body?: Buffer, restarts?: boolean, timeoutMs?: number }} options
 */
export function forward(
  req,
  res,
  {
    port,
    onExchange,
    name = 'Prism',
    replyHeaders = (h) => h,
    body,
    restarts = false,
    timeoutMs = ANSWER_TIMEOUT_MS,
  },
) {
  // The client left while its body was read: nothing to send, no one to answer.
  if (res.destroyed || req.socket.destroyed) return;
  /** @type {IncomingHttpHeaders} */
  let headers = req.headers;
  if (body && (body.length > 0 || headers['transfer-encoding'])) {
    const { 'transfer-encoding': _chunked, ...rest } = req.headers;
    headers = { ...rest, 'content-length': String(body.length) };
  }
  const upstream = request(
    { host: HOST, port, method: req.method, path: req.url, headers, agent },
    (reply) => {
      const status = reply.statusCode ?? 0;
      const requestId = reply.headers['x-request-id'] ?? req.headers['x-request-id'];
      const problem = String(reply.headers['content-type'] ?? '').includes('problem+json');
      /** @param {string | undefined} responseBody */
      const report = (responseBody) => {
        if (!onExchange) return;
        const violations = violationsOf({ headers: reply.headers, body: responseBody });
        onExchange({
          method: req.method ?? '',
          url: req.url ?? '',
          status,
          violations,
          ...(typeof requestId === 'string' ? { requestId } : {}),
          ...(body && body.length > 0 ? { requestBody: body.toString('utf8') } : {}),
          // Prism's own error reply (--errors) stands in for the backend's: no value of the
          // backend's is in it.
          ...(responseBody === undefined || problem ? {} : { responseBody }),
          checkedUpstream: Boolean(reply.headers[CHECKED_HEADER]),
        });
      };
      res.writeHead(status, replyHeaders(reply.headers));
      // The body is read (to show the offending values) only when Prism found something in it:
      // its own error reply, or a response it flagged.
      const flagged = problem || Boolean(reply.headers['sl-violations']);
      if (onExchange && flagged) {
        /** @type {Buffer[]} */
        const chunks = [];
        reply.on('data', (chunk) => chunks.push(chunk));
        reply.on('end', () => {
          const whole = Buffer.concat(chunks);
          report(whole.toString('utf8'));
          res.end(whole);
        });
      } else {
        report(undefined);
        reply.pipe(res);
      }
    },
  );
  // The door stopped waiting for this exchange (its time is up, or its client left): the error
  // that destroying the request raises is not news.
  let gaveUp = false;
  const limit = setTimeout(() => {
    gaveUp = true;
    upstream.destroy();
    if (res.headersSent) res.destroy();
    else
      sendError(res, 504, `${name} did not answer within ${timeoutMs / 1000} s.`, { replyHeaders });
  }, timeoutMs);
  res.once('close', () => {
    clearTimeout(limit);
    if (res.writableFinished) return;
    gaveUp = true;
    upstream.destroy();
  });
  upstream.on('error', (error) => {
    if (gaveUp) return;
    console.log(`${now()} PROXY ERROR ${req.method} ${req.url}: ${error.message}`);
    if (restarts) {
      sendError(res, 503, `${name} did not answer (it restarts); try again in a second.`, {
        replyHeaders,
        headers: { 'retry-after': '1' },
      });
      return;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`Contract proxy: ${name} did not answer.`);
  });
  if (body) upstream.end(body.length > 0 ? body : undefined);
  else req.pipe(upstream);
}

/**
 * Forwards one exchange through the guard (door-guard.mjs): a body of a type it cannot judge, too
 * large, not UTF-8, too deep or JSON that does not parse is refused here (`bodyTypes`: the
 * contract's, see bodyTypesOf; JSON only by default), and a request for a supervised Prism that is
 * down (restarting) answers 503 with `Retry-After` (the seconds until its restart). Without
 * `prism` (the sandbox's own routes) only the guard applies. The body must arrive within
 * `timeoutMs`, and the answer within `answerTimeoutMs`. `req.url` is forwarded as it is: the door
 * has normalised it (admitRequest).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {ForwardOptions & GuardOptions & {
 *   prism?: Pick<Supervised, 'name' | 'up'> & Partial<Pick<Supervised, 'retryAfter'>>,
 * }} options
 */
export async function guardedForward(
  req,
  res,
  {
    prism,
    bodyTypes = JSON_BODIES,
    timeoutMs = BODY_TIMEOUT_MS,
    answerTimeoutMs = ANSWER_TIMEOUT_MS,
    ...options
  },
) {
  const accepts = {
    json: bodyTypes.json,
    multipart: bodyTypes.multipart(req.method ?? 'GET', req.url ?? '/'),
  };
  const body = await readGuardedBody(req, res, {
    replyHeaders: options.replyHeaders,
    accepts,
    timeoutMs,
  });
  if (!body) return;
  if (prism && !prism.up) {
    const seconds = prism.retryAfter?.() ?? 1;
    sendError(
      res,
      503,
      `${prism.name} is restarting; try again in ${seconds === 1 ? 'a second' : `${seconds} s`}.`,
      { replyHeaders: options.replyHeaders, headers: { 'retry-after': String(seconds) } },
    );
    return;
  }
  forward(req, res, {
    name: prism?.name,
    ...options,
    body,
    restarts: prism !== undefined,
    timeoutMs: answerTimeoutMs,
  });
}

/**
 * The request handler of `npm run proxy`: the Host check and the normalised path (as at the
 * sandbox stack's front door), the client limit (`maxInFlight` per client, else 429), then the
 * guard and Prism. Exported for its tests, which give it a stand-in Prism and short limits.
 * @param {GuardOptions & {
 *   prism: Routed,
 *   onExchange?: (exchange: Exchange) => void,
 *   maxInFlight?: number,
 * }} options
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function createProxyHandler({
  prism,
  onExchange,
  maxInFlight = MAX_IN_FLIGHT_PER_CLIENT,
  ...guard
}) {
  const clients = createClientLimit(maxInFlight);
  return (req, res) => {
    const target = admitRequest(req, res);
    if (!target) return;
    req.url = target.url;
    if (!clients.admit(req, res)) return;
    void guardedForward(req, res, { ...guard, port: prism.port, onExchange, prism });
  };
}

/**
 * Prism, started and kept running by the supervisor (door-guard.mjs): restarted on the same port
 * when it exits or stops answering its liveness check, for as long as it takes. `print` hears of
 * each exit, kill and restart.
 * @param {Parameters<typeof spawnPrism>[0] & {
 *   name: string,
 *   print?: (line: string) => void,
 * }} options
 * @returns {Supervised}
 */
export function supervisePrism({ name, print, ...prism }) {
  return supervise({
    name,
    port: prism.port,
    start: () => spawnPrism(prism),
    waitReady: (child) => waitForPort(prism.port, { child, name }),
    print,
  });
}

/** `npm run proxy`'s command line. */
const PROXY_COMMAND = {
  usage: 'BACKEND_URL=https://acme.api.example.com npm run proxy -- [options]',
  summary:
    "Prism in proxy mode in front of a real backend: the app's calls go through it, and each request or response that breaks openapi.yaml is printed as it happens (Ctrl-C prints the summary).",
  flags: {
    backend: {
      type: /** @type {const} */ ('string'),
      value: 'URL',
      description: 'the backend to check (required), e.g. https://acme.api.acebridge.io',
      env: 'BACKEND_URL',
      /** @param {string} text */
      parse: (text) => {
        if (!/^https?:\/\/[^/]+/.test(text)) throw new Error('takes an http(s) URL');
        return text;
      },
    },
    port: {
      type: /** @type {const} */ ('string'),
      value: 'N',
      description: 'where the app reaches the proxy, on 127.0.0.1',
      env: 'PROXY_PORT',
      fallback: '4010',
      parse: portNumber,
    },
    timeout: {
      type: /** @type {const} */ ('string'),
      value: 'S',
      description:
        'how long a backend may take to answer, in seconds (measured on the sandbox; raise it for a backend whose slowest call takes longer)',
      env: 'PROXY_TIMEOUT_S',
      fallback: String(ANSWER_TIMEOUT_MS / 1000),
      /** @param {string} text */
      parse: (text) => {
        const seconds = Number(text);
        if (!(text.trim() !== '' && seconds > 0))
          throw new Error('takes a number of seconds above 0');
        return seconds;
      },
    },
    lenient: {
      type: /** @type {const} */ ('boolean'),
      description:
        'pass violating exchanges through unchanged (Prism without --errors), still reporting them; by default a request that breaks the contract is refused (422) and a response that breaks it becomes a 500 (or PROXY_LENIENT=1)',
    },
  },
};

async function main() {
  const { values } = commandLine(PROXY_COMMAND);
  const backend = /** @type {string | undefined} */ (values.backend);
  const port = /** @type {number} */ (values.port);
  const lenient = values.lenient === true || process.env.PROXY_LENIENT === '1';
  const seconds = /** @type {number} */ (values.timeout);
  if (!backend) {
    console.error(
      'Set BACKEND_URL (or --backend) to the backend to check, e.g.\n  BACKEND_URL=https://acme.api.acebridge.io npm run proxy',
    );
    process.exit(2);
  }

  const doc = loadContract();
  const log = createViolationLog(createOperationNamer(doc));
  const bodyTypes = bodyTypesOf(doc);
  // Restarted when it exits or stops answering (the guard keeps the known killers out; see
  // door-guard.mjs), for as long as it takes.
  const prism = supervisePrism({
    name: 'Prism',
    mode: 'proxy',
    target: backend,
    port: await freePort(),
    lenient,
  });
  /** @param {Exchange} exchange */
  const onExchange = (exchange) => {
    for (const line of log.record(exchange)) console.log(line);
  };
  const server = createServer(
    createProxyHandler({ prism, onExchange, bodyTypes, answerTimeoutMs: seconds * 1000 }),
  );

  let stopping = false;
  /** @param {number} [code] */
  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    if (server.listening) server.close();
    void prism.stop();
    console.log(`\n${log.summary()}`);
    process.exit(code);
  };
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());

  try {
    await prism.ready;
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${prism.output()}`);
    stop(1);
  }
  server.once('error', (error) => {
    console.error(`Cannot listen on ${HOST}:${port}: ${error.message}`);
    stop(1);
  });
  server.listen(port, HOST, () => {
    console.log(
      [
        `Contract proxy on http://${HOST}:${port} -> Prism (openapi.yaml${lenient ? ', lenient' : ', --errors'}) -> ${backend}`,
        'Each request or response that breaks openapi.yaml prints here; Ctrl-C prints the summary.',
      ].join('\n'),
    );
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
