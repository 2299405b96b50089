// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// What a newcomer reads: the README (short, every script in it) and docs/, whose links must lead
// somewhere. The README is the first thing read; a script it does not name is a script nobody runs.

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const readme = read('README.md');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file)),
];

/** How the README names a script: `npm start`, `npm test`, or `npm run <name>`. */
function commandOf(script: string): RegExp {
  if (script === 'start' || script === 'test') return new RegExp(`\`npm ${script}\``);
  return new RegExp(`\`npm run ${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\` ]`);
}

describe('the README', () => {
  it('names every npm script of package.json', () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    expect(scripts.filter((script) => !commandOf(script).test(readme))).toEqual([]);
  });

  it('reads in ten minutes: under 400 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(400);
  });
});

describe('docs', () => {
  it('link only to files that exist', () => {
    const broken = docs.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(root, dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('index every decision record, each with its three sections', () => {
    const index = read('docs/decisions/README.md');
    const records = readdirSync(join(root, 'docs/decisions')).filter((file) =>
      /^\d{4}-.+\.md$/.test(file),
    );
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(index, record).toContain(`(./${record})`);
      const text = read(join('docs/decisions', record));
      expect(
        ['## Context', '## Decision', '## Consequences'].filter(
          (section) => !text.includes(section),
        ),
        record,
      ).toEqual([]);
    }
  });
});
