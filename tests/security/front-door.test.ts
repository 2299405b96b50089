// @vitest-environment node
/**
 * The front door holds (tests/sandbox/front-door.mjs, tests/contract/door-guard.mjs): the attacks
 * an adversarial run found against `npm run sandbox`, each replayed. Stand-ins for Prism and the
 * sandbox where they show the attack as well as the real ones; the real stack (real Prism, the
 * real sandbox in memory) only for what only Prism shows: it decodes a body by the charset the
 * request names, and waits for ever on a compressed one.
 */
import { type ChildProcess } from 'node:child_process';
import {
  createServer,
  request,
  type ClientRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import { type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createDepthScanner, type supervise, type Supervised } from '../contract/door-guard.mjs';
import { supervisedStandIn } from '../contract/prism-stand-in';
import { createFrontDoor, createViolationRecorder } from '../sandbox/front-door.mjs';
import { startStack, type RunningStack } from '../sandbox/stack.mjs';
import { close, listen, send, sleep, type Reply } from './door-client';

const DANA = 'dana.whitfield@acme-cloud.com';
const LOGIN = '/api/v1/auth/login/';
const JSON_TYPE = { 'content-type': 'application/json' };
/** A stand-in server that records what reaches it and answers as `answer` says. */
function recordingServer(
  via: string,
  answer: (req: { url: string; headers: IncomingHttpHeaders }) => 'answer' | 'stall' = () =>
    'answer',
) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  /** The connections of the requests it never answers, while they are open. */
  const stalled = new Set<Socket>();
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    seen.push({ url, headers: req.headers });
    req.resume();
    if (answer({ url, headers: req.headers }) === 'stall') {
      stalled.add(req.socket);
      req.socket.once('close', () => stalled.delete(req.socket));
      return;
    }
    req.once('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ via, url }));
    });
  });
  return { server, seen, stalled };
}

describe('an operation the sandbox has no handler for', () => {
  it('is answered 501 by the door, saying what to add, and recorded as a violation; a Prefer header still reaches the mock', async () => {
    const prism = recordingServer('prism');
    const prismPort = await listen(prism.server);
    const routed = { name: 'Prism (proxy)', port: prismPort, up: true };
    const recorder = createViolationRecorder({ doc: {}, print: () => {} });
    const detail =
      "getActivityCount (GET /api/v1/activity/count/) is in openapi.yaml, but the sandbox has no handler for it: add `operation(app, 'get', '/api/v1/activity/count/', (call) => ...)` to tests/sandbox/handlers/activity.ts";
    const door = createServer(
      createFrontDoor({
        sandboxPort: prismPort,
        proxy: routed,
        mock: routed,
        recorder,
        unserved: () => [{ method: 'GET', path: '/api/v1/activity/{kind}/', detail }],
      }),
    );
    const doorPort = await listen(door);
    try {
      const reply = await send(doorPort, { path: '/api/v1/activity/count/' });
      expect(reply.status).toBe(501);
      expect(JSON.parse(reply.text)).toEqual({ detail });
      expect(prism.seen).toEqual([]);
      expect(recorder.list()).toMatchObject([
        { method: 'GET', status: 501, violations: [{ location: 'response', message: detail }] },
      ]);
      const mocked = await send(doorPort, {
        path: '/api/v1/activity/count/',
        headers: { prefer: 'code=200' },
      });
      expect(mocked.status).toBe(200);
      expect(
        await send(doorPort, { method: 'POST', path: '/api/v1/activity/count/' }),
      ).toMatchObject({ status: 200 });
    } finally {
      await close(door);
      await close(prism.server);
    }
  });
});

describe('the front door, with stand-ins for Prism and the sandbox', () => {
  const prism = recordingServer('prism', ({ headers }) =>
    headers['x-stall'] ? 'stall' : 'answer',
  );
  const sandbox = recordingServer('sandbox');
  let door: Server;
  let doorPort = 0;
  // The same door with time limits of 2 s, for the tests of the limits (the others must not
  // pass by them: the defaults, 30 s for a body and 10 s for an answer, are past their deadlines).
  let hasty: Server;
  let hastyPort = 0;

  beforeAll(async () => {
    const prismPort = await listen(prism.server);
    const sandboxPort = await listen(sandbox.server);
    const routed = { name: 'Prism (proxy)', port: prismPort, up: true };
    const routes = {
      sandboxPort,
      proxy: routed,
      mock: routed,
      recorder: createViolationRecorder({ doc: {}, print: () => {} }),
      doorToken: 'the-door-secret',
    };
    door = createServer(createFrontDoor(routes));
    doorPort = await listen(door);
    hasty = createServer(createFrontDoor({ ...routes, timeoutMs: 2_000, answerTimeoutMs: 2_000 }));
    hastyPort = await listen(hasty);
  });

  afterEach(() => {
    prism.seen.length = 0;
    sandbox.seen.length = 0;
  });

  afterAll(async () => {
    await close(door);
    await close(hasty);
    await close(prism.server);
    await close(sandbox.server);
  });

  const login = JSON.stringify({ email: DANA, password: 'guess' });

  it.each([
    '/api/sandbox/../v1/auth/login/',
    '/api/sandbox/%2e%2e/v1/auth/login/',
    '/api/sandbox/%2E%2E/v1/auth/login/',
    '/api/sandbox/./../v1/auth/login/',
    '/api/sandbox/.%2e/v1/auth/login/',
    '/api/sandbox\\..\\v1/auth/login/',
  ])('sends %s through Prism as /api/v1/auth/login/, never to the sandbox', async (path) => {
    const reply = await send(doorPort, { method: 'POST', path, headers: JSON_TYPE, body: login });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ via: 'prism', url: LOGIN });
    expect(prism.seen.map((request) => request.url)).toEqual([LOGIN]);
    expect(sandbox.seen).toEqual([]);
  });

  it.each([
    '/api/sandbox/..%2fv1/auth/login/',
    '/api/sandbox/..%5Cv1/auth/login/',
    '/api//v1/auth/login/',
  ])(
    'refuses %s (a path the servers behind could split otherwise) with a 400, sending it nowhere',
    async (path) => {
      const reply = await send(doorPort, { method: 'POST', path, headers: JSON_TYPE, body: login });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ detail: expect.stringMatching(/is refused/) });
      expect([...prism.seen, ...sandbox.seen]).toEqual([]);
    },
  );

  it("still sends the sandbox's own routes to the sandbox", async () => {
    const reply = await send(doorPort, { path: '/api/sandbox/outbox' });
    expect(JSON.parse(reply.text)).toEqual({ via: 'sandbox', url: '/api/sandbox/outbox' });
  });

  it.each(['attacker.example', 'attacker.example:4010', '127.0.0.1.attacker.example'])(
    'refuses Host: %s (DNS rebinding) with a 421 naming the rule, sending it nowhere',
    async (host) => {
      const reply = await send(doorPort, { path: '/api/sandbox/outbox', headers: { host } });
      expect(reply.status).toBe(421);
      expect(JSON.parse(reply.text)).toEqual({
        detail: `This door answers requests addressed to this machine only (Host: 127.0.0.1, localhost, [::1] or a name under .localhost, any port), so that a web page whose own name was pointed here (DNS rebinding) cannot call it; Host: ${host} is not one.`,
      });
      expect([...prism.seen, ...sandbox.seen]).toEqual([]);
    },
  );

  it('vouches for the caller on every request it forwards, replacing what the client says', async () => {
    const spoofed = {
      'x-forwarded-for': '192.0.2.7',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
      'x-sandbox-door': 'a-guess',
      forwarded: 'for=192.0.2.7;host=attacker.example',
    };
    const host = `localhost:${doorPort}`;
    await send(doorPort, { path: '/api/sandbox/outbox', headers: { ...spoofed, host } });
    await send(doorPort, { path: '/api/v1/users/', headers: { ...spoofed, host } });
    for (const { headers } of [...sandbox.seen, ...prism.seen]) {
      expect(headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-host': host,
        'x-forwarded-proto': 'http',
        'x-sandbox-door': 'the-door-secret',
      });
      expect(headers.forwarded).toBeUndefined();
    }
    expect(sandbox.seen).toHaveLength(1);
    expect(prism.seen).toHaveLength(1);
  });

  it('ends the request to Prism when its client goes away: 100 abandoned, then a sign-in answers', async () => {
    const abandoned: ClientRequest[] = [];
    for (let index = 0; index < 100; index += 1) {
      const sent = request({
        host: '127.0.0.1',
        port: doorPort,
        method: 'POST',
        path: LOGIN,
        headers: { ...JSON_TYPE, 'x-stall': '1' },
        agent: false,
        // From 100 clients (127.0.0.0/8 is all this machine): one may have only 16 in flight.
        localAddress: `127.0.2.${1 + index}`,
      });
      sent.on('error', () => {});
      sent.end(login);
      abandoned.push(sent);
    }
    // Until the door has handed Prism all of them (it keeps as many connections as it needs).
    const handed = Date.now() + 10_000;
    while (prism.seen.length < 100 && Date.now() < handed) await sleep(20);
    expect(prism.seen).toHaveLength(100);
    for (const sent of abandoned) sent.destroy();

    const reply = await send(doorPort, {
      method: 'POST',
      path: LOGIN,
      headers: JSON_TYPE,
      body: login,
      deadlineMs: 10_000,
    });
    expect(reply.status).toBe(200);
    // And the door closed every connection it had opened to Prism for them.
    const closed = Date.now() + 10_000;
    while (prism.stalled.size > 0 && Date.now() < closed) await sleep(20);
    expect(prism.stalled.size).toBe(0);
  });

  it('answers 504 in the contract shape when Prism does not answer within the time limit', async () => {
    const reply = await send(hastyPort, {
      method: 'POST',
      path: LOGIN,
      headers: { ...JSON_TYPE, 'x-stall': '1' },
      body: login,
      deadlineMs: 10_000,
    });
    expect(reply.status).toBe(504);
    expect(JSON.parse(reply.text)).toEqual({ detail: 'Prism (proxy) did not answer within 2 s.' });
  });

  it('answers 408 to a body that does not arrive within the time limit', async () => {
    const reply = await new Promise<Reply>((done, fail) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port: hastyPort,
          method: 'POST',
          path: LOGIN,
          headers: { ...JSON_TYPE, 'content-length': '100' },
          agent: false,
        },
        (answer) => {
          let text = '';
          answer.on('data', (chunk) => (text += chunk));
          answer.on('end', () =>
            done({ status: answer.statusCode ?? 0, headers: answer.headers, text, ms: 0 }),
          );
        },
      );
      sent.once('error', fail);
      // 10 of the 100 bytes it announced, and then nothing.
      sent.write('{"email":');
      setTimeout(() => fail(new Error('no answer within 10 s (a hang)')), 10_000).unref();
    });
    expect(reply.status).toBe(408);
    expect(JSON.parse(reply.text)).toEqual({
      detail: 'The request body did not arrive within 2 s.',
    });
    expect(prism.seen).toEqual([]);
  });
});

// Stands in for Prism: answers every request (its liveness check included) at once.
const ANSWERING = `require('node:http').createServer((req, res) => {
  req.resume();
  res.setHeader('content-type', 'application/json');
  res.end('{"via":"prism"}');
}).listen(port, '127.0.0.1');`;

describe('the supervisor, with a stand-in for Prism', () => {
  const children: ChildProcess[] = [];
  const running: Supervised[] = [];
  const doors: Server[] = [];

  afterEach(async () => {
    await Promise.all(running.splice(0).map((prism) => prism.stop()));
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(doors.splice(0).map(close));
  });

  /** `script` runs with `port`, and `nth`: 1 for the first start, 2 for the next, and so on. */
  async function supervised(script: string, options: Partial<Parameters<typeof supervise>[0]>) {
    const { prism, port, printed } = await supervisedStandIn(script, options, {
      onChild: (child) => children.push(child),
    });
    running.push(prism);
    const door = createServer(
      createFrontDoor({
        sandboxPort: port,
        proxy: prism,
        mock: prism,
        recorder: createViolationRecorder({ doc: {}, print: () => {} }),
        timeoutMs: 2_000,
      }),
    );
    doors.push(door);
    const doorPort = await listen(door);
    const call = () => send(doorPort, { path: '/api/v1/users/', deadlineMs: 10_000 });
    return { prism, printed, call };
  }

  it('kills and restarts a Prism that stops answering (SIGSTOP), and the API answers again', async () => {
    const { prism, printed, call } = await supervised(ANSWERING, {
      liveness: { intervalMs: 100, timeoutMs: 200, misses: 2 },
      backoff: { firstMs: 50, maxMs: 50 },
    });
    await prism.ready;
    expect((await call()).status).toBe(200);
    const frozen = prism.child();
    process.kill(frozen.pid ?? 0, 'SIGSTOP');

    const deadline = Date.now() + 15_000;
    while ((prism.child() === frozen || !prism.up) && Date.now() < deadline) await sleep(50);
    expect(printed.join('\n')).toMatch(
      /Prism \(proxy\) did not answer its liveness check 2 times in a row \(200 ms each\); killing it \(SIGKILL\) to restart it\.\n.*Prism \(proxy\) stopped \(signal SIGKILL\); restarting it in 50 ms/,
    );
    expect(prism.child()).not.toBe(frozen);
    expect((await call()).status).toBe(200);
  }, 30_000);

  it('keeps answering 503 with Retry-After through a crash loop, and keeps restarting it', async () => {
    // Started once; from then on, each start listens and exits a moment later.
    const { prism, printed, call } = await supervised(
      `require('node:http').createServer((req, res) => res.end('{}')).listen(port, '127.0.0.1', () => { if (nth > 1) setTimeout(() => process.exit(3), 50); });`,
      { backoff: { firstMs: 20, maxMs: 100 } },
    );
    await prism.ready;
    prism.child().kill('SIGKILL');
    const restarts = () => printed.filter((line) => /stopped \(exit code 3\)/.test(line)).length;
    const refusals: Reply[] = [];
    // Past the 5 restarts a minute after which the supervisor used to give up for good.
    const deadline = Date.now() + 20_000;
    while (restarts() < 10 && Date.now() < deadline) {
      const reply = await call();
      if (reply.status === 503) refusals.push(reply);
      await sleep(20);
    }
    expect(restarts()).toBeGreaterThanOrEqual(10);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(refusal.text)).toEqual({
        detail: expect.stringMatching(/^Prism \(proxy\) (is restarting|did not answer)/),
      });
    }
    expect(printed.join('\n')).toMatch(
      /Prism \(proxy\) keeps stopping\. It is restarted again and again, at most 0\.1 s apart, and the API answers 503 with Retry-After until it stays up\. Its last output:\nits last words/,
    );
    // Still trying: the next exit is followed by another restart.
    const before = restarts();
    const more = Date.now() + 10_000;
    while (restarts() === before && Date.now() < more) await sleep(20);
    expect(restarts()).toBeGreaterThan(before);
  }, 40_000);
});

/** UTF-7 of text made only of characters UTF-7 shifts into base64 (`{`, `"`, `:` and the like). */
const utf7 = (text: string) =>
  `+${Buffer.from(text, 'utf16le').swap16().toString('base64').replace(/=+$/, '')}-`;
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/**
 * A deep body whose UTF-16 bytes hide its depth from a scan of bytes: ∀ (U+2200) is a `"` byte
 * and a zero, so after it a byte scan takes every `{` for part of a string.
 */
const hiding = `{"x":"∀","a":${nested(5_000)}}`;

describe('the sandbox stack, real Prism and the real sandbox', { timeout: 120_000 }, () => {
  let stack: RunningStack;
  let password = '';
  const printed: string[] = [];

  beforeAll(async () => {
    // Loaded here, not above: the tests with stand-ins do not need the sandbox to load.
    const [{ startSandbox }, { DEMO_PASSWORD }] = await Promise.all([
      import('../sandbox/server'),
      import('../sandbox/seed/seed'),
    ]);
    password = DEMO_PASSWORD;
    stack = await startStack({
      frontPort: 0,
      print: (line) => printed.push(line),
      startSandbox: (options) => startSandbox({ ...options, inMemory: true }),
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  const port = () => Number(new URL(stack.url).port);
  const signIn = () =>
    send(port(), {
      method: 'POST',
      path: LOGIN,
      headers: JSON_TYPE,
      body: JSON.stringify({ email: DANA, password }),
      deadlineMs: 20_000,
    });
  /** Until Prism answers again (it is back, or it was never down). */
  async function untilAnswering() {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const reply = await send(port(), { path: '/api/v1/users/', deadlineMs: 20_000 });
      if (reply.status !== 503 && reply.status !== 502) return;
      await sleep(200);
    }
    throw new Error(`Prism did not come back:\n${printed.join('\n')}`);
  }

  it('refuses seven deep bodies in UTF-7 or UTF-16 within a minute (415), and a sign-in still works', async () => {
    const bodies: [string, Buffer][] = [
      ['application/json; charset=utf-7', Buffer.from(utf7(nested(5_000)))],
      ['application/json; charset=UTF-7', Buffer.from(utf7(nested(5_000)))],
      ['application/json; charset="utf-7"', Buffer.from(utf7(nested(5_000)))],
      ['application/vnd.api+json; charset=utf-7', Buffer.from(utf7(nested(5_000)))],
      ['application/json; charset=utf-16le', Buffer.from(hiding, 'utf16le')],
      ['application/json; charset=utf-16be', Buffer.from(hiding, 'utf16le').swap16()],
      [
        'application/json; charset=utf-16',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(hiding, 'utf16le')]),
      ],
    ];
    for (const [type, body] of bodies) {
      // A scan of its bytes finds it shallow: no `{` byte in UTF-7, hidden ones in UTF-16.
      expect(createDepthScanner().push(body), type).toBe(true);
      await untilAnswering();
      const reply = await send(port(), {
        method: 'POST',
        path: LOGIN,
        headers: { 'content-type': type },
        body,
        deadlineMs: 20_000,
      });
      // Soft: what matters most is below, whether the stack still answers. (Prism answered
      // these with a 422, and then exited.)
      expect.soft([415, 400], `${type}: ${reply.status} ${reply.text}`).toContain(reply.status);
    }
    const signedIn = await signIn();
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(JSON.parse(signedIn.text)).toHaveProperty('access');
    expect(printed.join('\n')).not.toMatch(/Prism \((proxy|mock)\) stopped/);
  });

  it('answers a sign-in after 100 abandoned gzip requests', async () => {
    await untilAnswering();
    const gzipped = gzipSync(JSON.stringify({ email: DANA, password }));
    const abandoned: ClientRequest[] = [];
    for (let index = 0; index < 100; index += 1) {
      const sent = request({
        host: '127.0.0.1',
        port: port(),
        method: 'POST',
        path: LOGIN,
        headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
        agent: false,
      });
      sent.on('error', () => {});
      sent.on('response', (reply) => reply.resume());
      sent.end(gzipped);
      abandoned.push(sent);
    }
    // Long enough for the door to read each body and pass it on (as it did), then they leave.
    await sleep(1_000);
    for (const sent of abandoned) sent.destroy();

    const signedIn = await signIn();
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});
