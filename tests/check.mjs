#!/usr/bin/env node
// `npm run check`: the everyday loop, about two minutes after a small change. ESLint and
// Prettier on the changed files, then types for the whole project (incremental) beside the unit
// tests related to them (`vitest related`: the tests that import a changed file, directly or
// not). The changed files are those not yet committed (staged, unstaged or new); with none, those
// of the last commit. `npm test` remains the whole check a release needs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { commandLine } from './cli.mjs';

/** @param {string[]} args */
const git = (args) =>
  execFileSync('git', args, { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '');

function changedFiles() {
  const pending = [
    ...git(['diff', '--name-only', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ];
  const files = pending.length > 0 ? pending : git(['diff', '--name-only', 'HEAD~1', 'HEAD']);
  return [...new Set(files)].filter((file) => existsSync(file));
}

const LINTED = /\.(ts|tsx|mjs|js)$/;
const FORMATTED = /\.(ts|tsx|mjs|js|json|ya?ml|md|css|html)$/;
// What the unit tests can depend on: code, the contract and the form schemas.
const TESTED = /^(src|tests|generated|schemas)\/.*\.(ts|tsx|mjs|json)$|^openapi\.yaml$/;

/**
 * Runs `npx <args>`; returns whether it passed. `quiet` holds its output back until it ends, so
 * that a step run beside another does not interleave with it.
 * @param {string} name
 * @param {string[]} args
 * @param {{ quiet?: boolean, env?: Record<string, string> }} [options]
 * @returns {Promise<boolean>}
 */
function run(name, args, { quiet = false, env = {} } = {}) {
  const started = performance.now();
  const child = spawn('npx', args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(status === 0);
    });
  });
}

commandLine({
  usage: 'npm run check',
  summary:
    'The everyday loop: ESLint and Prettier on the changed files (not yet committed, else the last commit), then the types beside the unit tests related to them. `npm test` is the whole check.',
  flags: {},
});

const files = changedFiles();
console.log(
  files.length > 0 ? `Changed: ${files.join(', ')}` : 'Nothing changed: types and lint only.',
);
const linted = files.filter((file) => LINTED.test(file));
const formatted = files.filter((file) => FORMATTED.test(file));
const tested = files.filter((file) => TESTED.test(file));

// Lint and format first: they take seconds and name the line. Then the types and the tests side by
// side: the type check mostly waits on one core while the tests keep both busy.
const results = [
  linted.length === 0 || (await run('eslint', ['eslint', ...linted])),
  formatted.length === 0 || (await run('prettier', ['prettier', '--check', ...formatted])),
  ...(await Promise.all([
    run(
      'types',
      [
        'tsc',
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        'node_modules/.cache/tsc-check.tsbuildinfo',
      ],
      { quiet: true },
    ),
    tested.length === 0 ||
      run('related unit tests', ['vitest', 'related', '--run', '--passWithNoTests', ...tested]),
  ])),
];
if (results.includes(false)) process.exit(1);
console.log('npm run check passed. Before a push, `npm test` runs everything CI runs.');
