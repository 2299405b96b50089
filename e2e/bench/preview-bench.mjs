#!/usr/bin/env node
// The record preview's speed (issue 15), printed by `npm run bench` (or on its own, after a build:
// `node e2e/bench/preview-bench.mjs [--check]`). The production build, served by `vite preview`,
// talks to a sandbox stack of its own; Dana previews the lead Umbrella Health on the values mapper and
// maps, then unmaps, its Lead Status 'Nurturing' to ACE's 'Open', ten times:
//   shownAfterSettleMs   median time from the preview's request (sent once the mapping change has
//                        settled, i.e. saved and the panel's debounce passed) to the new answer on
//                        screen; budget 150 ms
//   shownAfterSaveMs     median time from the mapping's save answering to the new answer on screen
//                        (the debounce included), for what a user waits in all
// Both are measured in the page (performance.now() around fetch and a MutationObserver), so the
// bench's own polling adds nothing. And from dist/:
//   panelGzip            the panel's own chunk (JS and CSS, gzip), loaded when it is first opened;
//                        budget 10 KB
//   panelInLoginGzip     what of it /login loads (its entry and its own chunks); budget 0
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { launchBrowser, signInThroughForm } from './browser.mjs';
import { startStackProcess } from './sandbox-bench.mjs';
import { waitForPort } from './servers.mjs';
import { median, round } from './stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const PREVIEW_BUDGETS = [
  ['preview.shownAfterSettleMs', 150, 'max'],
  ['preview.panelGzip', 10 * 1024, 'max'],
  ['preview.panelInLoginGzip', 0, 'max'],
];

/** The preview panel's chunks in dist/, and which of them /login's first screen loads. */
export function measurePanelBytes(dist = join(root, 'dist')) {
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) throw new Error('No build in dist/: run `npm run build` first.');
  const gzip = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  const panel = readdirSync(assets).filter((file) =>
    /^record-preview-[\w-]+\.(js|css)$/.test(file),
  );
  if (panel.length === 0) throw new Error('No record-preview chunk in dist/assets.');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const login = [
    ...[...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]),
    ...readdirSync(assets).filter((file) => /^login-[\w-]+\.(js|css)$/.test(file)),
  ];
  // A chunk /login loads statically that names the panel's chunk in a static import would load it.
  const staticImport = (file) =>
    panel.some((chunk) =>
      new RegExp(`import[^()]*?["']\\./${chunk.replace('.', '\\.')}["']`).test(
        readFileSync(join(assets, file), 'utf8'),
      ),
    );
  const inLogin = panel.filter((chunk) => login.includes(chunk) || login.some(staticImport));
  return {
    panelGzip: panel.reduce((total, file) => total + gzip(file), 0),
    panelInLoginGzip: inLogin.reduce((total, file) => total + gzip(file), 0),
  };
}

const ROUNDS = 10;

/** `vite preview` of dist/ with /api sent to the stack; `stop()` ends it. */
export async function startPreview(port, apiTarget, outDir) {
  const child = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port)], {
    cwd: root,
    env: { ...process.env, API_PROXY_TARGET: apiTarget },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  await waitForPort(port);
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}

/** In the page, before the app: when each mapping save answers and each preview request starts. */
function recordTimings() {
  const marks = { saved: [], asked: [] };
  window.__previewBench = marks;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (/\/preview\/$/.test(new URL(url, location.href).pathname))
      marks.asked.push(performance.now());
    const reply = await original(input, init);
    if (/\/data-mappings\/(\d+\/)?$/.test(new URL(url, location.href).pathname) && method !== 'GET')
      marks.saved.push(performance.now());
    return reply;
  };
}

/** Resolves, in the page, with performance.now() when the status row's text next changes. */
function nextChange() {
  return new Promise((done) => {
    const table = document.querySelector('table[aria-label^="What ACE would receive for"]');
    const before = table?.textContent;
    const observer = new MutationObserver(() => {
      const now = document.querySelector('table[aria-label^="What ACE would receive for"]');
      if (now && now.textContent !== before) {
        observer.disconnect();
        done(performance.now());
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function runPreviewBench({
  stackPort = 4593,
  previewPort = 4394,
  outDir = join(root, 'dist'),
} = {}) {
  const panelBytes = measurePanelBytes(outDir);
  const stack = await startStackProcess(stackPort);
  const preview = await startPreview(previewPort, stack.base, outDir).catch((error) => {
    stack.stop();
    throw error;
  });
  const { context, close } = await launchBrowser();
  const notes = [];
  try {
    const page = await context.newPage();
    await page.addInitScript(recordTimings);
    await signInThroughForm(page, preview.baseUrl);
    await page.goto(`${preview.baseUrl}/values-mapper?tab=leads`);
    const mapper = page.getByRole('region', { name: 'Field mapping' });
    await mapper.getByRole('button', { name: 'Preview a record' }).click();
    await mapper.getByRole('searchbox', { name: 'Search Salesforce records' }).fill('Umbrella');
    await mapper.getByRole('button', { name: /^Umbrella Health/ }).click();
    await mapper
      .getByRole('table', { name: 'What ACE would receive for Umbrella Health' })
      .waitFor();

    const afterSettle = [];
    const afterSave = [];
    const values = mapper.getByRole('combobox', { name: 'Salesforce values for status Open' });
    for (let index = 0; index < ROUNDS; index += 1) {
      await page.evaluate(() => {
        window.__previewBench.saved.length = 0;
        window.__previewBench.asked.length = 0;
        window.__previewBenchChange = undefined;
      });
      const shown = page.evaluate(nextChange);
      if (index % 2 === 0) {
        await values.click();
        await page.keyboard.type('Nurturing');
        await page.getByRole('option', { name: 'Nurturing', exact: true }).click();
        await page.keyboard.press('Escape');
      } else {
        await mapper.getByRole('button', { name: 'Remove Nurturing' }).click();
      }
      const at = await shown;
      const { saved, asked } = await page.evaluate(() => window.__previewBench);
      const lastSave = saved.at(-1);
      const lastAsk = asked.at(-1);
      if (lastSave === undefined || lastAsk === undefined) {
        notes.push(`round ${index + 1}: no save or no preview request seen`);
        continue;
      }
      afterSettle.push(at - lastAsk);
      afterSave.push(at - lastSave);
    }
    const figures = {
      ...panelBytes,
      shownAfterSettleMs: round(median(afterSettle)),
      shownAfterSaveMs: round(median(afterSave)),
      rounds: afterSettle.length,
    };
    return { figures, notes };
  } finally {
    await close();
    preview.stop();
    stack.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { figures, notes } = await runPreviewBench();
  let over = false;
  for (const [key, value] of Object.entries(figures)) {
    const budget = PREVIEW_BUDGETS.find(([path]) => path === `preview.${key}`);
    const fails = budget && value > budget[1];
    over ||= Boolean(fails);
    console.log(
      `preview.${key.padEnd(20)} ${String(value).padStart(8)}${budget ? `  ≤ ${budget[1]}` : ''}${fails ? '  OVER BUDGET' : ''}`,
    );
  }
  for (const note of notes) console.log(`  note: ${note}`);
  if (process.argv.includes('--check') && over) process.exit(1);
}
