import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { SCENARIO_SWITCHER_ROOT_ID } from './model/marker';

// Vitest runs from the project root (where vite.config.ts is).
const root = process.cwd();
const outDirs: string[] = [];

/** Runs `vite build` as a user would (no test environment), into a fresh folder. */
function build(extraEnv: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'acebridge-build-'));
  outDirs.push(outDir);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITE') && name !== 'TEST',
    ),
  );
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, env: { ...env, ...extraEnv }, stdio: 'pipe' },
  );
  return outDir;
}

/** The files of a build (scripts, styles, index.html) that mention `text`. */
function filesMentioning(outDir: string, text: string): string[] {
  const files = [
    'index.html',
    ...readdirSync(join(outDir, 'assets')).map((name) => join('assets', name)),
  ];
  return files.filter((file) => readFileSync(join(outDir, file), 'utf8').includes(text));
}

// A build's source maps go to a folder beside it (tests/serve/vite-plugins.ts).
afterAll(() =>
  outDirs
    .flatMap((dir) => [dir, `${dir}-sourcemaps`])
    .forEach((dir) => rmSync(dir, { recursive: true, force: true })),
);

describe('the scenario switcher in builds', { timeout: 240_000 }, () => {
  it('is absent from the production build', () => {
    const dist = build({});
    expect(filesMentioning(dist, '<div id="root">')).toEqual(['index.html']); // it did build
    expect(filesMentioning(dist, SCENARIO_SWITCHER_ROOT_ID)).toEqual([]);
  });

  it('is in a preview build made with VITE_SCENARIOS=on (so the search above can find it)', () => {
    const dist = build({ VITE_SCENARIOS: 'on' });
    expect(filesMentioning(dist, SCENARIO_SWITCHER_ROOT_ID).length).toBeGreaterThan(0);
  });
});
