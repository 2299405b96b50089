// @vitest-environment node
/**
 * The fault test of the sandbox's store: the real server as a child process, N concurrent writes,
 * a SIGKILL right after the last acknowledgement or in the middle of the writes, a restart on the
 * same data directory, and every acknowledged write must be there (a reply is sent only once its
 * change is on disk: store.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { buildSeed, DEMO_PASSWORD } from './seed/seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DANA = 'dana.whitfield@acme-cloud.com';
const WRITES = 50;

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts `tests/sandbox/server.ts` on a free port; resolves with its URL once it listens. */
function startServer(
  dataDir: string,
  fresh: boolean,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/sandbox/server.ts', '--port', '0', ...(fresh ? ['--fresh'] : [])],
    {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_SYNC_DELAY_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /sandbox on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}):\n${output}`)));
  });
}

/**
 * Starts the server where it should refuse to: resolves with its exit code and all it printed
 * (on 'close', once its output is read to the end). One that starts anyway is killed.
 */
function refusedStart(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/sandbox/server.ts', '--port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('sandbox on ')) child.kill('SIGKILL');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function signIn(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DANA, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { authorization: `Bearer ${access}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
}

/**
 * Invites from `workers` clients at once, each sending its next invitation as soon as its last one
 * is answered, until the server dies: it is SIGKILLed as the `killAfter`th acknowledgement
 * arrives, so that other invitations are always in flight then, some half written. (A fixed burst
 * could be acknowledged whole before the kill lands, on a fast disk, and test nothing.) Restarts
 * it on the same data and returns the acknowledged addresses, how many were in flight at the kill,
 * and the addresses the restarted server lists. `once`: each client sends one invitation only.
 */
async function inviteThenKill(
  killAfter: number,
  workers: number,
  { once = false } = {},
): Promise<{ acknowledged: string[]; unanswered: number; kept: Set<string> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-fault-'));
  dataDirs.push(dataDir);
  const first = await startServer(dataDir, true);
  const headers = await signIn(first.url);

  const acknowledged: string[] = [];
  let unanswered = 0;
  let sent = 0;
  let dead = false;
  const killed = new Promise((resolve) => first.child.once('exit', resolve));
  void killed.then(() => (dead = true));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!dead) {
        const index = sent++;
        const email = `fault.${index}@acme-cloud.com`;
        const reply = await fetch(`${first.url}/api/v1/tenants/invite-users/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: `Fault ${index}`, email, role: 'user' }),
        }).catch(() => undefined); // in flight when the server died: never acknowledged
        if (reply?.status === 201) acknowledged.push(email);
        else unanswered += 1;
        if (acknowledged.length === killAfter) first.child.kill('SIGKILL');
        if (once) break;
      }
    }),
  );
  await killed;

  const second = await startServer(dataDir, false);
  const users = await fetch(`${second.url}/api/v1/users/`, { headers: await signIn(second.url) });
  const { results } = (await users.json()) as { results: Array<{ email: string }> };
  return { acknowledged, unanswered, kept: new Set(results.map((user) => user.email)) };
}

describe('the sandbox across a kill -9', () => {
  it(`loses none of ${WRITES} acknowledged concurrent invitations`, async () => {
    // One burst of WRITES, killed right after its last acknowledgement, with no time to write
    // anything more.
    const { acknowledged, kept } = await inviteThenKill(WRITES, WRITES, { once: true });
    expect(acknowledged).toHaveLength(WRITES);
    expect(acknowledged.filter((email) => !kept.has(email))).toEqual([]);
  }, 30_000);

  it('loses no acknowledged invitation when it dies with others still being written', async () => {
    // Twenty clients inviting without a pause, killed at the 30th acknowledgement.
    const { acknowledged, unanswered, kept } = await inviteThenKill(30, 20);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    expect(unanswered).toBeGreaterThan(0);
    expect(acknowledged.filter((email) => !kept.has(email))).toEqual([]);
  }, 30_000);
});

describe('the sandbox on a snapshot it cannot use', () => {
  it('stops at start on a snapshot of the wrong shape (not a 500 at sign-in), and --fresh keeps it aside', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-shape-'));
    dataDirs.push(dataDir);
    const file = join(dataDir, 'state.json');
    const state = buildSeed() as unknown as { users: Array<Record<string, unknown>> };
    delete state.users[0]!.email;
    const text = JSON.stringify(state);
    writeFileSync(file, text);

    const refused = await refusedStart(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The sandbox snapshot ${file} does not have the shape of the sandbox's state ($.users[0].email is missing). It was left as it is, and the sandbox did not start.`,
    );
    expect(refused.output).toContain('npm start -- --fresh');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('state.json'))).toEqual([
      'state.json',
    ]);

    const fresh = await startServer(dataDir, true);
    await signIn(fresh.url);
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('state.json.before-fresh-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dataDir, kept[0]!), 'utf8')).toBe(text);
  }, 30_000);
});
