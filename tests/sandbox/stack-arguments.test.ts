// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { readCommandLine } from '../cli.mjs';
import { sandboxOptions, STACK_COMMAND } from './stack.mjs';

const read = (argv: string[]) => readCommandLine(STACK_COMMAND, argv, {});

describe('the sandbox stack’s command line (npm start, npm run sandbox)', () => {
  it('passes the port, the pace and the org size through', () => {
    const line = read(['--fresh', '--sync-rate', '0', '--scale', '100000', '--port', '4600']);
    expect(line.kind).toBe('ok');
    if (line.kind !== 'ok') return;
    expect(line.values.port).toBe(4600);
    expect(sandboxOptions(line.values)).toEqual({ fresh: true, syncRate: 0, scale: 100000 });
    const plain = read([]);
    expect(plain.kind === 'ok' && sandboxOptions(plain.values)).toEqual({ fresh: false });
    expect(plain.kind === 'ok' && plain.values.port).toBe(4010);
  });

  it('refuses a value that is not the number it takes, naming the flag', () => {
    const text = (argv: string[]) => {
      const line = read(argv);
      return line.kind === 'error' ? line.text.split('\n')[0] : '';
    };
    expect(text(['--sync-rate', 'fast'])).toBe(
      '--sync-rate takes records per second, 0 or more; it was given fast.',
    );
    expect(text(['--scale', '1.5'])).toBe(
      '--scale takes a whole number above 0; it was given 1.5.',
    );
    expect(text(['--scale'])).toBe('--scale needs a value.');
    expect(text(['--port', '99999'])).toMatch(/^--port takes a port number/);
  });

  it('answers --help with its usage and refuses a flag it does not know', () => {
    const help = read(['--help']);
    expect(help.kind).toBe('help');
    expect(help.kind === 'help' && help.text).toMatch(/^Usage: npm run sandbox -- \[options\]/);
    expect(help.kind === 'help' && help.text).toContain('--scale N');
    const typo = read(['--prot', '4011']);
    expect(typo.kind === 'error' && typo.text).toMatch(/^Unknown option --prot/);
  });
});
