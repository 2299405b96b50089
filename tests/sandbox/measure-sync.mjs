#!/usr/bin/env node
// How fast the sandbox's sync engine goes, unpaced: seeds Acme's org with --scale N leads and N
// opportunities (default 100000), runs two full syncs (the first creates what ACE holds, the second
// updates it) with SANDBOX_SYNC_RATE 0, and prints records per second for each, by the clock and by
// CPU time (on a shared machine the clock also counts the time other processes had the CPU). With --data-dir the
// store writes its snapshot there, as `npm start` does; without, it stays in memory.
//
//   node tests/sandbox/measure-sync.mjs [--scale 100000] [--data-dir /tmp/acebridge-measure]
import { join } from 'node:path';

import { tsImport } from 'tsx/esm/api';

/** @param {string} name */
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const scale = Number(argument('--scale') ?? 100_000);
const dataDir = argument('--data-dir');
const root = new URL('../..', import.meta.url).pathname;
/** @type {typeof import('./server.ts')} */
const { createSandbox } = await tsImport(join(root, 'tests/sandbox/server.ts'), import.meta.url);

let started = performance.now();
const { store, syncs } = createSandbox({
  inMemory: dataDir === undefined,
  dataDir,
  fresh: true,
  scale,
  syncRate: 0,
  syncDelayMs: 0,
});
console.log(
  `seeded ${scale} leads and ${scale} opportunities in ${Math.round(performance.now() - started)} ms`,
);
for (const label of ['first sync (creates)', 'second sync (updates)']) {
  started = performance.now();
  const cpu = process.cpuUsage();
  syncs.start(1, 'both');
  await syncs.idle();
  await store.flushed();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const run = store.state.syncRuns.at(-1);
  // The seeded org's defects fail a few records every run: it ends completed with failures.
  if (!run || !['succeeded', 'completed_with_failures'].includes(run.state))
    throw new Error(`the run ended ${run?.state}`);
  console.log(
    `${label}: ${run.processed} records in ${seconds.toFixed(2)} s = ${Math.round(run.processed / seconds)} records/s ` +
      `(CPU time ${cpuSeconds.toFixed(2)} s = ${Math.round(run.processed / cpuSeconds)} records per CPU second)`,
  );
}
