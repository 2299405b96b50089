import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The security headers live in one place, the Caddyfile's `(security_headers)` snippet, which
 * production serves. `vite preview` (and so every e2e suite) sends the same headers by reading
 * that snippet with the reader below. It knows only what the snippet holds (`map` blocks on an
 * environment variable, then one `header` block of `Name "value"` lines) and throws on anything
 * else rather than guess what Caddy would do.
 */

/** The production server's configuration, at the project's root. */
const CADDYFILE = fileURLToPath(new URL('../../Caddyfile', import.meta.url));

/** The snippet that holds the headers. */
const SECURITY_HEADERS_SNIPPET = 'security_headers';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Fills `{$NAME}` and `{$NAME:default}` as Caddy does when it reads its configuration: a variable
 * that is set gives its value (even an empty one), an unset one its default, or nothing.
 */
export function fillEnvironment(text: string, environment: Environment): string {
  return text.replace(
    /\{\$([^}:]+)(?::([^}]*))?\}/g,
    (_match, name: string, fallback: string | undefined) => environment[name] ?? fallback ?? '',
  );
}

interface Token {
  text: string;
  line: number;
}

/** Caddyfile tokens: words, "quoted" (with \" inside) or `backquoted` values; # starts a comment. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let at = 0;
  const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
  while (at < text.length) {
    const char = text[at];
    if (char === '\n') {
      line += 1;
      at += 1;
    } else if (isSpace(char)) {
      at += 1;
    } else if (char === '#') {
      while (at < text.length && text[at] !== '\n') at += 1;
    } else if (char === '"' || char === '`') {
      const start = line;
      let value = '';
      at += 1;
      while (at < text.length && text[at] !== char) {
        if (char === '"' && text[at] === '\\' && text[at + 1] === '"') {
          value += '"';
          at += 2;
          continue;
        }
        if (text[at] === '\n') line += 1;
        value += text[at];
        at += 1;
      }
      if (at >= text.length) throw new Error(`Caddyfile line ${start}: a quote is not closed.`);
      at += 1;
      tokens.push({ text: value, line: start });
    } else {
      let value = '';
      while (at < text.length && !isSpace(text[at])) {
        value += text[at];
        at += 1;
      }
      tokens.push({ text: value, line });
    }
  }
  return tokens;
}

/** One line of a block: its tokens, and the block it opens when it ends with `{`. */
interface Directive {
  tokens: Token[];
  block: Directive[] | undefined;
}

/** The directives of the block that starts at `tokens[at]` (just after its `{`), and where it ends. */
function readBlock(tokens: Token[], at: number): { directives: Directive[]; end: number } {
  const directives: Directive[] = [];
  while (at < tokens.length) {
    const first = tokens[at];
    if (first?.text === '}') return { directives, end: at + 1 };
    const line: Token[] = [];
    while (tokens[at] && tokens[at]?.line === first?.line) line.push(tokens[at++] as Token);
    if (line.at(-1)?.text === '{') {
      const inner = readBlock(tokens, at);
      directives.push({ tokens: line.slice(0, -1), block: inner.directives });
      at = inner.end;
    } else {
      directives.push({ tokens: line, block: undefined });
    }
  }
  throw new Error('The Caddyfile ends inside a block.');
}

function unknown(directive: Directive | undefined, what: string): Error {
  const token = directive?.tokens[0];
  return new Error(
    `Caddyfile line ${token?.line ?? '(end)'}: ${what} in (${SECURITY_HEADERS_SNIPPET}), not ` +
      `${JSON.stringify(directive?.tokens.map((t) => t.text).join(' ') ?? '')}. ` +
      'tests/serve/caddy-headers.ts reads map blocks on {env.NAME} and one header block of ' +
      'Name value lines.',
  );
}

/**
 * What `map {env.NAME} {destination} { ~regexp "output" … default "output" }` sets, as Caddy's
 * map does: the output of the first regexp that matches the variable (`${1}` and so on filled
 * from its groups) or of the first input equal to it, else the default.
 */
function evaluateMap(map: Directive, environment: Environment): [string, string] {
  const [, source, destination, extra] = map.tokens.map((token) => token.text);
  const variable = /^\{env\.([^}]+)\}$/.exec(source ?? '')?.[1];
  const name = /^\{([^}]+)\}$/.exec(destination ?? '')?.[1];
  if (!variable || !name || extra !== undefined || !map.block) {
    throw unknown(map, 'a map of one {env.NAME} to one {destination}');
  }
  const input = environment[variable] ?? '';
  let fallback = '';
  for (const rule of map.block) {
    const [pattern, output, more] = rule.tokens.map((token) => token.text);
    if (pattern === undefined || output === undefined || more !== undefined || rule.block) {
      throw unknown(rule, 'an input and one output');
    }
    if (pattern === 'default') {
      fallback = output;
    } else if (pattern.startsWith('~')) {
      const groups = new RegExp(pattern.slice(1)).exec(input);
      if (groups)
        return [name, output.replace(/\$\{(\d+)\}/g, (_m, n: string) => groups[Number(n)] ?? '')];
    } else if (pattern === input) {
      return [name, output];
    }
  }
  return [name, fallback];
}

/**
 * The headers a snippet sets, by name, with the environment filled in as Caddy fills it: `{$NAME}`
 * when it reads the file, `{env.NAME}` and the map's destinations when it answers.
 */
export function snippetHeaders(
  caddyfile: string,
  environment: Environment,
  snippet = SECURITY_HEADERS_SNIPPET,
): Record<string, string> {
  const tokens = tokenize(fillEnvironment(caddyfile, environment));
  const start = tokens.findIndex((token) => token.text === `(${snippet})`);
  if (start < 0 || tokens[start + 1]?.text !== '{') {
    throw new Error(`The Caddyfile has no (${snippet}) snippet.`);
  }
  const body = readBlock(tokens, start + 2).directives;
  const values = new Map<string, string>();
  const headers: Record<string, string> = {};
  let seenHeader = false;
  for (const directive of body) {
    const name = directive.tokens[0]?.text;
    if (name === 'map' && !seenHeader) {
      const [destination, value] = evaluateMap(directive, environment);
      values.set(destination, value);
    } else if (
      name === 'header' &&
      !seenHeader &&
      directive.tokens.length === 1 &&
      directive.block
    ) {
      seenHeader = true;
      for (const line of directive.block) {
        const [header, value, more] = line.tokens.map((token) => token.text);
        if (
          !header ||
          !/^[A-Za-z0-9-]+$/.test(header) ||
          value === undefined ||
          more !== undefined ||
          line.block
        ) {
          throw unknown(line, 'a header name and one value');
        }
        headers[header] = value.replace(/\{([^}]+)\}/g, (placeholder, key: string) => {
          if (values.has(key)) return values.get(key) ?? '';
          const variable = /^env\.(.+)$/.exec(key)?.[1];
          return variable ? (environment[variable] ?? '') : placeholder;
        });
      }
    } else {
      throw unknown(directive, 'map blocks then one header block');
    }
  }
  if (!seenHeader) throw unknown(undefined, 'a header block');
  return headers;
}

/** The production security headers, for `vite preview`: the Caddyfile's snippet, filled in. */
export function securityHeaders(environment: Environment = process.env): Record<string, string> {
  return snippetHeaders(readFileSync(CADDYFILE, 'utf8'), environment);
}
