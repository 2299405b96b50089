#!/usr/bin/env node
// Where the mapper's time goes: a Chromium trace of the bench's keystrokes (or list openings) on
// the bench's tenant (10,000 Salesforce fields), under CPU throttling, summed up per interaction.
// The bench says how long (mapper-bench.mjs); this says on what, so a change starts from a
// profile. Prints, for each phase, its mean and p95 over the interactions, in milliseconds.
//
//   node e2e/bench/mapper-profile.mjs [keystroke|open] [--rate 4] [--no-build] [--floor]
//
// keystroke: the key's events (keydown, keypress with the text's insertion and the input event,
//            keyup), the page's listener inside them (React), the layout they force, and the
//            first frame after the key by phase (animation frames, hover hit test, pre-paint,
//            paint, layerize, commit).
//            --floor: the same keystrokes on the bench's floor page (a bare input over a plain
//            list, no app), to tell what any keystroke costs here from what the mapper adds.
// open:      the bench's openings (the pointer at rest on the control, then the button pressed):
//            from the mousedown to the list's frame: the press's task (its hit tests, the event
//            and React's render in its microtasks), the tasks after it (React's scheduled renders,
//            timers), the frames, garbage collection, and the idle time.
import { execSync } from 'node:child_process';

import { chromium } from '@playwright/test';

import { findChromium } from '../find-chromium.mjs';
import { CHROMIUM_ARGS, seedSession } from './browser.mjs';
import {
  installProbe,
  KEYSTROKE_QUERIES,
  openFloorPage,
  pressToOpen,
  salesforceFieldsArrived,
  serveTenant,
  typeQueries,
  UNTHROTTLED,
} from './mapper-bench.mjs';
import { startServers } from './servers.mjs';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const mode = args.includes('open') ? 'open' : 'keystroke';
const floor = args.includes('--floor') && mode === 'keystroke';
const rateIndex = args.indexOf('--rate');
const RATE = rateIndex >= 0 ? Number(args[rateIndex + 1]) : 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'input',
  'v8.execute',
].join(',');

/** The bench's tenant on /values-mapper, its data loaded; resolves to the rows' selects. */
async function openMapper(context, baseUrl) {
  const page = await context.newPage();
  await page.addInitScript(installProbe);
  await serveTenant(page);
  await seedSession(page, baseUrl);
  await page.goto(`${baseUrl}/values-mapper`);
  const selects = page
    .getByRole('region', { name: 'Field mapping' })
    .getByRole('combobox', { name: /^Salesforce Fields for / });
  await selects.nth(1).waitFor();
  await salesforceFieldsArrived(page);
  await page.waitForTimeout(1000);
  return { page, selects };
}

async function record() {
  const servers = await startServers({ mockPort: 4112, previewPort: 4275 });
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, ...UNTHROTTLED],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, selects } = floor
      ? await openFloorPage(context, servers.baseUrl).then(({ browserPage, input }) => ({
          page: browserPage,
          selects: input,
        }))
      : await openMapper(context, servers.baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    if (mode === 'open') {
      for (let i = 0; i < 12; i += 1) {
        await pressToOpen(page, selects.nth(i % 20));
        await page.waitForTimeout(300);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
      }
    } else {
      const input = floor ? selects : selects.nth(1);
      await input.click();
      await page.waitForTimeout(300);
      await typeQueries(page, input, KEYSTROKE_QUERIES);
    }
    await cdp.send('Tracing.end');
    await complete;
    const samples = await page.evaluate(
      (kind) => window.__bench.samples.filter((s) => s.kind === kind).map((s) => s.ms),
      mode,
    );
    return { events, samples };
  } finally {
    await browser.close();
    servers.stop();
  }
}

/** The renderer's main thread: complete events in time order, and a way to sum their insides. */
function mainThread(events) {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'EventDispatch'),
  );
  const thread = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const inside = (outer, name) =>
    thread
      .filter((e) => e.name === name && e.ts >= outer.ts && e.ts + e.dur <= outer.ts + outer.dur)
      .reduce((sum, e) => sum + e.dur / 1000, 0);
  return { thread, inside };
}

const isEvent = (type) => (e) => e.name === 'EventDispatch' && e.args?.data?.type === type;
const FRAME = 'ProxyMain::BeginMainFrame';
const FRAME_PHASES = [
  ['animation frames', 'FireAnimationFrame'],
  ['hover hit test', 'EventHandler::handleMouseMoveEvent'],
  ['pre-paint', 'PrePaint'],
  ['paint', 'Paint'],
  ['layerize', 'Layerize'],
  ['commit', 'Commit'],
];

function keystrokePhases(events) {
  const { thread, inside } = mainThread(events);
  const keydowns = thread.filter(isEvent('keydown'));
  return keydowns.map((keydown, i) => {
    const next = keydowns[i + 1]?.ts ?? Infinity;
    const ofKey = (type) =>
      thread.find((e) => isEvent(type)(e) && e.ts >= keydown.ts && e.ts < next);
    const keypress = ofKey('keypress');
    const input = ofKey('input');
    const keyup = ofKey('keyup');
    const frame = thread.find((e) => e.name === FRAME && e.ts > (keypress ?? keydown).ts);
    const row = {
      keydown: keydown.dur / 1000,
      'keypress (insertion, input event)': (keypress?.dur ?? 0) / 1000,
      '  input event': (input?.dur ?? 0) / 1000,
      '  page listeners in it': input ? inside(input, 'FunctionCall') : 0,
      '  forced style and layout': keypress
        ? inside(keypress, 'Blink.ForcedStyleAndLayout.UpdateTime')
        : 0,
      keyup: (keyup?.dur ?? 0) / 1000,
      'first frame after the key': (frame?.dur ?? 0) / 1000,
    };
    for (const [label, name] of FRAME_PHASES) row[`  ${label}`] = frame ? inside(frame, name) : 0;
    return row;
  });
}

function openPhases(events, samples) {
  const { thread, inside } = mainThread(events);
  return thread.filter(isEvent('mousedown')).map((mousedown, i) => {
    const end = mousedown.ts + (samples[i] ?? 0) * 1000;
    // From the task that dispatches the mousedown (it starts before it, with the press's hit
    // test) to the sample's end.
    const tasks = thread.filter(
      (e) => e.name === 'RunTask' && e.ts + e.dur > mousedown.ts && e.ts < end,
    );
    const row = {
      'until painted (bench sample)': samples[i] ?? 0,
      'mouse events': 0,
      '  React render in them (microtasks)': 0,
      frames: 0,
      'other tasks (React renders, timers)': 0,
      'garbage collection': 0,
      'forced style and layout': 0,
    };
    for (const task of tasks) {
      const kind = inside(task, 'EventDispatch')
        ? 'mouse events'
        : inside(task, FRAME)
          ? 'frames'
          : inside(task, 'MinorGC') + inside(task, 'MajorGC')
            ? 'garbage collection'
            : 'other tasks (React renders, timers)';
      row[kind] += task.dur / 1000;
      if (kind === 'mouse events') {
        row['  React render in them (microtasks)'] += inside(task, 'RunMicrotasks');
      }
      row['forced style and layout'] += inside(task, 'Blink.ForcedStyleAndLayout.UpdateTime');
    }
    row.idle = Math.max(
      0,
      row['until painted (bench sample)'] - tasks.reduce((sum, task) => sum + task.dur / 1000, 0),
    );
    return row;
  });
}

function print(rows) {
  const stat = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(sorted.length, 1);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
    return [mean, p95];
  };
  console.log(
    `${mode}, ${rows.length} interactions, Chromium's CPU throttling ${RATE}x (ms: mean / p95)`,
  );
  for (const key of Object.keys(rows[0] ?? {})) {
    const [mean, p95] = stat(rows.map((row) => row[key]));
    console.log(`  ${key.padEnd(40)} ${mean.toFixed(1).padStart(7)} / ${p95.toFixed(1)}`);
  }
}

if (!args.includes('--no-build')) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
const { events, samples } = await record();
print(mode === 'open' ? openPhases(events, samples) : keystrokePhases(events));
