// @vitest-environment node
/**
 * What the sandbox believes of a request (tests/sandbox/app.ts): the X-Forwarded-For, -Host and
 * -Proto the stack's front door adds, only from a request that carries the door's secret
 * (`X-Sandbox-Door`, the sandbox's `doorToken`); and only requests addressed to this machine (a
 * loopback Host), which a web page on a rebound host name is not. Anything else on this machine
 * that could reach the sandbox's port could otherwise pass as any client (and escape every
 * per-client limit) or have it write links to another origin.
 */
import { request } from 'node:http';

import { afterEach, describe, expect, it } from 'vitest';

import { DOOR_HEADER } from '../sandbox/app';
import { startSandbox } from '../sandbox/server';
import { signIn, TEST_DOOR_TOKEN, throughDoor } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';

/** 21 failed sign-ins, each claiming another client: the statuses. */
async function spreadGuesses(
  app: ReturnType<typeof testSandbox>['app'],
  headersOf: (index: number) => Record<string, string>,
): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < 21; index += 1) {
    const reply = await app.request('/api/v1/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersOf(index) },
      body: JSON.stringify({ email: `guess${index}@acme-cloud.com`, password: 'guess-again' }),
    });
    seen.push(reply.status);
  }
  return seen;
}

describe('X-Forwarded-For', () => {
  it('is believed with the door’s secret: each claimed client has a count of its own', async () => {
    const { app } = testSandbox({ inMemory: true });
    const seen = await spreadGuesses(app, (index) => throughDoor(`198.51.100.${index}`));
    expect(seen).toEqual(Array(21).fill(401));
  });

  it.each([
    ['without the secret', () => ({})],
    ['with a wrong secret', () => ({ [DOOR_HEADER]: 'guessed' })],
    ['with an empty secret', () => ({ [DOOR_HEADER]: '' })],
  ])('is ignored %s: made-up addresses stay one client, held at 20', async (_name, door) => {
    const { app } = testSandbox({ inMemory: true });
    const seen = await spreadGuesses(app, (index) => ({
      'x-forwarded-for': `198.51.100.${index}`,
      ...door(),
    }));
    expect(seen.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(seen[20]).toBe(429);
  });

  it('is ignored by a sandbox given no secret, whatever the request carries', async () => {
    const { app } = testSandbox({ inMemory: true, doorToken: undefined });
    const seen = await spreadGuesses(app, (index) => throughDoor(`198.51.100.${index}`));
    expect(seen[20]).toBe(429);
  });
});

describe('pagination links', () => {
  const page = async (headers: Record<string, string>) => {
    const { app } = testSandbox({ inMemory: true });
    const dana = await signIn(app, DANA, undefined, headers);
    return (await dana.get('/api/v1/salesforce/aws/attributes/?page-size=5')).body as {
      next: string;
    };
  };

  it('name the front door’s origin (X-Forwarded-Host and -Proto), not the sandbox’s port', async () => {
    const { next } = await page(throughDoor('203.0.113.1', 'http://127.0.0.1:4010'));
    expect(next).toBe('http://127.0.0.1:4010/api/v1/salesforce/aws/attributes/?page-size=5&page=2');
  });

  it('ignore a forwarded origin without the door’s secret', async () => {
    const { next } = await page({
      'x-forwarded-host': '127.0.0.1:4010',
      'x-forwarded-proto': 'https',
    });
    expect(new URL(next).origin).toBe('http://localhost');
  });
});

describe('the Host', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    testSandbox({ inMemory: true }).app.request(url, { headers });

  it.each([
    'http://127.0.0.1:4011',
    'http://localhost',
    'http://localhost:4010',
    'http://[::1]:4011',
  ])('may name this machine: %s', async (origin) => {
    expect((await get(`${origin}/api/sandbox/outbox`)).status).toBe(200);
  });

  it.each(['http://evil.example', 'http://127.0.0.1.evil.example:4011', 'http://10.0.0.5:4011'])(
    'is refused with 421 when it names another host (DNS rebinding): %s',
    async (origin) => {
      const reply = await get(`${origin}/api/v1/auth/key/verify`);
      expect(reply.status).toBe(421);
      expect((await reply.json()).detail).toMatch(/addressed to this machine only/);
    },
  );

  it('is refused when the front door says it was called at another host', async () => {
    const reply = await get('http://127.0.0.1:4011/api/sandbox/outbox', {
      ...throughDoor('203.0.113.1'),
      'x-forwarded-host': 'evil.example:4010',
    });
    expect(reply.status).toBe(421);
  });

  describe('over a socket', () => {
    const closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((close) => close()));
    });

    const send = (url: URL, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = request(
          { host: url.hostname, port: url.port, path: '/api/sandbox/outbox', headers },
          (reply) => {
            const chunks: Buffer[] = [];
            reply.on('data', (chunk: Buffer) => chunks.push(chunk));
            reply.on('end', () =>
              resolve({ status: reply.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        sent.on('error', reject);
        sent.end();
      });

    it('refuses a request whose Host header names another machine, and serves its own', async () => {
      const running = await startSandbox({ inMemory: true, port: 0, doorToken: TEST_DOOR_TOKEN });
      closers.push(running.close);
      const url = new URL(running.url);
      const foreign = await send(url, { host: 'attacker.example:4010' });
      expect(foreign.status).toBe(421);
      expect(JSON.parse(foreign.body).detail).toMatch(/attacker\.example/);
      expect((await send(url, { host: `127.0.0.1:${url.port}` })).status).toBe(200);
      expect((await send(url, { host: `localhost:${url.port}` })).status).toBe(200);
    });
  });
});
