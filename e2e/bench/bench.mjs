#!/usr/bin/env node
// `npm run bench`: builds the app, serves it against the mock, drives Chromium, and prints what
// users feel beside the budgets.
//   --json FILE      also writes the figures to FILE
//   --compare FILE   prints each figure's ratio against an earlier --json run
//   --check          exits non-zero when a figure is past its budget
//   --no-build       measures the existing dist/
//   --quick          bytes only (no browser, no sandbox)
//   --sandbox        the sandbox stack's figures only (sandbox-bench.mjs; included by default)
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, seedSession } from './browser.mjs';
import { measureBytes } from './bytes.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runSandboxBench, SANDBOX_BUDGETS } from './sandbox-bench.mjs';
import { startServers } from './servers.mjs';
import { measureWaterfall } from './waterfall.mjs';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const KB = 1024;
const DEBUG_PORT = 9333;

/** Budgets: [figure, limit, 'max' | 'min']. */
const BUDGETS = [
  ['bytes.loginJsGzip', 170 * KB, 'max'],
  ['bytes.loginCssGzip', 60 * KB, 'max'],
  ['lighthouse.login.performance', 95, 'min'],
  ['lighthouse.login.accessibility', 100, 'min'],
  ['lighthouse.login.bestPractices', 95, 'min'],
  ['lighthouse.dashboard.performance', 95, 'min'],
  ['lighthouse.dashboard.accessibility', 100, 'min'],
  ['lighthouse.dashboard.bestPractices', 95, 'min'],
  ['waterfall.dashboard.roundsAfterGuard', 2, 'max'],
  ...SANDBOX_BUDGETS,
];

const get = (object, path) => path.split('.').reduce((value, key) => value?.[key], object);

async function measureInBrowser(baseUrl) {
  const { context, executablePath, close } = await launchBrowser({ debuggingPort: DEBUG_PORT });
  try {
    const page = await context.newPage();
    const figures = { lighthouse: {}, waterfall: {} };
    figures.lighthouse.login = await runLighthouse(`${baseUrl}/login`, DEBUG_PORT);

    await seedSession(page, baseUrl);
    figures.waterfall.dashboard = await measureWaterfall(page, baseUrl, {
      path: '/dashboard',
      readySelector: 'main h1, main h2',
      guardPaths: ['/api/v1/connection-step-status/', '/api/v1/tenant-subdomain/'],
    });
    // Step 5 of a set-up in progress: a stored licence key and the server at step 5 (else the
    // wizard moves on to the dashboard). Ready when the mapper's rows show.
    await page.evaluate(() => localStorage.setItem('newConnectionProductKey', 'KEY-BENCH'));
    const atStepFive = (url) => url.pathname === '/api/v1/connection-step-status/';
    await page.route(atStepFive, (route) =>
      route.continue({
        headers: { ...route.request().headers(), prefer: 'example=incompleteStep5' },
      }),
    );
    figures.waterfall.wizardStep5 = await measureWaterfall(page, baseUrl, {
      path: '/new-connection',
      readySelector: 'input[aria-label^="Salesforce Fields for"]',
      guardPaths: ['/api/v1/connection-step-status/', '/api/v1/tenant-subdomain/'],
    });
    await page.unroute(atStepFive);
    await page.evaluate(() => localStorage.removeItem('newConnectionProductKey'));
    figures.lighthouse.dashboard = await runLighthouse(`${baseUrl}/dashboard`, DEBUG_PORT);

    const mapperBench = join(root, 'e2e/bench/mapper-bench.mjs');
    if (existsSync(mapperBench)) {
      const { runMapperBench } = await import(mapperBench);
      figures.mapper = await runMapperBench({ baseUrl, executablePath });
    }
    return figures;
  } finally {
    await close();
  }
}

function flatten(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number') return [[path, value]];
    if (value && typeof value === 'object' && !Array.isArray(value)) return flatten(value, path);
    return [];
  });
}

const format = (path, value) => {
  if (/bytes\.|Gzip|Brotli/.test(path)) return `${(value / KB).toFixed(1)} KB`;
  return /Ms$/.test(path) ? `${value} ms` : String(value);
};

async function main() {
  const sandboxOnly = args.includes('--sandbox');
  const figures = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / KB ** 3)} GiB, node ${process.version}`,
    date: new Date().toISOString(),
  };
  if (!sandboxOnly) {
    if (!args.includes('--no-build')) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
    figures.bytes = measureBytes(join(root, 'dist'));
  }
  if (!sandboxOnly && !args.includes('--quick')) {
    const servers = await startServers();
    try {
      Object.assign(figures, await measureInBrowser(servers.baseUrl));
    } finally {
      servers.stop();
    }
  }
  let sandboxNotes = [];
  if (!args.includes('--quick')) {
    const sandbox = await runSandboxBench();
    figures.sandbox = sandbox.figures;
    sandboxNotes = sandbox.notes;
  }

  const previous = option('--compare')
    ? JSON.parse(readFileSync(option('--compare'), 'utf8'))
    : undefined;
  const rows = flatten({
    ...figures,
    bytes: figures.bytes && { ...figures.bytes, lazyChunks: undefined },
  });
  const budgetOf = new Map(BUDGETS.map(([path, limit, kind]) => [path, { limit, kind }]));
  console.log(`\nAceBridge bench — ${figures.machine} — ${figures.date}\n`);
  const width = Math.max(...rows.map(([path]) => path.length));
  console.log(
    `${'figure'.padEnd(width)}  ${'value'.padStart(12)}  ${'budget'.padStart(12)}${previous ? '  vs before' : ''}`,
  );
  const over = [];
  for (const [path, value] of rows) {
    const budget = budgetOf.get(path);
    const fails = budget && (budget.kind === 'max' ? value > budget.limit : value < budget.limit);
    if (fails) over.push(path);
    const budgetText = budget
      ? `${budget.kind === 'max' ? '≤' : '≥'} ${format(path, budget.limit)}`
      : '';
    const before = previous ? get(previous, path) : undefined;
    const ratio =
      typeof before === 'number' && before !== 0 ? `  ×${(value / before).toFixed(2)}` : '';
    console.log(
      `${path.padEnd(width)}  ${format(path, value).padStart(12)}  ${budgetText.padStart(12)}${ratio}${fails ? '  OVER BUDGET' : ''}`,
    );
  }
  if (figures.bytes) console.log('\nLazy chunks (gzip):');
  for (const chunk of figures.bytes?.lazyChunks ?? [])
    console.log(`  ${chunk.file.padEnd(56)} ${(chunk.gzip / KB).toFixed(1)} KB`);
  for (const [name, waterfall] of Object.entries(figures.waterfall ?? {})) {
    console.log(`\nRequest rounds, ${name}: ${waterfall.detail.join('  ')}`);
  }
  if (sandboxNotes.length > 0) console.log(`\nSandbox: ${sandboxNotes.join('\n         ')}`);

  if (option('--json')) {
    writeFileSync(option('--json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nFigures written to ${option('--json')}`);
  }
  // Only the parts this run measured: --quick is bytes only, --sandbox the sandbox only.
  const measured = (path) =>
    sandboxOnly
      ? path.startsWith('sandbox.')
      : !args.includes('--quick') || path.startsWith('bytes.');
  const missing = BUDGETS.filter(
    ([path]) => measured(path) && get(figures, path) === undefined,
  ).map(([path]) => path);
  if (over.length > 0) console.log(`\nOver budget: ${over.join(', ')}`);
  if (args.includes('--check') && (over.length > 0 || missing.length > 0)) {
    if (missing.length > 0) console.log(`Not measured: ${missing.join(', ')}`);
    process.exit(1);
  }
}

await main();
