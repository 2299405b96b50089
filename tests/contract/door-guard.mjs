// What keeps a door in front of Prism standing, for the sandbox stack's front door
// (tests/sandbox/front-door.mjs) and the contract proxy (`npm run proxy`, contract-proxy.mjs) alike:
//
//   the body guard   reads a request's body before Prism sees it, and refuses one larger than
//                    MAX_BODY_BYTES (413) or nested deeper than MAX_BODY_DEPTH (400). Prism's proxy
//                    validates a body recursively: 30 KB nested 5,000 deep overflows its stack and
//                    the process exits, taking every request after it down with it.
//   the supervisor   restarts a Prism that exits anyway, with a back-off and at most
//                    MAX_RESTARTS_PER_MINUTE restarts a minute (then it gives up, loudly); while it is
//                    down the door answers 503 with `Retry-After: 1`.
//
// The replies are JSON in the contract's error shape (ErrorBody: `detail`, as Django REST
// framework's own errors), and carry the door's reply headers (CORS for the front door).

/**
 * @import { ChildProcess } from 'node:child_process'
 * @import { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
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

/** Restarts allowed within a minute before the supervisor gives up. */
export const MAX_RESTARTS_PER_MINUTE = 5;

/** The wait before each restart within a minute: the first, the second, and so on. */
const BACKOFF_MS = [250, 500, 1_000, 2_000, 4_000];

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * A streaming depth scan over a body's bytes: no parse tree, constant memory. Counts `{` and `[`
 * outside strings (a `"` opens and closes one, `\` escapes the next byte inside it). UTF-8 never
 * uses these bytes inside a multi-byte character, so bytes are enough. It does not validate JSON:
 * a body that is not JSON at all is left to Prism to refuse.
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
     * @param {Uint8Array} chunk
     */
    push(chunk) {
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          depth += 1;
          if (depth > deepest) deepest = depth;
          if (depth > maxDepth) return false;
        } else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) depth -= 1;
      }
      return true;
    },
    /** The deepest nesting seen so far. */
    deepest: () => deepest,
  };
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
  res.writeHead(status, {
    ...replyHeaders({ 'content-type': 'application/json', 'cache-control': 'no-store' }),
    ...headers,
  });
  res.end(JSON.stringify({ detail }));
}

/**
 * Reads a request's whole body through the guard. Resolves with it (empty when there is none), or
 * with undefined once it has answered 413 (too large: the declared length is enough to refuse) or
 * 400 (too deep); the rest of a refused body is read and dropped, so the client gets the answer.
 * Every body is scanned, whatever its content type: a multipart policy file is JSON too, and a
 * server may parse a body whose type it was not told.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{
 *   replyHeaders?: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders,
 *   maxBytes?: number,
 *   maxDepth?: number,
 * }} [options]
 * @returns {Promise<Buffer | undefined>}
 */
export function readGuardedBody(
  req,
  res,
  { replyHeaders, maxBytes = MAX_BODY_BYTES, maxDepth = MAX_BODY_DEPTH } = {},
) {
  return new Promise((done) => {
    /** @param {number} status @param {string} detail */
    const refuse = (status, detail) => {
      req.removeAllListeners('data');
      req.resume();
      sendError(res, status, detail, { replyHeaders, headers: { connection: 'close' } });
      done(undefined);
    };
    const tooLarge = `The request body is larger than ${maxBytes} bytes.`;
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) return refuse(413, tooLarge);
    const scanner = createDepthScanner(maxDepth);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) return refuse(413, tooLarge);
      if (!scanner.push(chunk))
        return refuse(400, `The request body is nested deeper than ${maxDepth} levels.`);
      chunks.push(chunk);
      return undefined;
    });
    req.once('end', () => done(Buffer.concat(chunks)));
    // The client went away before the end: there is no one to answer.
    req.once('error', () => done(undefined));
    req.once('close', () => {
      if (!req.complete) done(undefined);
    });
  });
}

/**
 * A process kept running: its current child, its port, and whether it answers now.
 * @typedef {object} Supervised
 * @property {string} name For the console, e.g. "Prism (proxy)".
 * @property {number} port
 * @property {boolean} up True while the current child answers on its port.
 * @property {() => ChildProcess} child The current child.
 * @property {() => string} output The current child's last output.
 * @property {Promise<void>} ready Resolves when the first child answers; fails if it exits first.
 * @property {() => Promise<void>} stop Stops it for good (SIGTERM, SIGKILL after 3 s).
 */

/**
 * Starts a process (Prism) and restarts it when it exits on its own: after a back-off (250 ms,
 * then doubling), at most `maxRestarts` times within a minute; one more exit in that minute is
 * fatal (`onFatal`). A first start that fails is not retried: `ready` fails instead (a contract
 * Prism cannot load will not load on the second try either). Each exit and restart is printed.
 * @param {{
 *   name: string,
 *   port: number,
 *   start: () => { child: ChildProcess, output: () => string },
 *   waitReady: (child: ChildProcess) => Promise<void>,
 *   print?: (line: string) => void,
 *   onFatal?: (error: Error) => void,
 *   maxRestarts?: number,
 * }} options
 * @returns {Supervised}
 */
export function supervise({
  name,
  port,
  start,
  waitReady,
  print = console.log,
  onFatal = () => {},
  maxRestarts = MAX_RESTARTS_PER_MINUTE,
}) {
  let current = start();
  let up = false;
  let stopping = false;
  /** @type {number[]} */
  let restarts = [];
  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  const time = () => new Date().toTimeString().slice(0, 8);

  /** @param {number | null} code @param {NodeJS.Signals | null} signal */
  function onExit(code, signal) {
    up = false;
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const now = Date.now();
    restarts = restarts.filter((at) => now - at < 60_000);
    if (restarts.length >= maxRestarts) {
      stopping = true;
      onFatal(
        new Error(
          `${name} stopped ${restarts.length + 1} times within a minute (the last: ${how}); ` +
            `not restarting it again. Its last output:\n${current.output()}`,
        ),
      );
      return;
    }
    const wait = BACKOFF_MS[Math.min(restarts.length, BACKOFF_MS.length - 1)] ?? 0;
    restarts.push(now);
    print(
      `${time()} ${name} stopped (${how}); restarting it in ${wait} ms ` +
        `(restart ${restarts.length} of at most ${maxRestarts} a minute). The API answers 503 meanwhile.`,
    );
    pending = setTimeout(() => {
      pending = undefined;
      if (stopping) return;
      current = start();
      watch(current.child);
      const since = performance.now();
      waitReady(current.child).then(
        () => {
          if (stopping) return;
          up = true;
          print(
            `${time()} ${name} is back (ready in ${Math.round(performance.now() - since)} ms).`,
          );
        },
        // It exited before it was ready: its exit handler restarts it again, or gives up.
        () => {},
      );
    }, wait);
  }

  /** @param {ChildProcess} child */
  function watch(child) {
    child.once('exit', onExit);
  }

  /** @param {ChildProcess} child */
  const exited = (child) => child.exitCode !== null || child.signalCode !== null;

  // Before the first start is ready, an exit is a failed start, not a crash.
  const first = current.child;
  const ready = waitReady(first).then(() => {
    if (stopping) return;
    up = true;
    watch(first);
    if (exited(first)) onExit(first.exitCode, first.signalCode);
  });

  return {
    name,
    port,
    get up() {
      return up;
    },
    child: () => current.child,
    output: () => current.output(),
    ready,
    async stop() {
      stopping = true;
      up = false;
      clearTimeout(pending);
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
