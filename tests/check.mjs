#!/usr/bin/env node
// `npm run check`: the everyday loop, in well under two minutes after a small change. Types for the
// whole project (incremental), then ESLint and Prettier on the changed files, and the unit tests
// related to them (`vitest related`: the tests that import a changed file, directly or
// not). The changed files are those not yet committed (staged, unstaged or new); with none, those
// of the last commit. `npm test` remains the whole check a release needs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
 * Runs `npx <args>`, its output shown as it comes; returns whether it passed.
 * @param {string} name
 * @param {string[]} args
 */
function run(name, args) {
  const started = performance.now();
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  return result.status === 0;
}

const files = changedFiles();
console.log(
  files.length > 0 ? `Changed: ${files.join(', ')}` : 'Nothing changed: types and lint only.',
);
const linted = files.filter((file) => LINTED.test(file));
const formatted = files.filter((file) => FORMATTED.test(file));
const tested = files.filter((file) => TESTED.test(file));

// One step at a time keeps each tool's output readable; types first, since a type error usually
// explains the failures that follow.
const results = [
  run('types', [
    'tsc',
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    'node_modules/.cache/tsc-check.tsbuildinfo',
  ]),
  linted.length === 0 || run('eslint', ['eslint', ...linted]),
  formatted.length === 0 || run('prettier', ['prettier', '--check', ...formatted]),
  tested.length === 0 ||
    run('related unit tests', ['vitest', 'related', '--run', '--passWithNoTests', ...tested]),
];
if (results.includes(false)) process.exit(1);
console.log('npm run check passed. Before a push, `npm test` runs everything CI runs.');
