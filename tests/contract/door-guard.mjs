// What keeps a door in front of Prism standing, and keeps it from being walked around, for the
// sandbox stack's front door (tests/sandbox/front-door.mjs) and the contract proxy (`npm run proxy`,
// contract-proxy.mjs) alike:
//
//   the request line  a Host that is not a name of this machine is refused (421): a page whose own
//                     name was made to point at 127.0.0.1 (DNS rebinding) would otherwise be
//                     same-origin with the door and read what it answers, the outbox's reset links
//                     included. The path is normalised once (`..`, `%2e%2e`, `./..`, `\`), and the
//                     door routes and forwards that one path, so no server behind it reads another;
//                     a path they could read differently (`%2F`, `//`, a broken `%`) is refused (400).
//   the client limit  one client (one address) has at most MAX_IN_FLIGHT_PER_CLIENT requests in
//                     flight through the door; the next is answered 429 with `Retry-After: 1`, so
//                     that no client can take all of Prism's attention.
//   the body guard    reads a request's body before Prism sees it and takes only what it can judge:
//                     JSON in UTF-8, or multipart/form-data where the contract takes it, not
//                     compressed (anything else: 415). It refuses a body larger than MAX_BODY_BYTES
//                     (413), not valid UTF-8 (400), nested deeper than MAX_BODY_DEPTH (400), or
//                     JSON that does not parse (400).
//                     Prism decodes a body by the charset it names and validates it recursively: 30
//                     KB nested 5,000 deep overflows its stack and the process exits. In UTF-7 such
//                     a body has no `{` byte, in UTF-16 it can hide its brackets from a scan of
//                     bytes, and a gzip body leaves Prism waiting for ever: so the depth is measured
//                     on the text Prism will read, and only UTF-8 is let through. JSON that does not
//                     parse (trailing text, a body cut short) Prism never answers either.
//   the time limits   a body must arrive within BODY_TIMEOUT_MS (else 408), and Prism's answer
//                     within ANSWER_TIMEOUT_MS (else 504); the request to Prism is destroyed when
//                     its client goes away. The door's connections to Prism have no overall cap:
//                     a stuck exchange holds its own connection until its limit and delays no other
//                     client's (the client limit bounds how many one client holds).
//   the supervisor    restarts a Prism that exits, and kills one that stops answering its liveness
//                     check (so that it is restarted); one that keeps stopping is restarted for
//                     ever, the waits doubling up to 30 s. While it is down the door answers 503
//                     with `Retry-After`.
//
// The replies are JSON in the contract's error shape (ErrorBody: `detail`, as Django REST
// framework's own errors), and carry the door's reply headers (CORS for the front door).
import { request } from 'node:http';

import { createOperationNamer } from './violations.mjs';

/**
 * @import { ChildProcess } from 'node:child_process'
 * @import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
 */
/**
 * What a request may carry as a body: JSON of these media types, and multipart/form-data or not.
 * @typedef {{ json: ReadonlySet<string>, multipart: boolean }} BodyAccepts
 */
/**
 * The request bodies the contract takes: its JSON media types, and the operations that take
 * multipart/form-data.
 * @typedef {{ json: ReadonlySet<string>, multipart: (method: string, url: string) => boolean }} BodyTypes
 */
/**
 * A body's type, judged: what to check it as, or why it is refused.
 * @typedef {{ kind: 'json' } | { kind: 'multipart', boundary: string } | { status: number, detail: string }} BodyVerdict
 */
/**
 * What reading the contract's request bodies needs of it (parsed YAML: any field may be missing).
 * @typedef {{ $ref?: string, content?: Record<string, unknown> }} RequestBody
 * @typedef {{
 *   paths?: Record<string, Record<string, { operationId?: string, requestBody?: RequestBody } | null> | null>,
 *   components?: { requestBodies?: Record<string, RequestBody> },
 * }} ContractBodies
 */
/**
 * How long a supervised process may go without answering before it is killed and restarted.
 * @typedef {{ intervalMs: number, timeoutMs: number, misses: number }} Liveness
 */

/**
 * The deepest body accepted: arrays and objects inside each other. The contract's request bodies
 * nest 3 levels in its examples, and an AWS policy document (a JSON file inside the multipart body
 * of addPolicy, scanned too) about 5; 64 leaves room for any legitimate JSON and is far below the
 * thousands that overflow Prism.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * The largest body accepted, in bytes. The largest legitimate one is the AWS policy document, at
 * most 1 MB, sent as a multipart file (its bytes as they are) plus a few short fields. 2 MiB lets
 * it through with room to spare, and lets a policy between 1 MB and 2 MiB reach the backend, whose
 * own 413 names the 1 MB limit to the user.
 */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * How long a request's body may take to arrive, in full. The slowest legitimate upload (the 1 MB
 * policy file) arrives in well under a second on this machine; the margin is for a slow network
 * (`npm run proxy` in front of a remote backend) and costs nothing, as a body on its way holds no
 * connection to Prism. The front door gives the sandbox's own routes as long to answer: they do
 * not go through Prism, and a reset of a large sandbox (`--scale`) rebuilds its whole seed.
 */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * How long Prism (and what it proxies to) may take to answer an exchange, once its body is
 * handed over, before the door cuts it (504). The slowest legitimate exchanges through the
 * sandbox stack, measured on this 2-core machine: 200 sign-ins at once from 200 clients (a light
 * scrypt each), the slowest answered in 2.6 s; 200 invitations at once (a write, a mail and a
 * durable journal append each), 2.2 s; the dashboard's reads while a `--scale 100000` org syncs
 * unpaced, 1.4 s, and starting that sync, 1.2 s; the 1 MB policy upload, which Prism parses and
 * validates, 0.8 s. A sync or an import answers once its work is queued, not done. 10 s is about
 * four times the slowest of these, and cuts what Prism never answers (it held JSON that does not
 * parse for ever) a few seconds after it began.
 */
export const ANSWER_TIMEOUT_MS = 10_000;

/**
 * How many requests one client (one address) may have in flight through a door at once; the
 * next is answered 429 with `Retry-After: 1` at once. A browser speaks HTTP/1.1 to these doors
 * (Vite's dev and preview proxies, and `npm run serve`, whose app calls the door directly) and
 * opens at most 6 connections to one host and port, so the app in one browser has at most 6
 * requests in flight however many queries a screen fires (a dashboard's 10 wait their turn in the
 * browser). Everything on this machine is one client to the door (127.0.0.1; Vite's proxy too):
 * the sandbox e2e suite runs one worker, whose journeys open at most two browser contexts at once
 * (12), and its fixture calls one at a time. 16 leaves that room and a developer's second browser
 * a share of it. Without a limit, one client's stuck or slow exchanges (200 malformed sign-ins)
 * piled up at Prism, a single process that every other client shares.
 */
export const MAX_IN_FLIGHT_PER_CLIENT = 16;

/**
 * The liveness check of a supervised Prism: a preflight (`OPTIONS /`), which Prism answers itself
 * without asking its backend, every 5 s. Three missed in a row, 5 s each, and it is killed. A busy
 * Prism (the bench's 400 requests at once) answers within a second or two, and killing it would
 * fail every request in flight, hence the margin; a frozen one never answers, and is restarted
 * within about half a minute.
 * @type {Liveness}
 */
const LIVENESS = { intervalMs: 5_000, timeoutMs: 5_000, misses: 3 };

/**
 * The wait before a restart: 250 ms, doubling with each restart in a row, at most 30 s. A Prism
 * that stayed up for STEADY_MS ends the row.
 * @type {{ firstMs: number, maxMs: number }}
 */
const BACKOFF = { firstMs: 250, maxMs: 30_000 };
const STEADY_MS = 60_000;
/** After this many restarts in a row the supervisor says it is a loop, with the last output. */
const LOOP_NOTICE_AT = 5;

/** The JSON media type every door takes (and, by default, the only one). */
const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';

/** JSON only, multipart nowhere: the bodies a door takes when it is not told the contract's. */
export const JSON_BODIES = /** @type {BodyTypes} */ ({
  json: new Set([JSON_TYPE]),
  multipart: () => false,
});

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * A streaming depth scan, no parse tree, constant memory: over text (the decoded body) or over
 * UTF-8 bytes, which come to the same, as UTF-8 never uses these ASCII bytes inside a multi-byte
 * character. Counts `{` and `[` outside strings (a `"` opens and closes one, `\` escapes the next
 * character inside it). It does not validate JSON: readGuardedBody parses a JSON body once it is all
 * there (V8's JSON.parse, which does not recurse, as Prism's parser is); Prism's validation, of
 * JSON that parsed, does recurse, and on such JSON this count is exact.
 * @param {number} [maxDepth]
 */
export function createDepthScanner(maxDepth = MAX_BODY_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  return {
    /**
     * Scans the next chunk; false once the body has gone deeper than `maxDepth`.
     * @param {Uint8Array | string} chunk
     */
    push(chunk) {
      for (let index = 0; index < chunk.length; index += 1) {
        const code = typeof chunk === 'string' ? chunk.charCodeAt(index) : (chunk[index] ?? 0);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          depth += 1;
          if (depth > deepest) deepest = depth;
          if (depth > maxDepth) return false;
        } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) depth -= 1;
      }
      return true;
    },
    /** The deepest nesting seen so far. */
    deepest: () => deepest,
  };
}

/**
 * Whether every part of a multipart body keeps within `maxDepth`, each part's content scanned on
 * its own from a clean start, its headers skipped: a stray quote in one field (or in a file name)
 * must not hide the brackets of the next part. The parts are split where a multipart parser
 * splits them, at CRLF `--boundary`; the preamble before the first is ignored, as parsers do.
 * @param {Buffer} body
 * @param {string} boundary
 * @param {number} maxDepth
 */
function multipartWithinDepth(body, boundary, maxDepth) {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body without a CRLF before it.
  const whole = Buffer.concat([Buffer.from('\r\n'), body]);
  let at = whole.indexOf(delimiter);
  if (at < 0) return createDepthScanner(maxDepth).push(body);
  while (at >= 0) {
    const start = at + delimiter.length;
    const next = whole.indexOf(delimiter, start);
    const part = whole.subarray(start, next < 0 ? whole.length : next);
    const headersEnd = part.indexOf('\r\n\r\n');
    const content = headersEnd < 0 ? part : part.subarray(headersEnd + 4);
    if (!createDepthScanner(maxDepth).push(content)) return false;
    at = next;
  }
  return true;
}

/**
 * A Content-Type read: `application/json; charset="UTF-8"` is { type: 'application/json',
 * params: { charset: 'UTF-8' } }. Undefined when it cannot be read without guessing: a parameter
 * without `=`, or one given twice (servers differ on which one counts).
 * @param {string} value
 * @returns {{ type: string, params: Record<string, string> } | undefined}
 */
function parseMediaType(value) {
  const [type = '', ...rest] = value.split(';');
  /** @type {Record<string, string>} */
  const params = {};
  for (const part of rest) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at < 0) return undefined;
    const name = part.slice(0, at).trim().toLowerCase();
    if (Object.hasOwn(params, name)) return undefined;
    const raw = part.slice(at + 1).trim();
    params[name] =
      raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')
        ? raw.slice(1, -1).replace(/\\(.)/g, '$1')
        : raw;
  }
  return { type: type.trim().toLowerCase(), params };
}

/** A header value as it may be shown in a reply: at most 100 characters. */
const shown = (/** @type {string} */ value) =>
  value.length > 100 ? `${value.slice(0, 100)}…` : value;

/**
 * Judges a request body's type from its headers. JSON (one of `accepts.json`) with no charset or
 * charset=utf-8 passes, as does multipart/form-data with a boundary where `accepts.multipart`
 * says so; a Content-Encoding other than `identity` never does. Anything else is 415: Prism would
 * decode it by another charset than the one the guard checked, or not at all.
 * @param {IncomingHttpHeaders} headers
 * @param {BodyAccepts} accepts
 * @returns {BodyVerdict}
 */
export function judgeBodyType(headers, accepts) {
  const coding = headers['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity')
    return {
      status: 415,
      detail: `A compressed request body (Content-Encoding: ${shown(coding)}) is not accepted; send it uncompressed.`,
    };
  const given = headers['content-type'];
  const media = given === undefined ? undefined : parseMediaType(given);
  const charset = media?.params.charset?.toLowerCase();
  const utf8 = charset === undefined || charset === 'utf-8';
  if (media && utf8 && accepts.json.has(media.type)) return { kind: 'json' };
  if (media && utf8 && accepts.multipart && media.type === MULTIPART_TYPE) {
    const boundary = media.params.boundary;
    if (!boundary)
      return { status: 400, detail: 'A multipart/form-data body needs a boundary parameter.' };
    return { kind: 'multipart', boundary };
  }
  const types = [...accepts.json, ...(accepts.multipart ? [MULTIPART_TYPE] : [])].join(' or ');
  return {
    status: 415,
    detail: `The request body must be ${types}, in UTF-8 (no charset, or charset=utf-8); this one has ${given === undefined ? 'no Content-Type' : `Content-Type: ${shown(given)}`}.`,
  };
}

/** The methods of a path item, as the contract names them. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/**
 * The request bodies the contract takes: application/json everywhere (the sandbox's own routes
 * too), any `+json` type it names, and multipart/form-data for the operations that declare it
 * (addPolicy). An operation is found as violations.mjs names it (path template and method).
 * @param {unknown} doc the parsed contract
 * @returns {BodyTypes}
 */
export function bodyTypesOf(doc) {
  const contract = /** @type {ContractBodies | null | undefined} */ (doc);
  /** @param {RequestBody | undefined} body */
  const resolve = (body) =>
    body?.$ref?.startsWith('#/components/requestBodies/')
      ? contract?.components?.requestBodies?.[body.$ref.slice('#/components/requestBodies/'.length)]
      : body;
  const json = new Set([JSON_TYPE]);
  /** @type {Set<string>} */
  const multipart = new Set();
  for (const [path, item] of Object.entries(contract?.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!METHODS.includes(method)) continue;
      for (const type of Object.keys(resolve(operation?.requestBody)?.content ?? {})) {
        const media = type.split(';')[0]?.trim().toLowerCase() ?? '';
        if (media.endsWith('+json')) json.add(media);
        // The operation's name as the namer gives it, to compare with a request's.
        if (media === MULTIPART_TYPE) {
          const id = operation?.operationId;
          multipart.add(`${method.toUpperCase()} ${path}${id ? ` (${id})` : ''}`);
        }
      }
    }
  }
  const nameOperation = createOperationNamer(doc);
  return { json, multipart: (method, url) => multipart.has(nameOperation(method, url)) };
}

/**
 * Answers with a JSON error in the contract's shape (`{"detail": "..."}`).
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} detail
 * @param {{ replyHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders, headers?: OutgoingHttpHeaders }} [options]
 */
export function sendError(res, status, detail, { replyHeaders = (h) => h, headers = {} } = {}) {
  if (res.headersSent) return void res.end();
  if (res.destroyed) return undefined;
  res.writeHead(status, {
    ...replyHeaders({ 'content-type': 'application/json', 'cache-control': 'no-store' }),
    ...headers,
  });
  res.end(JSON.stringify({ detail }));
  return undefined;
}

/**
 * Counts each client's requests in flight through a door (a client is the address its connection
 * comes from: the door's own view, which no header can change) and refuses one past `max`.
 * @param {number} [max]
 */
export function createClientLimit(max = MAX_IN_FLIGHT_PER_CLIENT) {
  /** @type {Map<string, number>} */
  const inFlight = new Map();
  return {
    /**
     * Counts the request in, until its reply is done or its connection closes, and returns true;
     * or answers 429 with `Retry-After: 1` (the connection closed, the body unread) and returns
     * false.
     * @param {IncomingMessage} req
     * @param {ServerResponse} res
     * @param {{ replyHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders }} [options]
     */
    admit(req, res, { replyHeaders } = {}) {
      const client = req.socket.remoteAddress ?? 'unknown';
      const count = inFlight.get(client) ?? 0;
      if (count >= max) {
        req.resume();
        sendError(
          res,
          429,
          `Too many requests at once from one client: at most ${max} may be in flight through this door; try again in a second.`,
          { replyHeaders, headers: { 'retry-after': '1', connection: 'close' } },
        );
        return false;
      }
      inFlight.set(client, count + 1);
      // 'close' comes once per reply: after it is sent, or when its connection goes first.
      res.once('close', () => {
        const left = (inFlight.get(client) ?? 1) - 1;
        if (left > 0) inFlight.set(client, left);
        else inFlight.delete(client);
      });
      return true;
    },
    /** How many requests `client` has in flight now. */
    inFlight: (/** @type {string} */ client) => inFlight.get(client) ?? 0,
  };
}

/** V8's own words for what is wrong, before the position: none of them quotes the text. */
const V8_JSON_PROBLEM = /^([A-Za-z][A-Za-z ,'{}[\]:-]*?) (?:in JSON )?at position (\d+)/;

/**
 * Why a JSON text does not parse, in words that quote none of it (a body may hold a password, and
 * a refusal ends up in logs and on screens), or undefined when it parses. V8's message is kept
 * when it is one of its fixed phrases with a position ("unterminated string at position 22");
 * the ones that quote the text around an unexpected character ("Unexpected token 'x', "…" is not
 * valid JSON") are said in fixed words instead.
 * @param {string} text
 * @returns {string | undefined}
 */
export function jsonProblem(text) {
  // JSON.parse refuses it too, quoting the text; RFC 8259 forbids it in JSON sent over a network.
  if (text.charCodeAt(0) === 0xfeff)
    return 'it starts with a byte order mark (U+FEFF), which JSON sent over a network must not carry';
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.startsWith('Unexpected end of JSON input'))
      return 'it ends before its value does (cut short, or only white space)';
    const fixed = message.startsWith('Unexpected token') ? null : V8_JSON_PROBLEM.exec(message);
    if (fixed?.[1] && fixed[2])
      return `${fixed[1].charAt(0).toLowerCase()}${fixed[1].slice(1)} at position ${fixed[2]}`;
    return 'an unexpected character, or a misspelt true, false or null';
  }
}

/**
 * Reads a request's whole body through the guard. Resolves with it (empty when there is none), or
 * with undefined once it has answered: 415 (a type it cannot judge, see judgeBodyType), 413 (too
 * large: the declared length is enough to refuse), 400 (not UTF-8, too deep, or JSON that does
 * not parse) or 408 (not all there within `timeoutMs`). The rest of a refused body is read and
 * dropped, so the client gets the answer. A request without a body passes whatever its
 * Content-Type.
 *
 * JSON is decoded as it arrives (a fatal, streaming UTF-8 decoder) and its depth measured on that
 * text; once it is all there (at most MAX_BODY_BYTES, at most MAX_BODY_DEPTH deep) it is parsed,
 * and refused unless it parses (jsonProblem): Prism never answers JSON that does not (trailing
 * text, a body cut short), and each such request held one of its connections until the door's
 * time limit. A multipart body is held to UTF-8 too: Prism reads it as UTF-8 text and forwards that text
 * re-encoded, so other bytes would reach the backend altered, and the one file the contract takes
 * is a JSON policy (UTF-8 by RFC 8259). Its parts are depth-scanned one by one once it is all
 * there (at most MAX_BODY_BYTES): a policy file is JSON, and a server may parse a part whose type
 * it was not told.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{
 *   replyHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders,
 *   maxBytes?: number,
 *   maxDepth?: number,
 *   accepts?: BodyAccepts,
 *   timeoutMs?: number,
 * }} [options]
 * @returns {Promise<Buffer | undefined>}
 */
export function readGuardedBody(
  req,
  res,
  {
    replyHeaders,
    maxBytes = MAX_BODY_BYTES,
    maxDepth = MAX_BODY_DEPTH,
    accepts = { json: JSON_BODIES.json, multipart: false },
    timeoutMs = BODY_TIMEOUT_MS,
  } = {},
) {
  return new Promise((done) => {
    let settled = false;
    /** @param {Buffer | undefined} body */
    const settle = (body) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(body);
    };
    /** @param {number} status @param {string} detail */
    const refuse = (status, detail) => {
      if (settled) return;
      req.removeAllListeners('data');
      req.resume();
      sendError(res, status, detail, { replyHeaders, headers: { connection: 'close' } });
      settle(undefined);
    };
    const timer = setTimeout(
      () => refuse(408, `The request body did not arrive within ${timeoutMs / 1000} s.`),
      timeoutMs,
    );
    /** @type {BodyVerdict | undefined} */
    let verdict;
    /** Judges the body's type, once it is known to have one; false once refused. */
    const judge = () => {
      verdict = judgeBodyType(req.headers, accepts);
      if ('status' in verdict) refuse(verdict.status, verdict.detail);
      return !('status' in verdict);
    };
    const tooLarge = `The request body is larger than ${maxBytes} bytes.`;
    const tooDeep = `The request body is nested deeper than ${maxDepth} levels.`;
    const notUtf8 = 'The request body is not valid UTF-8.';
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > 0 && !judge()) return;
    if (declared > maxBytes) return refuse(413, tooLarge);
    const scanner = createDepthScanner(maxDepth);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      if (!verdict && chunk.length > 0 && !judge()) return undefined;
      size += chunk.length;
      if (size > maxBytes) return refuse(413, tooLarge);
      /** @type {string} */
      let text;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        return refuse(400, notUtf8);
      }
      if (verdict && 'kind' in verdict && verdict.kind === 'json' && !scanner.push(text))
        return refuse(400, tooDeep);
      chunks.push(chunk);
      return undefined;
    });
    req.once('end', () => {
      if (settled) return undefined;
      try {
        decoder.decode();
      } catch {
        return refuse(400, notUtf8);
      }
      const body = Buffer.concat(chunks);
      if (
        verdict &&
        'kind' in verdict &&
        verdict.kind === 'multipart' &&
        !multipartWithinDepth(body, verdict.boundary, maxDepth)
      )
        return refuse(400, tooDeep);
      // An empty body is no JSON text either, but it passes as it always has: Prism answers it
      // (the operation's own 422, or nothing to validate).
      if (verdict && 'kind' in verdict && verdict.kind === 'json' && body.length > 0) {
        const problem = jsonProblem(body.toString('utf8'));
        if (problem) return refuse(400, `The request body is not valid JSON: ${problem}.`);
      }
      return settle(body);
    });
    // The client went away before the end: there is no one to answer.
    req.once('error', () => settle(undefined));
    req.once('close', () => {
      if (!req.complete) settle(undefined);
    });
  });
}

/** The names of this machine a Host header may give. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
/** A name under .localhost: one or more DNS labels, then `localhost`. */
const UNDER_LOCALHOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+localhost$/;

/**
 * Whether a Host header names this machine: 127.0.0.1, localhost or [::1], any port, or a name
 * under .localhost (acme.localhost:4010: the app puts the tenant in front of a loopback API host
 * such as localhost:4010). Names under .localhost never come from DNS (RFC 6761: browsers and
 * resolvers answer them with loopback, and the root zone has no such domain), so a page cannot
 * have one pointed here by its owner, which is what DNS rebinding needs.
 * @param {string | undefined} host
 */
export function isLoopbackHost(host) {
  if (typeof host !== 'string') return false;
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host);
  const name = match?.[1]?.toLowerCase();
  if (!name) return false;
  return LOOPBACK_NAMES.includes(name) || UNDER_LOCALHOST.test(name);
}

/**
 * A request target with its path normalised as the URL standard does: `..` and `.` segments
 * resolved (`%2e` spelt too), `\` read as `/` (as every browser does); the query is kept as it
 * came. The door routes this path and forwards it, so a server behind it cannot read a path the
 * door did not route. What could still be read two ways is refused (`detail` says why): an
 * encoded `/` or `\` (a server that decodes it before routing sees other segments; no path
 * parameter of the contract holds one), an empty segment (`//`: no route has one, and servers
 * disagree on whether it means `/`), a broken percent-encoding, and a target that is not a path
 * (an absolute URL names its own host, past the Host check).
 * @param {string | undefined} target
 * @returns {{ path: string, url: string } | { detail: string }}
 */
export function normaliseTarget(target) {
  const raw = target ?? '';
  if (!raw.startsWith('/'))
    return { detail: 'The request target must be a path, starting with "/".' };
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt < 0 ? raw : raw.slice(0, queryAt);
  const query = queryAt < 0 ? '' : raw.slice(queryAt);
  if (/%(?:2f|5c)/i.test(rawPath))
    return {
      detail:
        'A path with an encoded "/" or "\\" (%2F, %5C) is refused: the servers behind the door could split it into other segments than the door routed.',
    };
  /** @type {string} */
  let path;
  try {
    // The host is the door's own, so the whole of `rawPath` is read as a path (`//x` included).
    path = new URL(`http://door.invalid${rawPath}`).pathname;
  } catch {
    return { detail: 'The request path cannot be read as a URL path.' };
  }
  if (path.includes('//'))
    return {
      detail:
        'A path with an empty segment ("//") is refused: no route has one, and servers disagree on whether it means "/".',
    };
  for (const segment of path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return {
        detail:
          'The request path has a broken percent-encoding ("%" not followed by two hex digits, or bytes that are not UTF-8).',
      };
    }
  }
  return { path, url: `${path}${query}` };
}

/**
 * Admits a request to a door, or answers it: 421 when its Host is not a name of this machine
 * (isLoopbackHost), 400 when its path cannot be read one way only (normaliseTarget). Resolves the
 * normalised target to route and forward.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{ replyHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders }} [options]
 * @returns {{ path: string, url: string } | undefined}
 */
export function admitRequest(req, res, { replyHeaders } = {}) {
  const { host } = req.headers;
  if (!isLoopbackHost(host)) {
    sendError(
      res,
      421,
      `This door answers requests addressed to this machine only (Host: 127.0.0.1, localhost, [::1] or a name under .localhost, any port), so that a web page whose own name was pointed here (DNS rebinding) cannot call it; ${host === undefined ? 'this request has no Host' : `Host: ${shown(host)} is not one`}.`,
      { headers: { connection: 'close' } },
    );
    return undefined;
  }
  const target = normaliseTarget(req.url);
  if ('detail' in target) {
    sendError(res, 400, target.detail, { replyHeaders, headers: { connection: 'close' } });
    return undefined;
  }
  return target;
}

/**
 * One liveness check: resolves true if anything answers `OPTIONS /` (a CORS preflight, which
 * Prism answers itself, whether it mocks or proxies) on the port within `timeoutMs`. A connection
 * of its own (no pool): a door with every pooled connection busy must not look like a dead Prism.
 * @param {number} port
 * @param {number} timeoutMs
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
function probeHttp(port, timeoutMs, host = '127.0.0.1') {
  return new Promise((done) => {
    const probe = request(
      {
        host,
        port,
        method: 'OPTIONS',
        path: '/',
        agent: false,
        headers: { origin: `http://${host}`, 'access-control-request-method': 'GET' },
      },
      (reply) => {
        clearTimeout(timer);
        reply.resume();
        done(true);
      },
    );
    const timer = setTimeout(() => {
      probe.destroy();
      done(false);
    }, timeoutMs);
    probe.once('error', () => {
      clearTimeout(timer);
      done(false);
    });
    probe.end();
  });
}

/**
 * A process kept running: its current child, its port, and whether it answers now.
 * @typedef {object} Supervised
 * @property {string} name For the console, e.g. "Prism (proxy)".
 * @property {number} port
 * @property {boolean} up True while the current child answers on its port.
 * @property {() => number} retryAfter Seconds until it may be up again (for `Retry-After`), ≥ 1.
 * @property {() => ChildProcess} child The current child.
 * @property {() => string} output The current child's last output.
 * @property {Promise<void>} ready Resolves when the first child answers; fails if it exits first.
 * @property {() => Promise<void>} stop Stops it for good (SIGTERM, SIGKILL after 3 s).
 */

/**
 * Starts a process (Prism) and keeps it running. One that exits is restarted after a back-off
 * (`backoff.firstMs`, doubling with each restart in a row, at most `backoff.maxMs`; a child that
 * stays up a minute ends the row); one that stops answering `probe` (`liveness.misses` checks in
 * a row) is killed with SIGKILL, and so restarted. It never gives up: a Prism in a crash loop
 * costs a restart every 30 s, while giving up would leave the door answering 503 until someone
 * restarts everything. A first start that fails is not retried: `ready` fails instead (a contract
 * Prism cannot load will not load on the second try either). Each exit, kill and restart is
 * printed, and a loop is called one, with the child's last output.
 * @param {{
 *   name: string,
 *   port: number,
 *   start: () => { child: ChildProcess, output: () => string },
 *   waitReady: (child: ChildProcess) => Promise<void>,
 *   print?: (line: string) => void,
 *   backoff?: { firstMs: number, maxMs: number },
 *   liveness?: Liveness,
 *   probe?: (port: number, timeoutMs: number) => Promise<boolean>,
 * }} options
 * @returns {Supervised}
 */
export function supervise({
  name,
  port,
  start,
  waitReady,
  print = console.log,
  backoff = BACKOFF,
  liveness = LIVENESS,
  probe = probeHttp,
}) {
  let current = start();
  let up = false;
  let stopping = false;
  /** Restarts since a child last stayed up for STEADY_MS. */
  let streak = 0;
  /** When the current child became ready (performance.now()); 0 while it is not. */
  let readySince = 0;
  /** When the pending restart runs (Date.now()); 0 when none is pending. */
  let restartAt = 0;
  let misses = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  /** @type {NodeJS.Timeout | undefined} */
  let checking;
  const time = () => new Date().toTimeString().slice(0, 8);

  /** @param {ChildProcess} child */
  const exited = (child) => child.exitCode !== null || child.signalCode !== null;

  function becameReady() {
    up = true;
    readySince = performance.now();
    misses = 0;
  }

  /** @param {number | null} code @param {NodeJS.Signals | null} signal */
  function onExit(code, signal) {
    up = false;
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (readySince > 0 && performance.now() - readySince >= STEADY_MS) streak = 0;
    readySince = 0;
    const wait = Math.min(backoff.firstMs * 2 ** streak, backoff.maxMs);
    streak += 1;
    restartAt = Date.now() + wait;
    print(
      `${time()} ${name} stopped (${how}); restarting it in ${wait} ms (restart ${streak} in a row). ` +
        'The API answers 503 meanwhile.',
    );
    if (streak === LOOP_NOTICE_AT)
      print(
        `${time()} ${name} keeps stopping. It is restarted again and again, at most ` +
          `${backoff.maxMs / 1000} s apart, and the API answers 503 with Retry-After until it ` +
          `stays up. Its last output:\n${current.output()}`,
      );
    pending = setTimeout(restart, wait);
  }

  function restart() {
    pending = undefined;
    restartAt = 0;
    if (stopping) return;
    current = start();
    const { child } = current;
    child.once('exit', onExit);
    const since = performance.now();
    waitReady(child).then(
      () => {
        if (stopping || current.child !== child || exited(child)) return;
        becameReady();
        print(`${time()} ${name} is back (ready in ${Math.round(performance.now() - since)} ms).`);
      },
      () => {
        // It exited before it was ready (its exit handler restarts it), or it never opened its
        // port: killed, so that its exit handler restarts it.
        if (!stopping && !exited(child)) child.kill('SIGKILL');
      },
    );
  }

  /** Checks the current child if it is up, then schedules the next check. */
  async function checkLiveness() {
    checking = undefined;
    if (stopping) return;
    const { child } = current;
    if (up) {
      const alive = await probe(port, liveness.timeoutMs);
      if (stopping) return;
      if (up && current.child === child) {
        misses = alive ? 0 : misses + 1;
        if (misses >= liveness.misses) {
          misses = 0;
          up = false;
          print(
            `${time()} ${name} did not answer its liveness check ${liveness.misses} times in a row ` +
              `(${liveness.timeoutMs} ms each); killing it (SIGKILL) to restart it.`,
          );
          child.kill('SIGKILL');
        }
      }
    }
    checking = setTimeout(() => void checkLiveness(), liveness.intervalMs);
    // The checks alone keep no process alive (the door's server does).
    checking.unref();
  }

  // Before the first start is ready, an exit is a failed start, not a crash.
  const first = current.child;
  const ready = waitReady(first).then(() => {
    if (stopping) return;
    becameReady();
    first.once('exit', onExit);
    if (exited(first)) onExit(first.exitCode, first.signalCode);
    checking = setTimeout(() => void checkLiveness(), liveness.intervalMs);
    checking.unref();
  });

  return {
    name,
    port,
    get up() {
      return up;
    },
    retryAfter: () => (restartAt > 0 ? Math.max(1, Math.ceil((restartAt - Date.now()) / 1000)) : 1),
    child: () => current.child,
    output: () => current.output(),
    ready,
    async stop() {
      stopping = true;
      up = false;
      clearTimeout(pending);
      clearTimeout(checking);
      const { child } = current;
      if (exited(child)) return;
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await gone;
      clearTimeout(kill);
    },
  };
}
