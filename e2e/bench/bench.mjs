#!/usr/bin/env node
// `npm run bench`: builds the app, serves it against the mock, drives Chromium, and prints what
// users feel beside the budgets. Its flags: BENCH_COMMAND below (`npm run bench -- --help`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

import { commandLine } from '../../tests/cli.mjs';
import { launchBrowser, seedSession } from './browser.mjs';
import { measureBytes } from './bytes.mjs';
import { startHttp2Front } from './http2-front.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { PREVIEW_BUDGETS, runPreviewBench } from './preview-bench.mjs';
import { measureRoutes, ROUTES, VIEWPORT } from './routes.mjs';
import { runSandboxBench, SANDBOX_BUDGETS } from './sandbox-bench.mjs';
import { startServers } from './servers.mjs';
import { runSyncBench, SYNC_BUDGETS } from './sync-bench.mjs';
import { measureWaterfall } from './waterfall.mjs';

/** `npm run bench`'s command line. */
const BENCH_COMMAND = {
  usage: 'npm run bench -- [options]',
  summary:
    'Builds the app, serves it against the mock, drives Chromium, and prints what users feel beside the budgets (docs/bench.md). With none of --quick, --routes, --sandbox, --preview, --sync, every part runs; they add up.',
  flags: {
    json: { type: 'string', value: 'FILE', description: 'also writes the figures to FILE' },
    compare: {
      type: 'string',
      value: 'FILE',
      description: "prints each figure's ratio against an earlier --json run",
    },
    check: {
      type: 'boolean',
      description:
        'exits non-zero when a figure is past its budget, or a budgeted figure of the parts run is missing',
    },
    'no-build': { type: 'boolean', description: 'measures the existing dist/ (or --out-dir)' },
    'out-dir': {
      type: 'string',
      value: 'DIR',
      description: 'builds into and serves DIR, not dist/ (beside other work in this checkout)',
    },
    quick: { type: 'boolean', description: 'bytes only (no browser, no sandbox)' },
    routes: {
      type: 'boolean',
      description: 'the per-route bytes (each screen loaded in Chromium)',
    },
    sandbox: { type: 'boolean', description: "the sandbox stack's figures (sandbox-bench.mjs)" },
    preview: { type: 'boolean', description: "the record preview's figures (preview-bench.mjs)" },
    sync: {
      type: 'boolean',
      description: "the sync's figures (sync-bench.mjs: progress, history, engine)",
    },
    'port-offset': {
      type: 'string',
      value: 'N',
      description:
        'moves every port the bench listens on by N (mock 4190, preview 4390, Chromium 9333, sandbox 4591, sync stacks 4595 and 4597), beside another run',
    },
  },
};
commandLine(/** @type {import('../../tests/cli.mjs').CommandSpec} */ (BENCH_COMMAND));

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const KB = 1024;
const OUT_DIR = resolve(root, option('--out-dir') ?? 'dist');
const PORT_OFFSET = Number(option('--port-offset') ?? 0);
const PORTS = {
  mock: 4190 + PORT_OFFSET,
  preview: 4390 + PORT_OFFSET,
  debug: 9333 + PORT_OFFSET,
  sandbox: 4591 + PORT_OFFSET,
  previewStack: 4593 + PORT_OFFSET,
  previewApp: 4394 + PORT_OFFSET,
  http2Front: 4443 + PORT_OFFSET,
  syncStack: 4595 + PORT_OFFSET,
  syncScaleStack: 4597 + PORT_OFFSET,
  syncApp: 4396 + PORT_OFFSET,
  syncScaleApp: 4398 + PORT_OFFSET,
};

/** Budgets: [figure, limit, 'max' | 'min']. */
const BUDGETS = [
  ['bytes.loginJsGzip', 170 * KB, 'max'],
  ['bytes.loginCssGzip', 60 * KB, 'max'],
  ['lighthouse.login.performance', 95, 'min'],
  ['lighthouse.login.accessibility', 100, 'min'],
  ['lighthouse.login.bestPractices', 95, 'min'],
  ['lighthouse.dashboard.performance', 100, 'min'],
  ['lighthouse.dashboard.accessibility', 100, 'min'],
  ['lighthouse.dashboard.bestPractices', 95, 'min'],
  ['lighthouse.dashboard.cls', 0, 'max'],
  ['lighthouse.valuesMapper.performance', 100, 'min'],
  ['lighthouse.valuesMapper.cls', 0, 'max'],
  // 131: the outage banner, the wrong-API-host page and the API-health rule they share are on
  // every screen, the login's first load included, and cost it about 1 KB (129.5 -> 130.5). An
  // outage said on the screen where it happens is worth that; lazy loading them was tried and
  // saved 0.3 KB, with a banner whose code could fail to load in the very outage it reports.
  // 132 and 202: a refused save is shown where it was caused, through one submit hook, one field
  // map and one single-flight guard that every form shares, the login's included (about 0.7 KB);
  // the dashboard also puts a refused override on its pair and names, in Sync history, the changes
  // made before each run (about 1.5 KB). Bundling those small shared modules into one chunk was
  // tried: it saved 0.2 KB on the login and cost the dashboard 0.3 KB.
  ['routes.login.jsAllGzip', 132 * KB, 'max'],
  ['routes.dashboard.jsAllGzip', 202 * KB, 'max'],
  ['routes.newConnection.jsAllGzip', 260 * KB, 'max'],
  ['routes.wizardStep5.jsAllGzip', 260 * KB, 'max'],
  ['routes.valuesMapper.jsAllGzip', 260 * KB, 'max'],
  ['waterfall.dashboard.roundsAfterGuard', 2, 'max'],
  // The mapper under 4x CPU throttling (meant as a laptop four times slower; what it stood for in
  // a run is mapper.machine): a list within 100 ms, and a keystroke costing at most 30 ms above
  // the floor (a bare input with no app, which alone takes 20-25 ms there: a whole keystroke within
  // one frame cannot hold on these machines, so the budget guards the mapper's own share).
  ['mapper.app4xCpuAboveFloor.keystrokeMs.p95', 30, 'max'],
  ['mapper.app4xCpu.openMs.p95', 100, 'max'],
  ...SANDBOX_BUDGETS,
  ...PREVIEW_BUDGETS,
  ...SYNC_BUDGETS,
];

const get = (object, path) => path.split('.').reduce((value, key) => value?.[key], object);

/**
 * Lighthouse keeps the seeded session (disableStorageReset) and with it the HTTP cache: empty the
 * cache before each run, so that every screen is scored on a first visit.
 */
async function clearHttpCache(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function measureInBrowser(baseUrl) {
  // Lighthouse scores the build as production delivers it (HTTP/2); `lighthouseHttp1` scores the
  // same screens straight from `vite preview` (HTTP/1.1), for comparison.
  const front = await startHttp2Front({ port: PORTS.http2Front, target: baseUrl });
  const figures = { lighthouse: {}, lighthouseHttp1: {}, waterfall: {} };
  let browser;
  try {
    browser = await launchBrowser({ debuggingPort: PORTS.debug });
    const page = await browser.context.newPage();
    // Every Lighthouse run is a first visit.
    const cold = { prepare: () => clearHttpCache(page) };
    figures.lighthouse.login = await runLighthouse(`${front.url}/login`, PORTS.debug, cold);

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
    await seedSession(page, front.url);
    for (const [name, path] of [
      ['dashboard', '/dashboard'],
      ['valuesMapper', '/values-mapper'],
    ]) {
      figures.lighthouse[name] = await runLighthouse(`${front.url}${path}`, PORTS.debug, cold);
      figures.lighthouseHttp1[name] = await runLighthouse(`${baseUrl}${path}`, PORTS.debug, cold);
    }
  } finally {
    await browser?.close();
    await front.stop();
  }
  // The mapper's browser of its own, once this one is closed: its timings share the machine with
  // nothing else of the bench's.
  const mapperBench = join(root, 'e2e/bench/mapper-bench.mjs');
  if (existsSync(mapperBench)) {
    const { runMapperBench } = await import(mapperBench);
    figures.mapper = await runMapperBench({ baseUrl, executablePath: browser.executablePath });
  }
  return figures;
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

/** The parts a run measures: all of them, or those its flags name. */
function partsOfRun() {
  const named = [
    ['--quick', 'bytes'],
    ['--routes', 'routes'],
    ['--browser', 'browser'],
    ['--sandbox', 'sandbox'],
    ['--preview', 'preview'],
    ['--sync', 'sync'],
  ].filter(([flag]) => args.includes(flag));
  if (named.length === 0)
    return new Set(['bytes', 'routes', 'browser', 'sandbox', 'preview', 'sync']);
  return new Set(named.map(([, part]) => part));
}

/** The part that measures a figure: Lighthouse's, the waterfall and the mapper are the browser's. */
const partOf = (path) => {
  const top = path.split('.')[0];
  return ['lighthouse', 'lighthouseHttp1', 'waterfall', 'mapper'].includes(top) ? 'browser' : top;
};

function printRoutes(routes) {
  const kb = (bytes) => (bytes / KB).toFixed(1);
  const cell = (initial, all) => `${kb(initial)} / ${kb(all)}`.padStart(15);
  const width = Math.max(...ROUTES.map(({ name }) => name.length)) + 2;
  console.log(
    `\nPer route, KB gzip, in a ${VIEWPORT.width} × ${VIEWPORT.height} window (initial: until ready; all: 1 s of quiet later, what loads on sight included):`,
  );
  console.log(
    `  ${'route'.padEnd(width)}${'path'.padEnd(16)}${'JS init / all'.padStart(15)}  ${'CSS init / all'.padStart(15)}`,
  );
  for (const { name } of ROUTES) {
    const route = routes[name];
    if (!route) continue;
    console.log(
      `  ${name.padEnd(width)}${route.path.padEnd(16)}${cell(route.jsInitialGzip, route.jsAllGzip)}  ${cell(route.cssInitialGzip, route.cssAllGzip)}`,
    );
  }
}

async function main() {
  const parts = partsOfRun();
  const figures = {
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / KB ** 3)} GiB, node ${process.version}`,
    date: new Date().toISOString(),
  };
  const notes = [];
  const needsBuild = ['bytes', 'routes', 'browser', 'preview', 'sync'].some((part) =>
    parts.has(part),
  );
  if (needsBuild && !args.includes('--no-build')) {
    execFileSync('npm', ['run', '-s', 'build', '--', '--outDir', OUT_DIR, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  if (parts.has('bytes')) figures.bytes = measureBytes(OUT_DIR);
  if (parts.has('routes') || parts.has('browser')) {
    const servers = await startServers({
      mockPort: PORTS.mock,
      previewPort: PORTS.preview,
      outDir: OUT_DIR,
    });
    try {
      if (parts.has('routes')) {
        const routes = await measureRoutes(servers.baseUrl, OUT_DIR);
        figures.routes = routes.figures;
        notes.push(...routes.notes);
      }
      if (parts.has('browser')) Object.assign(figures, await measureInBrowser(servers.baseUrl));
    } finally {
      servers.stop();
    }
  }
  let sandboxNotes = [];
  if (parts.has('sandbox')) {
    const sandbox = await runSandboxBench({ port: PORTS.sandbox });
    figures.sandbox = sandbox.figures;
    sandboxNotes = sandbox.notes;
  }
  if (parts.has('preview')) {
    const preview = await runPreviewBench({
      stackPort: PORTS.previewStack,
      previewPort: PORTS.previewApp,
      outDir: OUT_DIR,
    });
    figures.preview = preview.figures;
    notes.push(...preview.notes.map((note) => `preview: ${note}`));
  }
  if (parts.has('sync')) {
    const sync = await runSyncBench({
      stackPort: PORTS.syncStack,
      scaleStackPort: PORTS.syncScaleStack,
      previewPort: PORTS.syncApp,
      scalePreviewPort: PORTS.syncScaleApp,
      outDir: OUT_DIR,
    });
    figures.sync = sync.figures;
    notes.push(...sync.notes.map((note) => `sync: ${note}`));
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
  if (figures.routes) printRoutes(figures.routes);
  if (notes.length > 0) console.log(`\nNotes: ${notes.join('\n       ')}`);
  if (sandboxNotes.length > 0) console.log(`\nSandbox: ${sandboxNotes.join('\n         ')}`);

  if (option('--json')) {
    writeFileSync(option('--json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nFigures written to ${option('--json')}`);
  }
  // Only the parts this run measured: --quick is bytes only, --routes the per-route bytes only,
  // --sandbox the sandbox only.
  const measured = (path) => parts.has(partOf(path));
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
