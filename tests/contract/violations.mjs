// What the contract proxy reports: the violations Prism found in one request/response exchange
// (its `sl-violations` header, or the problem+json error it answered in place of the backend),
// printed as they happen and summed up on exit. Pure functions; contract-proxy.mjs does the I/O.

/**
 * One contract violation.
 * @typedef {object} Violation
 * @property {string} location Where: `request.body`, `response.body.user`, or Prism's error name
 *   (`NO_PATH_MATCHED_ERROR`).
 * @property {string} message
 * @property {string} severity `error`, `warning`, ...
 */
/**
 * One item of Prism's validation list (parsed JSON: any field may be missing).
 * @typedef {{ location?: unknown, message?: unknown, code?: unknown, severity?: unknown }} PrismValidation
 */
/**
 * Prism's problem+json error reply (parsed JSON).
 * @typedef {{ type?: unknown, title?: string, detail?: string, validation?: unknown }} PrismProblem
 */
/**
 * What naming an operation reads of the contract (parsed YAML).
 * @typedef {{ paths?: Record<string, Record<string, { operationId?: string } | null> | null> }} ContractPaths
 */
/**
 * The exchanges a violation log keeps and prints.
 * @typedef {object} ViolationLog
 * @property {(exchange: LoggedExchange) => string[]} record
 *   Records one exchange; returns the lines to print (none when it kept to the contract).
 * @property {() => string} summary The summary printed on exit.
 * @property {number} violationCount
 */

/**
 * One exchange as the log reads it: what Prism found, and what shows the offending values and
 * which request it was.
 * @typedef {object} LoggedExchange
 * @property {string} method
 * @property {string} url
 * @property {number} status
 * @property {Violation[]} violations
 * @property {Date} [at]
 * @property {string} [requestId] The `X-Request-Id` of the exchange, when either side gave one.
 * @property {string} [requestBody] The request's body as sent (JSON text), when there was one.
 * @property {string} [responseBody] The response's body (JSON text), when it was read.
 * @property {boolean} [checkedUpstream] The backend is a sandbox stack, whose own Prism checked
 *   the same response and printed what broke it.
 */

const PRISM_ERROR = 'https://stoplight.io/prism/errors#';

/** The header the sandbox stack's front door sets on every exchange its Prism checked. */
export const CHECKED_HEADER = 'x-contract-checked-by';

/**
 * Who broke the contract, from where the violation is: a request's part is the client's (the
 * app), a response's the backend's; an unknown route is the client's too.
 * @param {string} location
 * @returns {'request' | 'response' | undefined}
 */
function sideOf(location) {
  if (/^request\b/.test(location) || location === 'NO_PATH_MATCHED_ERROR') return 'request';
  if (/^response\b/.test(location)) return 'response';
  return undefined;
}

const SIDE_WORDS = {
  request: "the app's request broke it",
  response: "the backend's response broke it",
};

/**
 * The value a violation's location points at (`request.body.email`, `response.body.results.0.role`,
 * `request.query.page`), shown short, or undefined when it cannot be found.
 * @param {string} location
 * @param {LoggedExchange} exchange
 * @returns {string | undefined}
 */
function valueAt(location, exchange) {
  const [side, part, ...steps] = location.split('.');
  /** @type {unknown} */
  let value;
  if (part === 'query' && side === 'request') {
    if (steps.length !== 1) return undefined;
    const search = new URL(exchange.url, 'http://door').searchParams;
    if (!search.has(steps[0] ?? '')) return undefined;
    value = search.get(steps[0] ?? '');
  } else if (part === 'body' && steps.length > 0) {
    const text = side === 'request' ? exchange.requestBody : exchange.responseBody;
    if (!text) return undefined;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    for (const step of steps) {
      if (typeof value !== 'object' || value === null || !(step in value)) return undefined;
      value = /** @type {Record<string, unknown>} */ (value)[step];
    }
  } else return undefined;
  const shown = JSON.stringify(value) ?? String(value);
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}

/** The JSON escapes of the control characters that have a short one. */
const SHORT_ESCAPES = /** @type {Record<string, string>} */ ({
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
});

/**
 * `text` as a console line may show it: every control character (C0, DEL, C1) and the line and
 * paragraph separators U+2028 and U+2029 written as a JSON escape (`\r`, `\n`, `\t`, `\u001b`,
 * `\u2028`), everything else as it is. What the stack and the proxy print of a request (a URL, a
 * mail's address and subject, a name inside a violation's location) was sent by someone: printed
 * as is, a CR or LF starts a forged line (`12:00:01 MAIL to admin@...`) and an ESC sequence moves
 * the cursor, clears the screen or retitles the terminal. Escaped, it reads as what was sent, on
 * its own line. A backslash is left as it is: it can do neither, and patterns in Prism's messages
 * stay readable. The one escaping of the console: use it for every request-derived text printed.
 * @param {unknown} text
 * @returns {string}
 */
export function printable(text) {
  return String(text).replace(
    // eslint-disable-next-line no-control-regex -- the control characters are what is escaped
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/**
 * @param {PrismValidation} item
 * @returns {Violation}
 */
function fromValidation(item, prefix = '') {
  const path = Array.isArray(item.location) ? item.location.join('.') : String(item.location);
  // A refused request's problem+json names `body`, `query`, ...: say it is the request's.
  const location = prefix && !/^(request|response)\b/.test(path) ? `${prefix}.${path}` : path;
  return {
    location,
    message: String(item.message ?? item.code ?? 'invalid'),
    severity: String(item.severity ?? 'Error').toLowerCase(),
  };
}

/**
 * The violations of one exchange: Prism's `sl-violations` header (JSON, possibly cut with a
 * "Too many violations!" prefix), else the validation list or title of a Prism problem+json
 * reply (a refused request, an unknown route, an unreachable backend). [] when all is well.
 * @param {{ headers: Record<string, string | string[] | undefined>, body: string | undefined }} exchange
 * @returns {Violation[]}
 */
export function violationsOf({ headers, body }) {
  const header = headers['sl-violations'];
  if (typeof header === 'string' && header.length > 0) {
    const json = header.replace(/^Too many violations! /, '');
    try {
      return /** @type {PrismValidation[]} */ (JSON.parse(json)).map((item) =>
        fromValidation(item),
      );
    } catch {
      return [{ location: 'response', message: header.slice(0, 300), severity: 'error' }];
    }
  }
  const type = String(headers['content-type'] ?? '');
  if (!type.includes('application/problem+json') || typeof body !== 'string') return [];
  /** @type {PrismProblem | null} */
  let problem;
  try {
    problem = JSON.parse(body);
  } catch {
    return [];
  }
  if (typeof problem?.type !== 'string' || !problem.type.startsWith(PRISM_ERROR)) return [];
  if (Array.isArray(problem.validation) && problem.validation.length > 0) {
    const prefix = problem.type.endsWith('UNPROCESSABLE_ENTITY') ? 'request' : '';
    return problem.validation.map((/** @type {PrismValidation} */ item) =>
      fromValidation(item, prefix),
    );
  }
  const message = [problem.title, problem.detail].filter(Boolean).join(': ');
  return [{ location: problem.type.slice(PRISM_ERROR.length), message, severity: 'error' }];
}

/**
 * A path template of the contract (`/api/v1/users/{id}/`) as a pattern its concrete paths match.
 * @param {string} template
 * @returns {RegExp}
 */
export function pathPattern(template) {
  return new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) =>
        /^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );
}

/**
 * `GET /api/v1/users/7/` → `GET /api/v1/users/{id}/ (getUser)`, from the contract's paths.
 * @param {unknown} doc the parsed contract
 * @returns {(method: string, url: string) => string}
 */
export function createOperationNamer(doc) {
  const { paths } = /** @type {ContractPaths | null | undefined} */ (doc) ?? {};
  const matchers = Object.entries(paths ?? {})
    .flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(([key]) => METHODS.includes(key))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          id: operation?.operationId,
          pattern: pathPattern(path),
          weight: path.replace(/\{[^}]+\}/g, '').length,
        })),
    )
    .sort((a, b) => b.weight - a.weight);
  return (method, url) => {
    const path = url.split('?')[0] ?? url;
    const found = matchers.find((m) => m.method === method && m.pattern.test(path));
    return found
      ? `${found.method} ${found.path}${found.id ? ` (${found.id})` : ''}`
      : `${method} ${path}`;
  };
}

/**
 * Keeps every exchange's violations; prints each violating one and a summary at the end.
 * @param {(method: string, url: string) => string} nameOperation
 * @returns {ViolationLog}
 */
export function createViolationLog(nameOperation) {
  let requests = 0;
  /** @type {Array<{ operation: string, status: number, violations: Violation[] }>} */
  const exchanges = [];
  let toldUpstream = false;

  return {
    /** Records one exchange; returns the lines to print (none when it kept to the contract). */
    record(exchange) {
      const { method, url, status, violations, at = new Date() } = exchange;
      requests += 1;
      if (violations.length === 0) return [];
      // Kept escaped: the lines and the summary show them, one line each (see printable).
      const operation = printable(nameOperation(method, url));
      const shown = violations.map((v) => {
        const side = sideOf(v.location);
        return {
          severity: printable(v.severity),
          location: printable(v.location),
          message: printable(v.message),
          side: side ? SIDE_WORDS[side] : '',
          value: valueAt(v.location, exchange),
        };
      });
      exchanges.push({
        operation,
        status,
        violations: shown.map(({ severity, location, message, side }) => ({
          severity,
          location,
          message: side ? `${message} (${side})` : message,
        })),
      });
      // The stack's own Prism found these in the response too, and printed them there: once is
      // enough. What broke the request was refused here, before the stack saw it.
      if (exchange.checkedUpstream && shown.every((v) => sideOf(v.location) === 'response')) {
        if (toldUpstream) return [];
        toldUpstream = true;
        return [
          `${at.toTimeString().slice(0, 8)} The backend is a sandbox stack: its own Prism checks its responses and prints what breaks the contract there. This proxy counts them for its summary without printing them again.`,
        ];
      }
      const time = at.toTimeString().slice(0, 8);
      const id = exchange.requestId ? `, request id ${printable(exchange.requestId)}` : '';
      return [
        `${time} VIOLATION ${printable(method)} ${printable(url)} -> ${status} [${operation}]${id}`,
        ...shown.map(
          (v) =>
            `    ${v.severity.padEnd(7)} ${v.side ? `${v.side}: ` : ''}${v.location}${v.value === undefined ? '' : ` = ${printable(v.value)}`}: ${v.message}`,
        ),
      ];
    },
    /** The summary printed on exit: each distinct violation with how often it happened. */
    summary() {
      const total = exchanges.reduce((sum, exchange) => sum + exchange.violations.length, 0);
      const head = `Contract proxy summary: ${requests} request(s), ${exchanges.length} with violations, ${total} violation(s).`;
      if (total === 0) return `${head}\nNo contract violations.`;
      /** @type {Map<string, number>} */
      const counts = new Map();
      for (const { operation, violations } of exchanges) {
        for (const v of violations) {
          const key = `${operation}\n${v.severity} ${v.location}: ${v.message}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      /** @type {Map<string, string[]>} */
      const byOperation = new Map();
      for (const [key, count] of counts) {
        const [operation = '', line] = key.split('\n');
        let lines = byOperation.get(operation);
        if (!lines) byOperation.set(operation, (lines = []));
        lines.push(`    ${String(count).padStart(3)}x ${line}`);
      }
      return [
        head,
        ...[...byOperation]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .flatMap(([op, lines]) => [`  ${op}`, ...lines]),
      ].join('\n');
    },
    get violationCount() {
      return exchanges.reduce((sum, exchange) => sum + exchange.violations.length, 0);
    },
  };
}
