// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { portNumber, readCommandLine, usageOf, type CommandSpec } from './cli.mjs';

const SPEC: CommandSpec = {
  usage: 'npm run thing -- [options]',
  summary: 'Does the thing.',
  flags: {
    port: {
      type: 'string',
      value: 'N',
      description: 'where it listens',
      env: 'THING_PORT',
      fallback: '4010',
      parse: portNumber,
    },
    fresh: { type: 'boolean', description: 'starts from the seed' },
  },
  notes: ['Environment: THING_LOUD=1 prints more.'],
};

describe("the scripts' command line", () => {
  it('prints the usage for --help: each flag, what it takes, its variable and its default', () => {
    const read = readCommandLine(SPEC, ['--help'], {});
    expect(read).toEqual({ kind: 'help', text: usageOf(SPEC) });
    expect(usageOf(SPEC)).toBe(
      [
        'Usage: npm run thing -- [options]',
        '',
        'Does the thing.',
        '',
        'Options:',
        '  --port N  where it listens (or THING_PORT; default 4010)',
        '  --fresh   starts from the seed',
        '  --help    print this and exit',
        '',
        'Environment: THING_LOUD=1 prints more.',
      ].join('\n'),
    );
  });

  it('reads the flag, else its environment variable, else the default', () => {
    expect(readCommandLine(SPEC, ['--port', '4600', '--fresh'], { THING_PORT: '5000' })).toEqual({
      kind: 'ok',
      values: { port: 4600, fresh: true },
      positionals: [],
    });
    expect(readCommandLine(SPEC, [], { THING_PORT: '5000' })).toMatchObject({
      values: { port: 5000 },
    });
    expect(readCommandLine(SPEC, [], {})).toMatchObject({ values: { port: 4010 } });
  });

  it('refuses an unknown flag, a missing value and a bad one, naming it, then the usage', () => {
    const unknown = readCommandLine(SPEC, ['--prot', '4011'], {});
    expect(unknown.kind).toBe('error');
    expect(unknown.kind === 'error' && unknown.text).toMatch(
      /^Unknown option --prot: this script does not take it\.\n\nUsage: npm run thing/,
    );
    const missing = readCommandLine(SPEC, ['--port'], {});
    expect(missing.kind === 'error' && missing.text).toMatch(/^--port needs a value\./);
    const bad = readCommandLine(SPEC, ['--port', 'http'], {});
    expect(bad.kind === 'error' && bad.text).toMatch(
      /^--port takes a port number \(1 to 65535\); it was given http\./,
    );
    const badEnv = readCommandLine(SPEC, [], { THING_PORT: '99999' });
    expect(badEnv.kind === 'error' && badEnv.text).toMatch(/^THING_PORT takes a port number/);
    const stray = readCommandLine(SPEC, ['extra'], {});
    expect(stray.kind === 'error' && stray.text).toMatch(/^Unexpected argument extra/);
  });
});
