import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The contract proxy end to end: a fake backend that breaks the contract, Prism in front of it,
// two requests, Ctrl-C, and the report.

let backend: Server;
let proxy: ChildProcess;
let output = '';
let proxyPort = 0;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The login reply lacks `refresh` and most of `user`; the users list is as the contract says.
  backend = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/v1/auth/login/')) {
      res.end(JSON.stringify({ user: { id: 1 }, access: 'a' }));
    } else {
      res.end(JSON.stringify({ results: [] }));
    }
  });
  const backendPort = await listen(backend);
  proxyPort = await freePort();
  proxy = spawn(process.execPath, ['tests/contract/contract-proxy.mjs'], {
    env: {
      ...process.env,
      BACKEND_URL: `http://127.0.0.1:${backendPort}`,
      PROXY_PORT: String(proxyPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxy.stdout?.on('data', (chunk) => (output += String(chunk)));
  proxy.stderr?.on('data', (chunk) => (output += String(chunk)));
  await until(() => output.includes('Contract proxy on'), 'the proxy to start');
}, 120_000);

afterAll(async () => {
  if (proxy.exitCode === null) proxy.kill('SIGKILL');
  await new Promise((resolve) => backend.close(resolve));
});

describe('contract proxy', { timeout: 120_000 }, () => {
  it('reports each exchange that breaks the contract as it happens, and a summary on Ctrl-C', async () => {
    const base = `http://127.0.0.1:${proxyPort}`;
    // Refused before Prism sees it (it would exit), and not counted as an exchange.
    const deep = await fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      detail: 'The request body is nested deeper than 64 levels.',
    });
    // The same door as the sandbox stack's: a charset other than UTF-8 (Prism would decode it,
    // past the depth scan), and a Host that is not this machine's (DNS rebinding), are refused.
    const utf7 = await fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-7' },
      body: `+${Buffer.from('{"a":'.repeat(100), 'utf16le').swap16().toString('base64').replace(/=+$/, '')}-`,
    });
    expect(utf7.status).toBe(415);
    // JSON that does not parse, which Prism would never answer: refused at once.
    const started = performance.now();
    const malformed = await fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"dana@acme.test","password":"secret"} x',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      detail:
        'The request body is not valid JSON: unexpected non-whitespace character after JSON at position 47.',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    const rebound = await new Promise<number>((done, fail) => {
      request(`${base}/api/v1/users/`, { headers: { host: 'attacker.example' } })
        .once('response', (reply) => done(reply.resume().statusCode ?? 0))
        .once('error', fail)
        .end();
    });
    expect(rebound).toBe(421);
    const login = await fetch(`${base}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dana@acme.test', password: 'secret' }),
    });
    // --errors: the broken response reaches the app as Prism's 500.
    expect(login.status).toBe(500);
    const users = await fetch(`${base}/api/v1/users/`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(users.status).toBe(200);
    expect(await users.json()).toEqual({ results: [] });

    await until(() => output.includes('VIOLATION POST /api/v1/auth/login/'), 'the report');
    expect(output).toMatch(/response\.body: .*'refresh'/);
    expect(output).not.toMatch(/VIOLATION GET \/api\/v1\/users\//);

    const exited = new Promise((resolve) => proxy.once('exit', resolve));
    proxy.kill('SIGINT');
    await exited;
    expect(output).toMatch(
      /Contract proxy summary: 2 request\(s\), 1 with violations, \d+ violation\(s\)\.\n {2}POST \/api\/v1\/auth\/login\/ \(login\)\n/,
    );
  });
});
