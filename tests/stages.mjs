#!/usr/bin/env node
// Runs npm scripts one after another as named stages, stops at the first that fails, and ends with
// a table of each stage's wall time, so that what the suite costs stays in sight.
//
//   node tests/stages.mjs check:drift test:static test:unit test:e2e
//   node tests/stages.mjs --table FILE      prints the table of a STAGES_FILE
//
// A stage that runs stages of its own (test:e2e) adds its rows, indented, to the same table just
// before its own row, which is their subtotal: the outermost run owns the table (STAGES_FILE, a TSV
// of depth, name, seconds and result) and prints it. `.ci/run` sets STAGES_FILE itself, to add
// the install stages first and print the whole table at its end.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { commandLine } from './cli.mjs';

/**
 * @typedef {{ depth: number, name: string, seconds: number, result: string }} Stage
 */

/**
 * The stage table as text: a row a stage (a stage's own stages indented above it), then the total
 * of the outermost stages.
 * @param {Stage[]} stages
 */
function stageTable(stages) {
  const label = (/** @type {Stage} */ stage) => `${'  '.repeat(stage.depth)}${stage.name}`;
  const width = Math.max(5, ...stages.map((stage) => label(stage).length));
  const line = (/** @type {string[]} */ [name = '', seconds = '', result = '']) =>
    `| ${name.padEnd(width)} | ${seconds.padStart(7)} | ${result.padEnd(6)} |`;
  const total = stages
    .filter((stage) => stage.depth === 0)
    .reduce((sum, stage) => sum + stage.seconds, 0);
  return [
    line(['stage', 'wall s', 'result']),
    `|${'-'.repeat(width + 2)}|${'-'.repeat(9)}|${'-'.repeat(8)}|`,
    ...stages.map((stage) => line([label(stage), stage.seconds.toFixed(1), stage.result])),
    line(['total', total.toFixed(1)]),
  ].join('\n');
}

/**
 * The stages a table file holds (depth, name, seconds, result; tab-separated, one a line).
 * @param {string} file
 * @returns {Stage[]}
 */
function readStages(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => {
      const [depth = '0', name = '', seconds = '0', result = ''] = row.split('\t');
      return { depth: Number(depth), name, seconds: Number(seconds), result };
    });
}

function main() {
  const { values, positionals: scripts } = commandLine({
    usage: 'node tests/stages.mjs <script>... | --table FILE   (npm test runs it)',
    summary:
      'Runs npm scripts one after the other, stopping at the first that fails, and ends with a table of their wall times. `npm test` is check:drift, test:static, test:unit and test:e2e this way.',
    positionals: [{ name: '<script>', description: 'an npm script to run, in order' }],
    flags: {
      table: {
        type: 'string',
        value: 'FILE',
        description: 'print the table of a stages file and exit',
      },
    },
  });
  if (typeof values.table === 'string') {
    console.log(stageTable(readStages(values.table)));
    return;
  }
  const owner = !process.env.STAGES_FILE;
  const folder = owner ? mkdtempSync(join(tmpdir(), 'stages-')) : undefined;
  const file = process.env.STAGES_FILE ?? join(/** @type {string} */ (folder), 'stages.tsv');
  const depth = Number(process.env.STAGES_DEPTH ?? 0);
  let failed = 0;
  for (const script of scripts) {
    const started = performance.now();
    const run = spawnSync('npm', ['run', '-s', script], {
      stdio: 'inherit',
      env: { ...process.env, STAGES_FILE: file, STAGES_DEPTH: String(depth + 1) },
    });
    const seconds = (performance.now() - started) / 1000;
    const ok = run.status === 0;
    appendFileSync(file, `${depth}\t${script}\t${seconds.toFixed(1)}\t${ok ? 'ok' : 'FAILED'}\n`);
    if (!ok) {
      failed = run.status ?? 1;
      break;
    }
  }
  if (owner) {
    console.log(`\n${stageTable(readStages(file))}`);
    rmSync(/** @type {string} */ (folder), { recursive: true, force: true });
  }
  process.exit(failed);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
