#!/usr/bin/env node
// The sandbox stack's speed (issue 14's figures), printed by `npm run bench` (or on its own:
// `node e2e/bench/sandbox-bench.mjs [--check]`):
//   readyMs       from spawning `node tests/sandbox/stack.mjs --fresh` to its front door answering
//   resetMs       POST /api/sandbox/reset, median of 5
//   syncMs        a full sync of the seeded Acme org: POST the sync, then poll get-sync-data until
//                 last_synced_date changes (the stack runs with SANDBOX_SYNC_DELAY_MS=0 and
//                 SANDBOX_SYNC_RATE=0, so this is the engine's own time)
//   callMedianMs, callP95Ms   ~200 representative calls through the front door and Prism's proxy
//   readsMs, invitesMs, invitesPerReads   200 concurrent small reads (GET /api/v1/users/) and 200
//                 concurrent invitations through the whole stack, median of 15 rounds (each after a
//                 reset; invitesPerReads is the median of the rounds' ratios). A write is
//                 answered only once it is on disk (one line of patches appended to the sandbox's
//                 journal by a synchronous write, grouped per turn of the event loop), so this is the
//                 price of durability (issue 27: invitations at most 1.5 times the reads)
//   readsCpuMs, invitesCpuMs, invitesPerReadsCpu   the same bursts in CPU time of the stack's
//                 processes (Linux only): what the work costs, whatever else loads the machine
//                 (wall times on a shared machine swing with its load; the disk's fsync latency
//                 shows in the wall times only)
//   malformedSignInMs   a sign-in's answer while 200 bodies that are not JSON arrive at once
//                 from 200 clients (the door refuses them before Prism)
//   `--direct` measures the concurrency straight against a sandbox server, without Prism
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { DANA } from './seed-users.mjs';
import { median, percentile, round } from './stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const SANDBOX_BUDGETS = [
  ['sandbox.readyMs', 15_000, 'max'],
  ['sandbox.resetMs', 1_000, 'max'],
  ['sandbox.syncMs', 2_000, 'max'],
  ['sandbox.callMedianMs', 30, 'max'],
  ['sandbox.invitesPerReads', 1.5, 'max'],
  ['sandbox.malformedSignInMs', 2_000, 'max'],
];

const CONCURRENT = 200;
const ROUNDS = 15;

// What the dashboard, the accounts page and the mapper ask for.
const CALLS = [
  '/api/v1/users/',
  '/api/v1/salesforce/get-sync-data',
  '/api/v1/salesforce/data-mappings/count/',
  '/api/v1/salesforce/data-mappings/sync-errors/?page=1',
  '/api/v1/salesforce/data-mappings/sync-errors/logs/?page=1',
  '/api/v1/salesforce/unread-launched-data',
  '/api/v1/salesforce/data-mappings/?page=1&page-size=20',
  '/api/v1/salesforce/aws/attributes/?page=1&page-size=20',
  '/api/v1/salesforce/attributes/?page=1&page-size=20',
];

/**
 * The CPU time, in ms, used so far by the processes of a process group (the stack) or by one
 * process; undefined where /proc cannot tell (not Linux).
 */
function cpuMs({ group, pid }) {
  const ticks = (stat) => {
    // The fields after the command name (which may hold spaces): state is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pgrp: Number(fields[2]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  try {
    if (pid !== undefined) return ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')).cpu * 10;
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const { pgrp, cpu } = ticks(readFileSync(`/proc/${entry}/stat`, 'utf8'));
        if (pgrp === group) total += cpu;
      } catch {
        // gone meanwhile
      }
    }
    return total * 10;
  } catch {
    return undefined;
  }
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

/**
 * Starts the stack on `port`, in a process group of its own; resolves once it answers. `env`
 * overrides the bench's settings (a pace, a scale: sync-bench.mjs); `readyTimeoutMs` allows for a
 * large seed.
 */
export async function startStackProcess(port, { env = {}, readyTimeoutMs = 60_000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'acebridge-sandbox-bench-'));
  let output = '';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['tests/sandbox/stack.mjs', '--port', String(port), '--fresh'],
    {
      cwd: root,
      env: {
        ...process.env,
        SANDBOX_SYNC_DELAY_MS: '0',
        // No pacing: syncMs is the engine's own time (npm start paces a sync at 60 records/s).
        SANDBOX_SYNC_RATE: '0',
        SANDBOX_SCHEDULE: 'off',
        SANDBOX_DATA_DIR: dataDir,
        SANDBOX_ACCESS_TTL: '3600',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`The sandbox stack did not start:\n${output}`);
    }
    const ok = await fetch(`${base}/api/sandbox/violations`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) break;
    await sleep(25);
  }
  return {
    base,
    readyMs: performance.now() - started,
    stop,
    output: () => output,
    cpu: () => cpuMs({ group: child.pid }),
  };
}

/** Signs in as Dana; returns the headers an authenticated call needs (bearer, XSRF cookie and header). */
export async function signIn(base) {
  const reply = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DANA),
  });
  if (!reply.ok)
    throw new Error(`The sandbox refused Dana's login: ${reply.status} ${await reply.text()}`);
  const { access } = await reply.json();
  const xsrf = reply.headers
    .getSetCookie()
    .map((cookie) => /^XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1])
    .find(Boolean);
  return {
    authorization: `Bearer ${access}`,
    ...(xsrf ? { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf } : {}),
  };
}

async function measureSync(base, headers, notes) {
  const stats = async () => {
    const reply = await fetch(`${base}/api/v1/salesforce/get-sync-data`, { headers });
    if (!reply.ok) throw new Error(`get-sync-data answered ${reply.status}`);
    return (await reply.json()).last_synced_date;
  };
  const before = await stats();
  const started = performance.now();
  const start = await fetch(`${base}/api/v1/salesforce/data-mappings/sync-data/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ tenant_sub_domain: 'acme' }),
  });
  if (!start.ok) {
    notes.push(
      `sync: POST sync-data answered ${start.status} (${(await start.text()).slice(0, 120)})`,
    );
    return undefined;
  }
  while (performance.now() - started < 30_000) {
    if ((await stats()) !== before) return performance.now() - started;
    await sleep(10);
  }
  notes.push('sync: last_synced_date did not change within 30 s');
  return undefined;
}

async function measureCalls(base, headers, notes, count = 200) {
  const times = [];
  const failed = new Map();
  for (let index = 0; index < count + CALLS.length; index += 1) {
    const path = CALLS[index % CALLS.length];
    const { ms, result: status } = await timed(async () => {
      const reply = await fetch(`${base}${path}`, { headers });
      await reply.arrayBuffer();
      return reply.status;
    });
    if (status >= 300)
      failed.set(`${path} -> ${status}`, (failed.get(`${path} -> ${status}`) ?? 0) + 1);
    // The first round warms Prism and the sandbox up.
    if (index >= CALLS.length) times.push(ms);
  }
  for (const [call, times_] of failed) notes.push(`calls: ${call} (${times_}x)`);
  return {
    callMedianMs: round(median(times)),
    callP95Ms: round(percentile(times, 95)),
    calls: times.length,
  };
}

/** POST /api/sandbox/reset with the header it requires. */
async function reset(base) {
  const reply = await fetch(`${base}/api/sandbox/reset`, {
    method: 'POST',
    headers: { 'x-sandbox-reset': 'yes' },
  });
  if (!reply.ok) throw new Error(`Reset answered ${reply.status}`);
  await reply.arrayBuffer();
}

/** How many loopback addresses the bursts spread their calls over (127.0.0.2 upward). */
const CLIENTS = 250;

/**
 * One call from the bench's `index`-th client: its own loopback address (Linux routes all of
 * 127/8 to this machine), its own connection. A burst of 200 stands for 200 users, who are 200
 * clients: the front door bounds how many requests one client has in flight, so 200 at once from
 * one address would be refused as one client holding the pool.
 * @param {number} index
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [init]
 * @returns {Promise<{ status: number, arrayBuffer: () => Promise<Buffer> }>}
 */
function fromClient(index, url, { method = 'GET', headers = {}, body } = {}) {
  const target = new URL(url);
  return new Promise((done, fail) => {
    const call = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        localAddress: `127.0.0.${2 + (index % CLIENTS)}`,
        agent: false,
      },
      (reply) => {
        const chunks = [];
        reply.on('data', (chunk) => chunks.push(chunk));
        reply.once('error', fail);
        reply.once('end', () =>
          done({ status: reply.statusCode ?? 0, arrayBuffer: async () => Buffer.concat(chunks) }),
        );
      },
    );
    call.once('error', fail);
    call.end(body);
  });
}

/** `count` calls at once; resolves with the time until the last reply, and the statuses seen. */
async function burst(count, call) {
  const statuses = new Map();
  const { ms } = await timed(() =>
    Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const reply = await call(index);
        await reply.arrayBuffer();
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }),
    ),
  );
  return { ms, statuses };
}

/**
 * 200 concurrent small reads against 200 concurrent invitations (each a write that is answered
 * only once on disk), median of ROUNDS rounds, each from the seed.
 */
export async function measureConcurrency(
  base,
  notes,
  { count = CONCURRENT, rounds = ROUNDS, cpu = () => undefined } = {},
) {
  const reads = [];
  const invites = [];
  const cpuOf = async (fn) => {
    const before = cpu();
    const result = await fn();
    const after = cpu();
    return {
      ...result,
      cpuMs: before === undefined || after === undefined ? undefined : after - before,
    };
  };
  const readsCpu = [];
  const invitesCpu = [];
  // The ratio of each round (reads and invitations back to back), so that a load that comes and
  // goes on the machine weighs on both sides of it.
  const ratios = [];
  // Round 0 warms the JIT up and is not counted.
  for (let round = 0; round <= rounds; round += 1) {
    await reset(base);
    const headers = await signIn(base);
    const read = await cpuOf(() =>
      burst(count, (index) => fromClient(index, `${base}/api/v1/users/`, { headers })),
    );
    const invite = await cpuOf(() =>
      burst(count, (index) =>
        fromClient(index, `${base}/api/v1/tenants/invite-users/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: `Bench ${index}`,
            email: `bench.${round}.${index}@acme-cloud.com`,
            role: 'user',
          }),
        }),
      ),
    );
    for (const [what, { statuses }, ok] of [
      ['reads', read, 200],
      ['invites', invite, 201],
    ])
      for (const [status, times_] of statuses)
        if (status !== ok) notes.push(`${what}: ${times_} answered ${status}`);
    if (round === 0) continue;
    reads.push(read.ms);
    invites.push(invite.ms);
    ratios.push(invite.ms / read.ms);
    if (read.cpuMs !== undefined && invite.cpuMs !== undefined) {
      readsCpu.push(read.cpuMs);
      invitesCpu.push(invite.cpuMs);
    }
  }
  await reset(base);
  return {
    readsMs: Math.round(median(reads)),
    invitesMs: Math.round(median(invites)),
    invitesPerReads: Math.round(median(ratios) * 100) / 100,
    ...(readsCpu.length > 0 && {
      readsCpuMs: median(readsCpu),
      invitesCpuMs: median(invitesCpu),
      invitesPerReadsCpu:
        Math.round(median(readsCpu.map((ms, index) => invitesCpu[index] / ms)) * 100) / 100,
    }),
  };
}

/**
 * A sign-in sent while 200 bodies that are not JSON arrive at once from 200 clients (half with
 * trailing text, half cut short): the time until its answer. The door refuses them itself; before
 * it did, Prism never answered them and they held every connection to it (a sign-in took 29 s).
 */
async function measureMalformedFlood(base, notes) {
  const trailing = JSON.stringify({ email: 'a@b.c', password: 'x' }) + ' x';
  const cutShort = '{"email":"a@b.c","pass';
  const flood = Array.from({ length: CONCURRENT }, (_, index) =>
    fromClient(index, `${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: index % 2 ? trailing : cutShort,
    }),
  );
  // The sign-in goes once the flood is at the door: before the door judged JSON, Prism held
  // every connection to it by then.
  await sleep(300);
  const { ms } = await timed(() => signIn(base));
  const statuses = new Map();
  for (const reply of await Promise.all(flood))
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  for (const [status, count] of statuses)
    if (status !== 400) notes.push(`malformed bodies: ${count} answered ${status}`);
  return Math.round(ms);
}

/** Starts a stack of its own on `port`, measures, stops it. */
export async function runSandboxBench({ port = 4591 } = {}) {
  const stack = await startStackProcess(port);
  const notes = [];
  try {
    const figures = { readyMs: Math.round(stack.readyMs) };
    const resets = [];
    for (let index = 0; index < 5; index += 1) {
      const { ms } = await timed(() => reset(stack.base));
      resets.push(ms);
    }
    figures.resetMs = round(median(resets));
    const headers = await signIn(stack.base);
    const syncMs = await measureSync(stack.base, headers, notes).catch((error) => {
      notes.push(`sync: ${error.message}`);
      return undefined;
    });
    if (syncMs !== undefined) figures.syncMs = Math.round(syncMs);
    Object.assign(figures, await measureCalls(stack.base, headers, notes));
    figures.malformedSignInMs = await measureMalformedFlood(stack.base, notes);
    Object.assign(figures, await measureConcurrency(stack.base, notes, { cpu: stack.cpu }));
    const violations = await (await fetch(`${stack.base}/api/sandbox/violations`)).json();
    figures.violations = violations.length;
    const operations = [...new Set(violations.map((exchange) => exchange.operation))];
    if (operations.length > 0)
      notes.push(`${violations.length} exchange(s) broke the contract: ${operations.join(', ')}`);
    return { figures, notes };
  } finally {
    stack.stop();
  }
}

/** The sandbox server alone (`tests/sandbox/server.ts`, no Prism, no front door): the concurrency figures. */
async function runDirectConcurrency() {
  const dataDir = mkdtempSync(join(tmpdir(), 'acebridge-sandbox-direct-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/sandbox/server.ts', '--port', '0', '--fresh'],
    {
      cwd: root,
      env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_ACCESS_TTL: '3600' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const base = await new Promise((done, fail) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const url = /sandbox on (http:\/\/\S+)/.exec(output)?.[1];
        if (url) done(url);
      });
      child.once('exit', (code) => fail(new Error(`The sandbox exited (${code}):\n${output}`)));
    });
    const notes = [];
    return {
      figures: await measureConcurrency(base, notes, { cpu: () => cpuMs({ pid: child.pid }) }),
      notes,
    };
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { figures, notes } = process.argv.includes('--direct')
    ? await runDirectConcurrency()
    : await runSandboxBench();
  let over = false;
  for (const [key, value] of Object.entries(figures)) {
    const budget = SANDBOX_BUDGETS.find(([path]) => path === `sandbox.${key}`);
    const fails = budget && value > budget[1];
    over ||= Boolean(fails);
    console.log(
      `sandbox.${key.padEnd(18)} ${String(value).padStart(8)}${budget ? `  ≤ ${budget[1]}` : ''}${fails ? '  OVER BUDGET' : ''}`,
    );
  }
  const missing = SANDBOX_BUDGETS.filter(
    ([path]) => figures[path.slice('sandbox.'.length)] === undefined,
  );
  for (const note of notes) console.log(`  note: ${note}`);
  if (process.argv.includes('--check') && (over || missing.length > 0)) process.exit(1);
}
