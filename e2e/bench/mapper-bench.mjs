#!/usr/bin/env node
// The field mapper's speed with real-world field counts: 10,000 Salesforce attributes and 400 ACE
// attributes served to the app (Playwright answers the three list calls with generated data; the
// rest comes from the Prism mock). Measured in Chromium, every figure in milliseconds:
//   open      a row's selector opened -> its options painted
//   keystroke a filter keystroke -> the filtered options painted (goal: p95 under one frame, 16 ms)
//   page      20 rows painted after the data arrived (first load), and after 'Next page'
//   app4xCpu  open and keystroke again under Chromium's 4x CPU throttling (meant as a slow laptop;
//             see machine for what it stood for); goals:
//             a keystroke's p95 within one frame, a list opened within 100 ms
//   floor, floor4xCpu  the same keystrokes into a bare input over a plain list on an empty page
//             (no app, no framework): the least a keystroke costs in this browser on this machine
//   machine   how fast this browser ran on this machine, as Lighthouse rates a device (its
//             benchmark index), without throttling and under the 4x throttling: what '4x' stood
//             for in this run
// and the same keystroke and open figures for Blueprint's plain MultiSelect given the same 10,000
// items (a harness built here from e2e/bench/plain-multi-select-harness.tsx), with the ratio.
//
// `npm run bench` imports runMapperBench({ baseUrl, executablePath }); run this file alone to
// build, serve and measure on ports of its own: node e2e/bench/mapper-bench.mjs [--no-build]
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

import { CHROMIUM_ARGS, seedSession } from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const SALESFORCE_COUNT = 10_000;
const ACE_PER_TYPE = 200; // 400 in all
const PICKLIST_VALUES = 30;
export const KEYSTROKE_QUERIES = ['custom_field_01', 'field 42', 'CUSTOM_FIELD_099'];
/**
 * Keystrokes come at a fast typist's pace (120 words a minute: one key every 100 ms), not the
 * moment the previous one is painted. Sent a few milliseconds after a paint, a key lands in the
 * idle frame Chromium keeps after it and waits up to 16.7 ms for that frame's deadline: a wait
 * no typist meets and no code can shorten, which made up most of the p95 before.
 */
const KEY_INTERVAL_MS = 100;
/** Enough for a p95 that is not simply the slowest opening (of 12, it was the 12th). */
const OPEN_SAMPLES = 40;
const PAGE_LOADS = 5;

// ---------------------------------------------------------------- generated tenant

const pad = (n) => String(n).padStart(5, '0');
const choices = (prefix) =>
  Object.fromEntries(
    Array.from({ length: PICKLIST_VALUES }, (_, i) => [`${prefix} ${i + 1}`, `${prefix} ${i + 1}`]),
  );

/** 10,000 Salesforce fields of one type; every 100th a picklist (the mapped ones among them). */
function salesforceFields(type) {
  return Array.from({ length: SALESFORCE_COUNT }, (_, i) => ({
    id: (type === 'Lead' ? 100_000 : 200_000) + i,
    name: `Custom_Field_${pad(i)}__c`,
    type,
    is_aws_ace: false,
    is_salesforce: true,
    is_mandatory: false,
    help_text: `Custom Field ${i}`,
    permission_type: 'Update',
    choices: i % 100 === 0 ? choices('SF Value') : null,
    data_type: i % 100 === 0 ? 'Picklist' : 'String',
    mapping: null,
  }));
}

/** 200 ACE fields per type; every 10th a picklist of 30 values, mapped with its value rows. */
function aceFields() {
  const fields = [];
  for (const [offset, type] of [
    [1, 'Lead'],
    [1001, 'Opportunity'],
  ]) {
    for (let i = 0; i < ACE_PER_TYPE; i += 1) {
      const picklist = i % 10 === 0;
      fields.push({
        id: offset + i,
        name: `aceField${type}${i}`,
        type,
        is_aws_ace: true,
        is_salesforce: false,
        is_mandatory: i % 4 === 0,
        help_text: `ACE field ${i} of ${type.toLowerCase()}s`,
        permission_type: i % 25 === 24 ? 'Read Only' : 'Update',
        choices: picklist ? choices('ACE Value') : null,
        data_type: picklist ? 'Picklist' : 'String',
        mapping: null,
      });
    }
  }
  return fields;
}

function mappings(aces) {
  const list = [];
  let id = 1;
  for (const ace of aces) {
    const index = ace.id % 1000;
    if (index % 3 !== 0 && ace.data_type !== 'Picklist') continue;
    const sfId =
      (ace.type === 'Lead' ? 100_000 : 200_000) +
      (ace.data_type === 'Picklist' ? index * 10 : index);
    const base = {
      aws_ace_attribute: ace.id,
      salesforce_attribute: { id: sfId, name: `Custom_Field_${pad(sfId % 100_000)}__c` },
      is_receive_update: false,
      is_concatenated: false,
      concatenated_attributes: [],
      concatenated_attribute_mapping: [],
      is_picklist: ace.data_type === 'Picklist',
      is_dummy_value: false,
      dummy_value_description: null,
      aws_ace_picklist_value: null,
      salesforce_picklist_value: '',
      tenant: 1,
      picklist_mapping: null,
    };
    const parent = { ...base, id: id++ };
    list.push(parent);
    if (ace.data_type !== 'Picklist') continue;
    for (let v = 1; v <= 10; v += 1) {
      list.push({
        ...base,
        id: id++,
        aws_ace_picklist_value: `ACE Value ${v}`,
        salesforce_picklist_value: `SF Value ${v}`,
        picklist_mapping: parent.id,
      });
    }
  }
  return list;
}

const page = (results) => ({ count: results.length, next: null, previous: null, results });

export async function serveTenant(browserPage) {
  const aces = aceFields();
  const bodies = {
    Lead: JSON.stringify(page(salesforceFields('Lead'))),
    Opportunity: JSON.stringify(page(salesforceFields('Opportunity'))),
    ace: JSON.stringify(page(aces)),
    mappings: JSON.stringify(page(mappings(aces))),
  };
  const json = (body) => ({ status: 200, contentType: 'application/json', body });
  await browserPage.route(
    (url) => url.pathname === '/api/v1/salesforce/attributes/',
    (route) => {
      const type = new URL(route.request().url()).searchParams.get('type');
      return route.fulfill(json(bodies[type === 'Lead' ? 'Lead' : 'Opportunity']));
    },
  );
  await browserPage.route(
    (url) => url.pathname === '/api/v1/salesforce/aws/attributes/',
    (route) => route.fulfill(json(bodies.ace)),
  );
  await browserPage.route(
    (url) => url.pathname === '/api/v1/salesforce/data-mappings/',
    (route) =>
      route.request().method() === 'GET' ? route.fulfill(json(bodies.mappings)) : route.fallback(),
  );
}

// ---------------------------------------------------------------- in-page probes

/**
 * Installed before any script: timestamps input events where they happen (event.timeStamp, the
 * clock of performance.now()) and records, after the next paint, how long the screen took to show
 * the result. "Painted" is the first frame after the DOM shows it (rAF, then a task).
 */
export function installProbe() {
  // The mapper's selects, and the harness's plain MultiSelect.
  const SELECTS = '[aria-label="Field mapping"], [data-bench-select]';
  const samples = [];
  const count = (kind) => samples.filter((sample) => sample.kind === kind).length;
  // The bench's waits for a sample: resolved here, so nothing polls the page while it works.
  const waiters = new Set();
  const record = (kind, ms) => {
    samples.push({ kind, ms });
    for (const waiter of waiters) {
      if (count(waiter.kind) < waiter.count) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };
  const until = (kind, wanted) =>
    new Promise((resolve) => {
      if (count(kind) >= wanted) resolve();
      else waiters.add({ kind, count: wanted, resolve });
    });
  const painted = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  const watch = (kind, start, ready) => {
    const check = () => {
      if (ready()) painted(() => record(kind, performance.now() - start));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  const optionTexts = (limit) =>
    [...document.querySelectorAll('[role="listbox"] [role="option"]')]
      .slice(0, limit)
      .map((option) => option.textContent.toLowerCase());

  window.__bench = { samples, count, until, optionCount: () => optionTexts(Infinity).length };

  addEventListener(
    'mousedown',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || !target.closest(SELECTS)) return;
      watch('open', event.timeStamp, () => optionTexts(1).length > 0);
    },
    true,
  );
  addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || event.key.length !== 1) return;
      if (!target.closest(SELECTS)) return;
      // Ready once the first options listed all match what the input now holds.
      watch('keystroke', event.timeStamp, () => {
        const query = target.value.toLowerCase();
        const texts = optionTexts(5);
        return texts.length > 0 && texts.every((text) => text.includes(query));
      });
    },
    true,
  );
  addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element && event.target.closest('button');
      if (!button || button.getAttribute('aria-label') !== 'Next page') return;
      const mapper = button.closest('[aria-label="Field mapping"]');
      const first = () => mapper?.querySelector('[role="combobox"]')?.getAttribute('aria-label');
      const before = first();
      watch('nextPage', event.timeStamp, () => first() && first() !== before);
    },
    true,
  );
  // First load: 20 rows on screen, measured against the arrival of the mapper's data.
  const rows = new MutationObserver(() => {
    const mapper = document.querySelector('[aria-label="Field mapping"]');
    const count =
      mapper?.querySelectorAll('input[aria-label^="Salesforce Fields for"]').length ?? 0;
    if (count < 20) return;
    rows.disconnect();
    painted(() => {
      const paintedAt = performance.now();
      const arrivals = performance
        .getEntriesByType('resource')
        .filter((entry) =>
          /aws\/attributes\/\?page-size=10000$|data-mappings\/\?page-size=100000$/.test(entry.name),
        )
        .map((entry) => entry.responseEnd);
      if (arrivals.length === 2) record('page', paintedAt - Math.max(...arrivals));
    });
  });
  addEventListener('DOMContentLoaded', () =>
    rows.observe(document.body, { childList: true, subtree: true }),
  );
}

const samplesOf = (browserPage, kind) => browserPage.evaluate((k) => window.__bench.count(k), kind);

/**
 * Resolves once the page holds `wanted` samples of `kind`. The wait is a promise in the page that
 * the probe resolves: nothing polls the page while it works, so the probe is the only extra work
 * in the time measured. Start it before the action it waits for, and await it after.
 */
async function samplesReach(browserPage, kind, wanted, timeout = 60_000) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No ${kind} sample ${wanted} within ${timeout} ms`)),
      timeout,
    );
  });
  try {
    await Promise.race([
      browserPage.evaluate(([k, n]) => window.__bench.until(k, n), [kind, wanted]),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Does `action` and resolves once the probe has recorded its sample of `kind`: the wait is
 * started in the page before the action, and awaited after it.
 */
async function measured(browserPage, kind, action) {
  const wanted = (await samplesOf(browserPage, kind)) + 1;
  const sampled = samplesReach(browserPage, kind, wanted);
  // Should the action fail, the wait's own rejection is not left unhandled.
  sampled.catch(() => {});
  await action();
  await sampled;
}

/**
 * Opens the select whose input is `input` as a user does: the pointer comes to rest on it first
 * (its hover handled, not timed), then the button goes down, which opens the list and starts the
 * sample, and comes up once the list is painted. Playwright's click() would time its own
 * hit-target check and the pointer's move with the opening, and release the button at once.
 */
export async function pressToOpen(browserPage, input) {
  await input.scrollIntoViewIfNeeded();
  const box = await input.boundingBox();
  if (!box) throw new Error('The select to open is not on screen');
  await browserPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await browserPage.waitForTimeout(KEY_INTERVAL_MS);
  await measured(browserPage, 'open', () => browserPage.mouse.down());
  await browserPage.mouse.up();
}

async function readSamples(browserPage, kind) {
  return browserPage.evaluate(
    (k) => window.__bench.samples.filter((s) => s.kind === k).map((s) => s.ms),
    kind,
  );
}

/** Resolves once the 10,000 Salesforce fields behind the mapper's selectors have arrived. */
export function salesforceFieldsArrived(browserPage) {
  return browserPage.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('/salesforce/attributes/?') && entry.responseEnd > 0),
  );
}

/**
 * Types each query one key at a time into the focused select, at KEY_INTERVAL_MS from the last
 * action to each key (or later: each key waits for the previous one's paint). A key is released
 * once its result is painted, as a typist's finger leaves a key after pressing it, not at once.
 */
export async function typeQueries(browserPage, input, queries) {
  for (const query of queries) {
    await input.fill('');
    let last = performance.now();
    for (const key of query) {
      const wait = last + KEY_INTERVAL_MS - performance.now();
      if (wait > 0) await browserPage.waitForTimeout(wait);
      last = performance.now();
      await measured(browserPage, 'keystroke', () => browserPage.keyboard.down(key));
      await browserPage.keyboard.up(key);
    }
  }
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (x) => Math.round(x * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), samples: sorted.length };
}

// ---------------------------------------------------------------- the app

/**
 * The app's figures. With `cpuThrottle` above 1, Chromium's CPU throttling (as DevTools applies
 * it: 4 makes the page's main thread four times slower) is switched on once the page and its data
 * are loaded, and only what a user does then is measured: opening a row's list and typing in it.
 */
async function measureApp(context, baseUrl, { cpuThrottle = 1 } = {}) {
  const browserPage = await context.newPage();
  await browserPage.addInitScript(installProbe);
  await serveTenant(browserPage);
  await seedSession(browserPage, baseUrl);
  const pageMs = [];
  const loads = cpuThrottle > 1 ? 1 : PAGE_LOADS;
  for (let load = 0; load < loads; load += 1) {
    await browserPage.goto(`${baseUrl}/values-mapper`);
    await samplesReach(browserPage, 'page', 1);
    pageMs.push(...(await readSamples(browserPage, 'page')));
  }
  const mapper = browserPage.getByRole('region', { name: 'Field mapping' });
  const selects = mapper.getByRole('combobox', { name: /^Salesforce Fields for / });
  await salesforceFieldsArrived(browserPage);
  if (cpuThrottle > 1) {
    const cdp = await context.newCDPSession(browserPage);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  }

  for (let i = 0; i < OPEN_SAMPLES; i += 1) {
    await pressToOpen(browserPage, selects.nth(i % 20));
    await browserPage.keyboard.press('Escape');
  }

  const openMs = stats(await readSamples(browserPage, 'open'));
  const input = selects.nth(1);
  await input.click();
  await typeQueries(browserPage, input, KEYSTROKE_QUERIES);
  await input.fill('');
  const optionsInDom = await browserPage.evaluate(() => window.__bench.optionCount());
  await browserPage.keyboard.press('Escape');
  if (cpuThrottle > 1) {
    const figures = { openMs, keystrokeMs: stats(await readSamples(browserPage, 'keystroke')) };
    await browserPage.close();
    return figures;
  }

  for (let i = 0; i < PAGE_LOADS; i += 1) {
    const next = mapper.getByRole('button', { name: 'Next page' });
    const previous = mapper.getByRole('button', { name: 'Previous page' });
    const button = (await next.isEnabled()) ? next : previous;
    if (button === previous) {
      await previous.click();
      continue;
    }
    await measured(browserPage, 'nextPage', () => next.click());
  }

  const figures = {
    openMs,
    keystrokeMs: stats(await readSamples(browserPage, 'keystroke')),
    pageAfterDataMs: stats(pageMs),
    nextPageMs: stats(await readSamples(browserPage, 'nextPage')),
    optionsInDom,
  };
  await browserPage.close();
  return figures;
}

// ---------------------------------------------------------------- Blueprint's MultiSelect

/**
 * Vite's build() sets process.env.NODE_ENV to 'production' in the process that calls it and leaves
 * it so. In `npm run bench` that process goes on to start the sandbox stack, whose Prism inherits
 * it: with NODE_ENV=production Prism 5 defaults to --multiprocess, whose start reads
 * `isPrimary` off an undefined default export of node:cluster and throws. The bench's NODE_ENV is
 * put back as it was once the harness is built.
 */
async function buildHarness() {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = mkdtempSync(join(tmpdir(), 'mapper-bench-'));
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'error',
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        lib: {
          entry: join(root, 'e2e/bench/plain-multi-select-harness.tsx'),
          formats: ['es'],
          fileName: () => 'harness.js',
          cssFileName: 'harness',
        },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

async function measureBlueprint(context, baseUrl) {
  const outDir = await buildHarness();
  try {
    const browserPage = await context.newPage();
    await browserPage.addInitScript(installProbe);
    await browserPage.route(`${baseUrl}/__mapper-bench/**`, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === 'index.html') {
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><head><title>Bench</title><link rel="stylesheet" href="harness.css"></head><body><div id="root" data-bench-select></div><script type="module" src="harness.js"></script></body></html>',
        });
      }
      return route.fulfill({
        contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript',
        body: readFileSync(join(outDir, name)),
      });
    });
    await browserPage.goto(`${baseUrl}/__mapper-bench/index.html`);
    const input = browserPage
      .getByRole('combobox', { name: 'Plain MultiSelect' })
      .or(browserPage.getByLabel('Plain MultiSelect'));
    await input.waitFor();

    for (let i = 0; i < 3; i += 1) {
      await browserPage.mouse.click(5, 5); // away: closes
      await browserPage.waitForFunction(() => window.__bench.optionCount() === 0, null, {
        polling: 50,
      });
      await measured(browserPage, 'open', () => input.click());
    }
    await typeQueries(browserPage, input, KEYSTROKE_QUERIES.slice(0, 2));
    await input.fill('');
    const optionsInDom = await browserPage.evaluate(() => window.__bench.optionCount());
    const figures = {
      openMs: stats(await readSamples(browserPage, 'open')),
      keystrokeMs: stats(await readSamples(browserPage, 'keystroke')),
      optionsInDom,
    };
    await browserPage.close();
    return figures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the floor

/**
 * What a keystroke costs in this browser on this machine before any app is involved: a bare
 * input that filters the same 10,000 option texts and writes the first 12 matches (a list's 8
 * visible rows and 4 more) into plain rows, on an otherwise empty page, with no framework. It is
 * measured with the same probe and the same keys, so no select can do better than this figure,
 * and the app's figures read against it.
 */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><title>Keystroke floor</title></head>
<body><div data-bench-select><input role="combobox" aria-label="Keystroke floor"></div>
<div role="listbox" aria-label="Keystroke floor"></div><script>
const count = ${SALESFORCE_COUNT};
const options = Array.from({ length: count }, (_, i) => {
  const label = 'Custom_Field_' + String(i).padStart(5, '0') + '__c';
  const detail = 'Custom Field ' + i;
  return { label, detail, search: (label + ' ' + detail).toLowerCase() };
});
const list = document.querySelector('[role=listbox]');
const rows = Array.from({ length: 12 }, () => {
  const row = list.appendChild(document.createElement('div'));
  row.style.height = '30px';
  return row;
});
let lastQuery = '';
let matches = options;
document.querySelector('input').addEventListener('input', (event) => {
  const query = event.target.value.toLowerCase();
  const from = query.startsWith(lastQuery) ? matches : options;
  matches = query ? from.filter((option) => option.search.includes(query)) : options;
  lastQuery = query;
  rows.forEach((row, i) => {
    const option = matches[i];
    row.textContent = option ? option.label + ' ' + option.detail : '';
    if (option) row.setAttribute('role', 'option');
    else row.removeAttribute('role');
  });
});
</script></body></html>`;

/** The floor page, with the probe installed, in a new page of `context`; resolves to its input. */
export async function openFloorPage(context, baseUrl) {
  const browserPage = await context.newPage();
  await browserPage.addInitScript(installProbe);
  await browserPage.route(`${baseUrl}/__keystroke-floor/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: FLOOR_HTML }),
  );
  await browserPage.goto(`${baseUrl}/__keystroke-floor/`);
  const input = browserPage.getByRole('combobox', { name: 'Keystroke floor' });
  await input.waitFor();
  return { browserPage, input };
}

async function measureFloor(context, baseUrl, { cpuThrottle = 1 } = {}) {
  const { browserPage, input } = await openFloorPage(context, baseUrl);
  if (cpuThrottle > 1) {
    const cdp = await context.newCDPSession(browserPage);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  }
  await input.click();
  await typeQueries(browserPage, input, KEYSTROKE_QUERIES);
  const figures = { keystrokeMs: stats(await readSamples(browserPage, 'keystroke')) };
  await browserPage.close();
  return figures;
}

// ---------------------------------------------------------------- the machine

/** How many times the benchmark index is taken; its median is the figure. */
const INDEX_RUNS = 3;

/**
 * This machine's speed as Lighthouse rates a device: its benchmark index (Lighthouse's own page
 * function, about a second a run), in a blank page of the bench's browser, under `cpuThrottle`.
 * Lighthouse reads 1000 and more as desktop-class and warns below it that the host is slower than
 * it expects; Chrome DevTools' CPU calibration takes 1000 for a mid-tier phone (a Pixel 5) and
 * 264 for a low-tier one. A VM's index moves between runs, and every timing with it: the figures
 * of two runs compare only beside their indexes.
 */
async function benchmarkIndex(context, { cpuThrottle = 1 } = {}) {
  const browserPage = await context.newPage();
  try {
    if (cpuThrottle > 1) {
      const cdp = await context.newCDPSession(browserPage);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    }
    const runs = [];
    for (let run = 0; run < INDEX_RUNS; run += 1) {
      runs.push(await browserPage.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
    }
    return Math.round(runs.sort((a, b) => a - b)[Math.floor(INDEX_RUNS / 2)]);
  } finally {
    await browserPage.close();
  }
}

// ---------------------------------------------------------------- entry points

/**
 * Frames are drawn as soon as there is something to draw, not at the display's next refresh: a
 * figure is what the work costs, without up to one frame of waiting for vsync (on a 60 Hz screen
 * add that wait to any figure). Both selects are measured so.
 */
export const UNTHROTTLED = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];

export async function runMapperBench({ baseUrl, executablePath }) {
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...UNTHROTTLED],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const machine = {
      benchmarkIndex: await benchmarkIndex(context),
      benchmarkIndex4xCpu: await benchmarkIndex(context, { cpuThrottle: 4 }),
    };
    const app = await measureApp(context, baseUrl);
    const app4xCpu = await measureApp(context, baseUrl, { cpuThrottle: 4 });
    const blueprint = await measureBlueprint(context, baseUrl);
    const floor = await measureFloor(context, baseUrl);
    const floor4xCpu = await measureFloor(context, baseUrl, { cpuThrottle: 4 });
    const ratio = (a, b) => Math.round((a / Math.max(b, 0.1)) * 10) / 10;
    return {
      attributes: { salesforce: SALESFORCE_COUNT, ace: ACE_PER_TYPE * 2 },
      /** What the 4x figures stood for in this run (see benchmarkIndex). */
      machine,
      app,
      /** The same select with the page's main thread four times slower (CPU throttling). */
      app4xCpu,
      blueprintMultiSelect: blueprint,
      /** A bare input over a plain list, no app: the least a keystroke costs here (see above). */
      floor,
      floor4xCpu,
      /**
       * What the mapper adds to a keystroke under 4x CPU throttling, above what a bare input over a
       * plain list already costs there (p95 minus the floor's p95). On these machines the floor
       * alone is 20-25 ms, more than a frame, so a one-frame budget on the whole keystroke cannot
       * hold for any app; the mapper's own share can be guarded against a regression.
       */
      app4xCpuAboveFloor: {
        keystrokeMs: {
          p95:
            Math.round(Math.max(0, app4xCpu.keystrokeMs.p95 - floor4xCpu.keystrokeMs.p95) * 10) /
            10,
        },
      },
      keystrokeRatio: {
        median: ratio(blueprint.keystrokeMs.median, app.keystrokeMs.median),
        p95: ratio(blueprint.keystrokeMs.p95, app.keystrokeMs.p95),
      },
      /** 1 when the goal holds: a keystroke's p95 within one frame (16 ms). */
      keystrokeP95UnderOneFrame: app.keystrokeMs.p95 < 16 ? 1 : 0,
    };
  } finally {
    await browser.close();
  }
}

async function standalone() {
  const { findChromium } = await import('../find-chromium.mjs');
  const { startServers } = await import('./servers.mjs');
  const executablePath = await findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `node e2e/find-chromium.mjs --install`.');
  if (!process.argv.includes('--no-build'))
    execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  const servers = await startServers({ mockPort: 4111, previewPort: 4274 });
  try {
    const figures = await runMapperBench({ baseUrl: servers.baseUrl, executablePath });
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    servers.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  standalone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
