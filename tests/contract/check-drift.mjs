#!/usr/bin/env node
// `npm run check:drift`: regenerates everything made from openapi.yaml (`npm run generate`) and
// fails when generated/ then differs from git, naming the stale files and what to do. Generated
// code is committed, so a contract edited without regenerating, or a hand edit to generated code,
// must not reach the main branch: the app would build on code the contract no longer describes.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { commandLine } from '../cli.mjs';

const GENERATED = 'generated';
/** @type {Record<string, string>} */
const STATES = { M: 'changed', A: 'added', D: 'deleted', R: 'renamed', T: 'changed', '?': 'new' };

/**
 * The stale files in `git status --porcelain=v1 -z` output: each with what happened to it, and a
 * one-sentence verdict. No files: up to date.
 * @param {string} porcelain
 * @returns {{ stale: boolean, lines: string[] }}
 */
export function driftReport(porcelain) {
  const entries = porcelain.split('\0');
  /** @type {string[]} */
  const files = [];
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[at] ?? '';
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const state = STATES[code[1] === ' ' ? (code[0] ?? '') : (code[1] ?? '')] ?? 'changed';
    files.push(`  ${state.padEnd(8)} ${entry.slice(3)}`);
    // A rename or copy is followed by its former path.
    if (code[0] === 'R' || code[0] === 'C') at++;
  }
  if (files.length === 0) {
    return { stale: false, lines: [`${GENERATED}/ is up to date with openapi.yaml and schemas/.`] };
  }
  return {
    stale: true,
    lines: [
      `Stale files in ${GENERATED}/ (${files.length}):`,
      ...files,
      `${GENERATED}/ is stale: run \`npm run generate\` and commit the files above.`,
      ...(files.some((line) => line.endsWith('scenarios/catalogue.json'))
        ? [
            'generated/scenarios/catalogue.json also follows src/: which screen calls which operation is read from the routes (a screen that calls another operation needs `npm run generate` too).',
          ]
        : []),
    ],
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  commandLine({
    usage: 'npm run check:drift',
    summary:
      'Regenerates generated/ (`npm run generate`) and fails when it then differs from what git has, naming the stale files.',
    flags: {},
  });
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // The generators' own chatter is shown only when they fail.
  const generate = spawnSync('npm', ['run', '-s', 'generate'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (generate.status !== 0) {
    console.error(
      `${generate.stdout ?? ''}${generate.stderr ?? ''}${generate.error?.message ?? ''}`,
    );
    console.error('check:drift: `npm run generate` failed (above), so generated/ was not checked.');
    process.exitCode = generate.status || 2;
  } else {
    const porcelain = execFileSync(
      'git',
      ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', GENERATED],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const { stale, lines } = driftReport(porcelain);
    (stale ? console.error : console.log)(lines.join('\n'));
    if (stale) process.exitCode = 1;
  }
}
