// The command line of the project's own scripts (npm start, npm run sandbox, mock, proxy, serve,
// the contract gate): each declares its flags once, here read with Node's own parser
// (util.parseArgs, strict), so that every script answers `--help` with its usage, refuses a flag it
// does not know (a typo such as `--prot 4011` would otherwise start on the default port without a
// word), and says where a value can also come from (an environment variable).
import { parseArgs } from 'node:util';

/**
 * One flag of a script.
 * @typedef {object} Flag
 * @property {'string' | 'boolean'} type
 * @property {string} description What it does, in one line.
 * @property {string} [value] What a string flag takes, for the usage: `N`, `URL`.
 * @property {string} [env] The environment variable that sets it when the flag is not given.
 * @property {string} [fallback] The value when neither is given, for the usage (and the result).
 * @property {(text: string) => unknown} [parse] Reads a string value (flag or environment); throws
 *   an Error whose message says what it takes.
 */
/**
 * A script's command line.
 * @typedef {object} CommandSpec
 * @property {string} usage How to call it: `npm run sandbox -- [options]`.
 * @property {string} summary What it does, a sentence or two.
 * @property {Record<string, Flag>} flags By long name, without the dashes.
 * @property {{ name: string, description: string }[]} [positionals] The arguments it takes.
 * @property {string[]} [notes] Lines printed after the options (environment, examples).
 */
/**
 * @typedef {{ kind: 'help', text: string }
 *   | { kind: 'error', text: string }
 *   | { kind: 'ok', values: Record<string, unknown>, positionals: string[] }} CommandLine
 */

/**
 * The usage text of a script: how to call it, what it does, each flag with what it takes, its
 * environment variable and its default.
 * @param {CommandSpec} spec
 * @returns {string}
 */
export function usageOf(spec) {
  /** @type {[string, string][]} */
  const rows = Object.entries(spec.flags).map(([name, flag]) => {
    const left = `--${name}${flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : ''}`;
    const extra = [
      flag.env && `or ${flag.env}`,
      flag.fallback !== undefined && `default ${flag.fallback}`,
    ].filter(Boolean);
    return /** @type {[string, string]} */ ([
      left,
      `${flag.description}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`,
    ]);
  });
  rows.push(['--help', 'print this and exit']);
  const width = Math.max(...rows.map(([left]) => left.length), 0);
  return [
    `Usage: ${spec.usage}`,
    '',
    spec.summary,
    ...(spec.positionals && spec.positionals.length > 0
      ? [
          '',
          'Arguments:',
          ...spec.positionals.map((p) => `  ${p.name.padEnd(width)}  ${p.description}`),
        ]
      : []),
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(spec.notes && spec.notes.length > 0 ? ['', ...spec.notes] : []),
  ].join('\n');
}

/**
 * Reads a command line against a script's flags: its values (each string value read by its
 * `parse`, the environment variable standing in for an absent flag, then the fallback), the
 * usage for `--help`, or what is wrong with it followed by the usage.
 * @param {CommandSpec} spec
 * @param {string[]} argv The arguments after the script's path.
 * @param {Record<string, string | undefined>} [env]
 * @returns {CommandLine}
 */
export function readCommandLine(spec, argv, env = process.env) {
  const usage = usageOf(spec);
  /** @param {string} problem */
  const wrong = (problem) => ({
    kind: /** @type {const} */ ('error'),
    text: `${problem}\n\n${usage}`,
  });
  /** @type {ReturnType<typeof parseArgs>} */
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: Boolean(spec.positionals?.length),
      options: {
        ...Object.fromEntries(
          Object.entries(spec.flags).map(([name, flag]) => [name, { type: flag.type }]),
        ),
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const { code, message } = /** @type {Error & { code?: string }} */ (error);
    const option = /'(--?[\w-]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      return wrong(
        `Unknown option ${option ?? ''}: this script does not take it.`.replace(' :', ':'),
      );
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      return wrong(
        option && spec.flags[option.replace(/^-+/, '')]?.type === 'boolean'
          ? `${option} takes no value.`
          : `${option ?? 'An option'} needs a value.`,
      );
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      return wrong(
        `Unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}: this script takes none.`,
      );
    return wrong(message);
  }
  if (parsed.values.help) return { kind: 'help', text: usage };
  /** @type {Record<string, unknown>} */
  const values = {};
  for (const [name, flag] of Object.entries(spec.flags)) {
    const given = parsed.values[name];
    const fromEnv = flag.env ? env[flag.env] : undefined;
    const raw = given ?? (fromEnv === undefined || fromEnv === '' ? undefined : fromEnv);
    if (raw === undefined) {
      if (flag.fallback !== undefined)
        values[name] = flag.parse ? flag.parse(flag.fallback) : flag.fallback;
      continue;
    }
    if (typeof raw !== 'string' || !flag.parse) {
      values[name] = raw;
      continue;
    }
    try {
      values[name] = flag.parse(raw);
    } catch (error) {
      const source = given === undefined ? flag.env : `--${name}`;
      return wrong(`${source} ${/** @type {Error} */ (error).message}; it was given ${raw}.`);
    }
  }
  return { kind: 'ok', values, positionals: parsed.positionals };
}

/**
 * A port number, for a flag's `parse`.
 * @param {string} text
 * @returns {number}
 */
export function portNumber(text) {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text.trim()) || port < 1 || port > 65_535)
    throw new Error('takes a port number (1 to 65535)');
  return port;
}

/**
 * The command line of the running script: its values, or its usage printed (exit 0 for
 * `--help`, 2 with what is wrong for a bad command line).
 * @param {CommandSpec} spec
 * @param {string[]} [argv]
 * @returns {{ values: Record<string, unknown>, positionals: string[] }}
 */
export function commandLine(spec, argv = process.argv.slice(2)) {
  const read = readCommandLine(spec, argv);
  if (read.kind === 'help') {
    console.log(read.text);
    process.exit(0);
  }
  if (read.kind === 'error') {
    console.error(read.text);
    process.exit(2);
  }
  return read;
}
