import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { Markdown, MARKDOWN_MODULE } from './plain-markdown';

const root = process.cwd();

/** Every file under `dir` whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('schema forms without markdown-to-jsx', () => {
  it('resolves the module RJSF imports to the plain stand-in', async () => {
    // The tests resolve modules as the build does (vite.config.ts).
    const resolved: unknown = await import('markdown-to-jsx/react');
    expect(resolved).toMatchObject({ Markdown });
  });

  it('stands in for every import RJSF makes of markdown-to-jsx', () => {
    // An RJSF release that imports another entry or name would bring the library back, or break.
    const imports = filesUnder(join(root, 'node_modules/@rjsf'), (name) => name.endsWith('.js'))
      .filter((file) => file.includes('/lib/'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/import (.+) from '(markdown-to-jsx[^']*)'/g)].map(
          ([, names, module]) => `${names} from ${module}`,
        ),
      );
    expect(imports.length).toBeGreaterThan(0);
    expect(new Set(imports)).toEqual(new Set([`{ Markdown } from ${MARKDOWN_MODULE}`]));
  });

  it('is never asked for markdown by a form of ours', () => {
    const sources = [
      ...filesUnder(join(root, 'schemas'), (name) => name.endsWith('.json')),
      ...filesUnder(join(root, 'src'), (name) => /\.tsx?$/.test(name) && !name.includes('.test.')),
    ];
    const asking = sources.filter((file) =>
      /enableMarkdownIn\w+['"]?\s*:/.test(readFileSync(file, 'utf8')),
    );
    expect(asking.map((file) => relative(root, file))).toEqual([]);
  });
});
