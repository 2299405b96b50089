import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createFrontDoor, createViolationRecorder } from '../sandbox/front-door.mjs';
import { freePort, waitForPort } from './contract-proxy.mjs';
import {
  createDepthScanner,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  readGuardedBody,
  supervise,
  type Supervised,
} from './door-guard.mjs';

// The guard and the supervisor that keep the doors in front of Prism standing (the sandbox
// stack's front door and `npm run proxy`): the depth scan, the size limit, and the front door with
// a stand-in for Prism that dies as Prism does on a deep body, killed and restarted.

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const scan = (...chunks: string[]) => {
  const scanner = createDepthScanner();
  return chunks.every((chunk) => scanner.push(Buffer.from(chunk)));
};

describe('the depth scan', () => {
  it('refuses a body nested 5,000 deep (30 KB), objects or arrays', () => {
    expect(nested(5_000).length).toBeGreaterThan(30_000);
    expect(scan(nested(5_000))).toBe(false);
    expect(scan(`${'['.repeat(5_000)}${']'.repeat(5_000)}`)).toBe(false);
  });

  it('accepts 64 levels and refuses 65', () => {
    expect(MAX_BODY_DEPTH).toBe(64);
    expect(scan(nested(64))).toBe(true);
    expect(scan(nested(65))).toBe(false);
    expect(scan(`[${nested(63)}]`)).toBe(true);
    expect(scan(`[${nested(64)}]`)).toBe(false);
  });

  it('counts depth, not brackets: siblings do not add up', () => {
    expect(scan(JSON.stringify(Array.from({ length: 1_000 }, () => ({ a: [1, [2]] }))))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(scan(JSON.stringify({ policy: '['.repeat(5_000) }))).toBe(true);
    expect(scan(JSON.stringify({ policy: `\\"${'{'.repeat(100)}"\\` }))).toBe(true);
    expect(scan(`{"a":"\\\\"${'['.repeat(65)}`)).toBe(false);
  });

  it('keeps its place across chunks (a string or an escape split in two)', () => {
    const body = JSON.stringify({ a: `x\\"${'['.repeat(100)}`, b: [[1]] });
    const cuts = [3, 8, 9, 10, 40];
    const chunks = cuts.map((cut, i) => body.slice(cuts[i - 1] ?? 0, cut));
    expect(scan(...chunks, body.slice(40))).toBe(true);
    expect(scan('[[[', ...Array.from({ length: 62 }, () => '['))).toBe(false);
  });
});

describe('the size limit', () => {
  let server: Server;
  let url = '';
  const seen: number[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readGuardedBody(req, res);
      if (!body) return;
      seen.push(body.length);
      res.end('ok');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('lets 2 MiB through: the largest legitimate body, a 1 MB policy file, fits', async () => {
    expect(MAX_BODY_BYTES).toBe(2 * 1024 * 1024);
    const reply = await fetch(url, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES) });
    expect(reply.status).toBe(200);
    expect(seen).toContain(MAX_BODY_BYTES);
  });

  it('refuses a byte more with a 413 in the contract error shape, declared length or not', async () => {
    const declared = await fetch(url, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('content-type')).toBe('application/json');
    expect(await declared.json()).toEqual({
      detail: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
    // Chunked, no length: refused once the bytes read pass the limit.
    const chunk = new Uint8Array(256 * 1024).fill(120);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 9; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    // Node's fetch needs `duplex` for a streamed body; the DOM's RequestInit type lacks it.
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: stream, duplex: 'half' };
    const streamed = await fetch(url, init);
    expect(streamed.status).toBe(413);
    expect(seen.every((length) => length <= MAX_BODY_BYTES)).toBe(true);
  });
});

// Stands in for Prism: exits (as Prism's proxy overflows its stack) on a body nested deeper than
// the guard allows, answers a login otherwise.
const FAKE_PRISM = `
const port = Number(process.argv[1]);
require('node:http').createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    let depth = 0, deepest = 0;
    for (const c of body) { if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth); if (c === '}' || c === ']') depth--; }
    if (deepest > 64 || req.headers['x-die']) process.exit(70);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ access: 'a', refresh: 'r', via: req.url }));
  });
}).listen(port, '127.0.0.1');
`;

describe('the front door with a Prism that dies', { timeout: 20_000 }, () => {
  let sandbox: Server;
  let door: Server;
  let prism: Supervised;
  let base = '';
  const printed: string[] = [];
  const fatal: Error[] = [];

  beforeAll(async () => {
    sandbox = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((done) => sandbox.listen(0, '127.0.0.1', done));
    const port = await freePort();
    prism = supervise({
      name: 'Prism (proxy)',
      port,
      start: () => {
        const child = spawn(process.execPath, ['-e', FAKE_PRISM, String(port)], {
          stdio: 'ignore',
        });
        return { child, output: () => '' };
      },
      waitReady: (child: ChildProcess) => waitForPort(port, { child }),
      print: (line) => printed.push(line),
      onFatal: (error) => fatal.push(error),
    });
    await prism.ready;
    const recorder = createViolationRecorder({ doc: {}, print: () => {} });
    const sandboxPort = (sandbox.address() as AddressInfo).port;
    door = createServer(createFrontDoor({ sandboxPort, proxy: prism, mock: prism, recorder }));
    await new Promise<void>((done) => door.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(door.address() as AddressInfo).port}`;
  }, 20_000);

  afterAll(async () => {
    await prism?.stop();
    await new Promise((done) => door?.close(done));
    await new Promise((done) => sandbox.close(done));
  });

  const login = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses the 5,000-deep login body with a 400 before Prism sees it; logins still work', async () => {
    const child = prism.child();
    const refused = await login(nested(5_000), { origin: 'http://127.0.0.1:8080' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(await refused.json()).toEqual({
      detail: 'The request body is nested deeper than 64 levels.',
    });

    const ok = await login(JSON.stringify({ email: 'dana@acme.test', password: 'secret' }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ access: 'a', refresh: 'r', via: '/api/v1/auth/login/' });
    expect(prism.child()).toBe(child);
    expect(child.exitCode).toBeNull();
    expect(printed).toEqual([]);
  });

  it('answers 503 with Retry-After while a killed Prism restarts, then works again', async () => {
    const child = prism.child();
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;

    const down = await login('{}');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    expect(await down.json()).toEqual({
      detail: 'Prism (proxy) is restarting; try again in a second.',
    });
    expect(printed.join('\n')).toMatch(
      /Prism \(proxy\) stopped \(signal SIGKILL\); restarting it in 250 ms \(restart 1 of at most 5 a minute\)/,
    );

    const deadline = Date.now() + 10_000;
    while (!prism.up && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    const back = await login('{}');
    expect(back.status).toBe(200);
    expect(prism.child()).not.toBe(child);
    expect(printed.join('\n')).toMatch(/Prism \(proxy\) is back \(ready in \d+ ms\)/);
    expect(fatal).toEqual([]);
  });

  it('answers 503 to the exchange a Prism dies in, and restarts it again', async () => {
    const child = prism.child();
    const exited = once(child, 'exit');
    const died = await login('{}', { 'x-die': '1' });
    expect(died.status).toBe(503);
    expect(died.headers.get('retry-after')).toBe('1');
    expect(await died.json()).toEqual({
      detail: 'Prism (proxy) did not answer (it restarts); try again in a second.',
    });
    await exited;
    const deadline = Date.now() + 10_000;
    while (!prism.up && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    expect((await login('{}')).status).toBe(200);
    expect(printed.join('\n')).toMatch(
      /Prism \(proxy\) stopped \(exit code 70\); restarting it in 500 ms \(restart 2 of at most 5 a minute\)/,
    );
  });
});

describe('the supervisor', () => {
  it('gives up, naming the process and its exits, when it stops too often within a minute', async () => {
    const port = await freePort();
    const printed: string[] = [];
    let resolve: (error: Error) => void = () => {};
    const gaveUp = new Promise<Error>((done) => (resolve = done));
    // Listens, then exits with code 3 a moment later: every time.
    const script = `require('node:http').createServer().listen(${port}, '127.0.0.1', () => setTimeout(() => process.exit(3), 500));`;
    const prism = supervise({
      name: 'Prism (mock)',
      port,
      start: () => ({
        child: spawn(process.execPath, ['-e', script], { stdio: 'ignore' }),
        output: () => 'last words',
      }),
      waitReady: (child) => waitForPort(port, { child }),
      print: (line) => printed.push(line),
      onFatal: (error) => resolve(error),
      maxRestarts: 1,
    });
    await prism.ready;
    const error = await gaveUp;
    expect(error.message).toMatch(
      /^Prism \(mock\) stopped 2 times within a minute \(the last: exit code 3\); not restarting it again\. Its last output:\nlast words/,
    );
    expect(printed).toEqual([
      expect.stringMatching(/Prism \(mock\) stopped \(exit code 3\); restarting it in 250 ms/),
      expect.stringMatching(/Prism \(mock\) is back/),
    ]);
    expect(prism.up).toBe(false);
    await prism.stop();
  }, 10_000);
});
