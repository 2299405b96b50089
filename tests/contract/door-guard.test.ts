import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createFrontDoor, createViolationRecorder } from '../sandbox/front-door.mjs';
import { freePort, loadContract, waitForPort } from './contract-proxy.mjs';
import {
  bodyTypesOf,
  createDepthScanner,
  isLoopbackHost,
  judgeBodyType,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  normaliseTarget,
  readGuardedBody,
  supervise,
  type Supervised,
} from './door-guard.mjs';
import { supervisedStandIn } from './prism-stand-in';

// The guard and the supervisor that keep the doors in front of Prism standing (the sandbox
// stack's front door and `npm run proxy`): the depth scan, the body types, the size limit, the
// request line (Host, path), and the front door with a stand-in for Prism that dies as Prism does
// on a deep body, killed and restarted. The attacks themselves, end to end, are in
// tests/security/front-door.test.ts.

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

  it('reads text as it reads UTF-8 bytes', () => {
    const scanner = createDepthScanner();
    expect(scanner.push(`{"ü":"∀",${'['.repeat(64)}`)).toBe(false);
    expect(createDepthScanner().push(`{"ü":"∀","a":${'['.repeat(63)}`)).toBe(true);
  });
});

describe('the body types', () => {
  const json = { json: new Set(['application/json']), multipart: false };
  const withMultipart = { ...json, multipart: true };
  const judge = (headers: Record<string, string>, accepts = json) =>
    judgeBodyType(headers, accepts);

  it('takes JSON in UTF-8: no charset, or utf-8 in any case, quoted or not', () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
    ])
      expect(judge({ 'content-type': type })).toEqual({ kind: 'json' });
    expect(judge({ 'content-type': 'application/json', 'content-encoding': 'identity' })).toEqual({
      kind: 'json',
    });
  });

  it('refuses any other charset, type or encoding with a 415 that names what it got', () => {
    for (const type of [
      'application/json; charset=utf-7',
      'application/json; charset=utf-16le',
      'application/json; charset=utf-8; charset=utf-7',
      'application/json; charset',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ])
      expect(judge({ 'content-type': type })).toEqual({
        status: 415,
        detail: `The request body must be application/json, in UTF-8 (no charset, or charset=utf-8); this one has Content-Type: ${type}.`,
      });
    expect(judge({})).toMatchObject({ status: 415, detail: /this one has no Content-Type\.$/ });
    expect(judge({ 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual({
      status: 415,
      detail:
        'A compressed request body (Content-Encoding: gzip) is not accepted; send it uncompressed.',
    });
  });

  it('takes multipart/form-data only where it is allowed, and with a boundary', () => {
    expect(judge({ 'content-type': 'multipart/form-data; boundary=b1' }, withMultipart)).toEqual({
      kind: 'multipart',
      boundary: 'b1',
    });
    expect(judge({ 'content-type': 'multipart/form-data' }, withMultipart)).toMatchObject({
      status: 400,
    });
    expect(judge({ 'content-type': 'text/plain' }, withMultipart)).toMatchObject({
      status: 415,
      detail: /must be application\/json or multipart\/form-data/,
    });
  });

  it('reads from the contract: multipart for addPolicy only, JSON everywhere', () => {
    const types = bodyTypesOf(loadContract());
    expect([...types.json]).toEqual(['application/json']);
    expect(types.multipart('POST', '/api/v1/tenants/add-policy/')).toBe(true);
    expect(types.multipart('POST', '/api/v1/tenants/add-policy/?x=1')).toBe(true);
    expect(types.multipart('POST', '/api/v1/auth/login/')).toBe(false);
    expect(types.multipart('GET', '/api/v1/tenants/add-policy/')).toBe(false);
    expect(types.multipart('POST', '/api/sandbox/reset')).toBe(false);
  });
});

describe('the request line', () => {
  it('knows this machine by 127.0.0.1, localhost, [::1] and names under .localhost, any port', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:4010',
      'localhost',
      'LOCALHOST:5173',
      '[::1]:4010',
      'acme.localhost:4010',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      undefined,
      '',
      'attacker.example',
      'attacker.example:4010',
      '127.0.0.1.attacker.example',
      'localhost.attacker.example',
      'evil-localhost',
      '127.0.0.2',
      '[::2]',
      '0.0.0.0',
      '127.0.0.1@attacker.example',
      'localhost:4010:1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('normalises `..`, `%2e%2e`, `./..` and `\\`, and keeps the query as it came', () => {
    for (const target of [
      '/api/sandbox/../v1/auth/login/',
      '/api/sandbox/%2e%2e/v1/auth/login/',
      '/api/sandbox/%2E%2E/v1/auth/login/',
      '/api/sandbox/.%2e/v1/auth/login/',
      '/api/sandbox/./../v1/auth/login/',
      '/api/sandbox\\..\\v1/auth/login/',
      '/api/./sandbox/../../api/v1/auth/login/',
      '/../../api/v1/auth/login/',
    ])
      expect(normaliseTarget(target), target).toEqual({
        path: '/api/v1/auth/login/',
        url: '/api/v1/auth/login/',
      });
    expect(normaliseTarget('/api/v1/users/?page=2&q=a%2Fb')).toEqual({
      path: '/api/v1/users/',
      url: '/api/v1/users/?page=2&q=a%2Fb',
    });
  });

  it('refuses what servers could read two ways: %2F, %5C, `//`, a broken `%`, no path', () => {
    for (const target of [
      '/api/sandbox/..%2fv1/auth/login/',
      '/api/sandbox/%2E%2E%2Fv1/auth/login/',
      '/api/sandbox/..%5Cv1/auth/login/',
      '//api/v1/auth/login/',
      '/api//sandbox/outbox',
      '/api/v1/users/%zz/',
      'http://attacker.example/api/v1/auth/login/',
      '*',
      '',
    ])
      expect(normaliseTarget(target), target).toHaveProperty('detail');
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

  const json = { 'content-type': 'application/json' };

  it('lets 2 MiB through: the largest legitimate body, a 1 MB policy file, fits', async () => {
    expect(MAX_BODY_BYTES).toBe(2 * 1024 * 1024);
    // A JSON string, quotes included, of exactly that many bytes.
    const reply = await fetch(url, {
      method: 'POST',
      headers: json,
      body: `"${'x'.repeat(MAX_BODY_BYTES - 2)}"`,
    });
    expect(reply.status).toBe(200);
    expect(seen).toContain(MAX_BODY_BYTES);
  });

  it('refuses a byte more with a 413 in the contract error shape, declared length or not', async () => {
    const declared = await fetch(url, {
      method: 'POST',
      headers: json,
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
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
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    };
    const streamed = await fetch(url, init);
    expect(streamed.status).toBe(413);
    expect(seen.every((length) => length <= MAX_BODY_BYTES)).toBe(true);
  });

  it('refuses a body that is not UTF-8 with a 400, wherever the bad byte falls', async () => {
    for (const body of [
      Buffer.from([0x7b, 0xff, 0x7d]),
      // A multi-byte character cut off at the end.
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from('€').subarray(0, 2)]),
    ]) {
      const reply = await fetch(url, { method: 'POST', headers: json, body });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ detail: 'The request body is not valid UTF-8.' });
    }
    const fine = await fetch(url, { method: 'POST', headers: json, body: '{"a":"€ü∀"}' });
    expect(fine.status).toBe(200);
  });

  it('refuses JSON that does not parse with a 400 naming where, quoting none of it', async () => {
    for (const [body, problem] of [
      ['{"password":"hunter2"} x', 'unexpected non-whitespace character after JSON at position 23'],
      ['{"password":"hunt', 'unterminated string at position 17'],
      ['{"password":hunter2}', 'an unexpected character, or a misspelt true, false or null'],
      [
        '\ufeff{"password":"hunter2"}',
        'it starts with a byte order mark (U+FEFF), which JSON sent over a network must not carry',
      ],
      ['  ', 'it ends before its value does (cut short, or only white space)'],
    ]) {
      const reply = await fetch(url, { method: 'POST', headers: json, body });
      expect(reply.status, body).toBe(400);
      expect(await reply.json()).toEqual({
        detail: `The request body is not valid JSON: ${problem}.`,
      });
    }
    // An empty body passes, as it did (Prism answers it), and JSON that parses.
    const empty = await fetch(url, { method: 'POST', headers: json });
    expect(empty.status).toBe(200);
    const fine = await fetch(url, { method: 'POST', headers: json, body: '{"a":[1,2]}' });
    expect(fine.status).toBe(200);
  });

  it('lets a request without a body through whatever its Content-Type', async () => {
    const reply = await fetch(url, {
      method: 'DELETE',
      headers: { 'content-type': 'text/plain; charset=utf-7', 'content-encoding': 'gzip' },
    });
    expect(reply.status).toBe(200);
  });
});

describe('a multipart body', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readGuardedBody(req, res, {
        accepts: { json: new Set(['application/json']), multipart: true },
      });
      if (body) res.end('ok');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  const send = (parts: string[]) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b0' },
      body: `${parts.map((part) => `--b0\r\n${part}\r\n`).join('')}--b0--\r\n`,
    });
  const field = (name: string, value: string) =>
    `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

  it('passes a policy file and its fields', async () => {
    const policy = JSON.stringify({ Version: '2012-10-17', Statement: [{ Action: ['a:b'] }] });
    expect((await send([field('account_id', '123'), field('file', policy)])).status).toBe(200);
  });

  it('scans each part on its own: a stray quote in one field hides no brackets in the next', async () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    const refused = await send([field('note', 'say "hi'), field('file', deep)]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      detail: `The request body is nested deeper than ${MAX_BODY_DEPTH} levels.`,
    });
    const hidden = await send([
      `Content-Disposition: form-data; name="file"; filename="a\\"\r\n\r\n${deep}`,
    ]);
    expect(hidden.status).toBe(400);
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
      /Prism \(proxy\) stopped \(signal SIGKILL\); restarting it in 250 ms \(restart 1 in a row\)/,
    );

    const deadline = Date.now() + 10_000;
    while (!prism.up && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    const back = await login('{}');
    expect(back.status).toBe(200);
    expect(prism.child()).not.toBe(child);
    expect(printed.join('\n')).toMatch(/Prism \(proxy\) is back \(ready in \d+ ms\)/);
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
      /Prism \(proxy\) stopped \(exit code 70\); restarting it in 500 ms \(restart 2 in a row\)/,
    );
  });
});

describe('the supervisor', () => {
  /** A stand-in for Prism (prism-stand-in.ts), supervised as the mock is. */
  const stand = (script: string, options: Partial<Parameters<typeof supervise>[0]> = {}) =>
    supervisedStandIn(script, options, { name: 'Prism (mock)' });

  it('doubles its wait with each restart in a row up to the cap, and calls a loop a loop', async () => {
    // Started once; from then on, each start listens and exits with code 3 a moment later.
    const { prism, printed } = await stand(
      `require('node:http').createServer().listen(port, '127.0.0.1', () => { if (nth > 1) setTimeout(() => process.exit(3), 100); });`,
      { backoff: { firstMs: 10, maxMs: 40 } },
    );
    await prism.ready;
    prism.child().kill('SIGKILL');
    const stops = () => printed.filter((line) => line.includes('stopped'));
    const deadline = Date.now() + 15_000;
    while (stops().length < 6 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 50));
    await prism.stop();
    const waits = stops()
      .slice(0, 6)
      .map((line) => /restarting it in (\d+) ms \(restart (\d+) in a row\)/.exec(line)?.slice(1));
    expect(waits).toEqual([
      ['10', '1'],
      ['20', '2'],
      ['40', '3'],
      ['40', '4'],
      ['40', '5'],
      ['40', '6'],
    ]);
    expect(printed.join('\n')).toMatch(
      /Prism \(mock\) keeps stopping\. It is restarted again and again, at most 0\.04 s apart, and the API answers 503 with Retry-After until it stays up\. Its last output:\nits last words/,
    );
  }, 20_000);

  it('does not retry a first start that fails: `ready` fails', async () => {
    const { prism, printed, starts } = await stand('process.exit(2);');
    await expect(prism.ready).rejects.toThrow('Prism stopped before it was ready.');
    await new Promise((done) => setTimeout(done, 300));
    expect(starts()).toBe(1);
    expect(printed).toEqual([]);
    await prism.stop();
  });
});
