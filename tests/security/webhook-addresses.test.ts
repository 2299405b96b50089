// @vitest-environment node
/**
 * A webhook reaches only the public internet, connects to the address it checked, says why a try
 * failed in words of its own, and its test deliveries are throttled, against the sandbox in
 * process on a clock the tests move (domain/webhooks.ts, handlers/webhooks.ts):
 *
 * - an address off the public internet, or one that carries one (NAT64, 6to4, Teredo,
 *   IPv4-mapped, -translated and -compatible), is refused at save (400 on `url`) and, as what a
 *   name resolves to, before each try; embedded loopback is refused even where the sandbox allows
 *   plain loopback;
 * - a name that cannot be resolved is not sent; a try resolves its name once, and its socket
 *   connects to the address checked (a TLS receiver on 127.0.0.1 under its own name, its
 *   certificate still verified against that name);
 * - a failed try is told by its code (a TLS certificate's other names never show);
 * - 10 test deliveries a minute per company (`webhookTestsPerTenant`), then 429 with Retry-After;
 *   another company is not held up, and a refused test is not counted.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import tls from 'node:tls';

import { describe, expect, it, onTestFinished } from 'vitest';

import type { WebhookPolicy } from '../sandbox/domain/webhooks';
import { DEMO_PASSWORD } from '../sandbox/seed/seed';
import { signIn } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const HOOKS = '/api/v1/webhooks/';
const DANA = 'dana.whitfield@acme-cloud.com';
const GLOBEX_OPS = 'ops@globex.example';
const START = new Date('2026-11-28T09:00:00Z');
const PRIVATE_URL = 'This address is inside a private network; a webhook cannot reach it.';
const THROTTLED = /^Request was throttled\. Expected available in (\d+) seconds?\.$/;

/**
 * A receiver's key and certificate for the tests only (they guard nothing): self-signed, valid
 * 2000 to 2100, naming receiver.test and internal-admin.test (the other name a server holds,
 * which a failed try must not tell).
 */
const RECEIVER_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgA3rMqla0CFBVQwTy
jUcb3x6lj969IqOPAressSZBPP6hRANCAATPY+FqpxQhNuCmsS/RMeCIhqZyBtYm
x9VPtCYmXps6IuiGVHGZDikROPnDrQJjSyG2zaDlrFMlZ7WrECIqe78J
-----END PRIVATE KEY-----
`;
const RECEIVER_CERT = `-----BEGIN CERTIFICATE-----
MIIBgjCCASigAwIBAgIBATAKBggqhkjOPQQDAjAYMRYwFAYDVQQDDA1yZWNlaXZl
ci50ZXN0MCAXDTAwMDEwMTAwMDAwMFoYDzIxMDAwMTAxMDAwMDAwWjAYMRYwFAYD
VQQDDA1yZWNlaXZlci50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEz2Ph
aqcUITbgprEv0THgiIamcgbWJsfVT7QmJl6bOiLohlRxmQ4pETj5w60CY0shts2g
5axTJWe1qxAiKnu/CaNhMF8wDwYDVR0TAQH/BAUwAwEB/zAtBgNVHREEJjAkgg1y
ZWNlaXZlci50ZXN0ghNpbnRlcm5hbC1hZG1pbi50ZXN0MB0GA1UdDgQWBBTL/8AI
t53r0NxaAWE+SDP2tW9Y5zAKBggqhkjOPQQDAgNIADBFAiEAs4mjhen4p6uHnHkC
YQkU+jj4kkvAeBypTOLiSxGgE0YCIGNzEMD1vRvPZQOpMCeQYF7uKgoUCuTh4zNh
gyk0g1vv
-----END CERTIFICATE-----
`;

/**
 * Addresses off the public internet, or carrying one: why, and the address as a resolver answers
 * it (a URL writes an IPv6 one in brackets).
 */
const INSIDE: readonly [string, string][] = [
  ['NAT64 of 169.254.169.254 (cloud metadata)', '64:ff9b::a9fe:a9fe'],
  ['NAT64 of 10.0.0.5', '64:ff9b::a00:5'],
  ['NAT64 of 127.0.0.1 (loopback inside another form)', '64:ff9b::7f00:1'],
  ['local-use NAT64, whatever it carries', '64:ff9b:1::808:808'],
  ['IPv4-compatible 127.0.0.1', '::7f00:1'],
  ['IPv4-compatible 127.0.0.1 as getaddrinfo prints it', '::127.0.0.1'],
  ['IPv4-compatible, even of a public address', '::808:808'],
  ['IPv4-translated 127.0.0.1', '::ffff:0:7f00:1'],
  ['IPv4-translated 10.0.0.1', '::ffff:0:a00:1'],
  ['IPv4-mapped 127.0.0.1', '::ffff:7f00:1'],
  ['IPv4-mapped 100.64.0.1', '::ffff:6440:1'],
  ['6to4 of 169.254.169.254', '2002:a9fe:a9fe::'],
  ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
  ['Teredo whose client is 127.0.0.1 (the NOT of its last 32 bits)', '2001:0:808:808::80ff:fffe'],
  ['Teredo whose server is 10.0.0.1', '2001:0:a00:1::f7f7:fbfb'],
  ['site-local fec0::/10', 'fec0::1'],
  ['IPv6 outside 2000::/3 (the dummy prefix 100:0:0:1::/64)', '100:0:0:1::1'],
  ['IPv6 outside 2000::/3 (unallocated)', '4000::1'],
  ['documentation 2001:db8::/32', '2001:db8::1'],
  ['multicast', 'ff02::1'],
  ['shared address space 100.64/10', '100.64.0.1'],
  ['shared address space (a cloud’s metadata service)', '100.100.100.200'],
  ['benchmarking 198.18/15', '198.18.0.1'],
  ['the reserved 240/4', '240.0.0.1'],
];

/** Public addresses, plain or carrying a public IPv4 one. */
const PUBLIC: readonly [string, string][] = [
  ['a public IPv4 address', '8.8.8.8'],
  ['a public IPv6 address', '2606:4700:4700::1111'],
  ['NAT64 of 8.8.8.8', '64:ff9b::808:808'],
  ['6to4 of 8.8.8.8', '2002:808:808::1'],
  ['IPv4-mapped 8.8.8.8', '::ffff:808:808'],
  ['Teredo of server 8.8.8.8 and client 1.1.1.1', '2001:0:808:808::fefe:fefe'],
];

const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** Closes a server when the current test ends. */
function closeAtEnd(server: Server): void {
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server)
          (server as { closeAllConnections(): void }).closeAllConnections();
        server.close(() => resolve());
      }),
  );
}

/** A TLS receiver on 127.0.0.1 with RECEIVER_CERT: its port and the requests it got. */
async function tlsReceiver() {
  /** Each request's Host header, and the address its connection came to. */
  const received: { host: string | undefined; at: string | undefined }[] = [];
  const server = createHttpsServer({ key: RECEIVER_KEY, cert: RECEIVER_CERT }, (request, reply) => {
    received.push({ host: request.headers.host, at: request.socket.localAddress });
    request.resume();
    request.on('end', () => reply.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeAtEnd(server);
  return { port: (server.address() as AddressInfo).port, received };
}

/** RECEIVER_CERT trusted as a certificate authority until the current test ends. */
function trustReceiver(): void {
  const before = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...before, RECEIVER_CERT]);
  onTestFinished(() => tls.setDefaultCACertificates(before));
}

async function world(
  options: { policy?: WebhookPolicy; resolve?: (host: string) => Promise<string[]> } = {},
) {
  let clock = START;
  const sandbox = testSandbox({
    inMemory: true,
    now: () => clock,
    // Tries a minute apart: the sessions outlive the test's clock.
    accessTtl: 24 * 3600,
    webhookPolicy: options.policy,
    webhookResolve: options.resolve ?? (() => Promise.reject(new Error('no DNS in this test'))),
  });
  const [dana, globex] = await Promise.all([
    signIn(sandbox.app, DANA),
    signIn(sandbox.app, GLOBEX_OPS),
  ]);
  /** Adds a webhook of Dana's company to `url`; its id. */
  const create = async (url: string, client = dana) => {
    const answer = await client.post(HOOKS, { url, events: ['sync_failures'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.webhook.id as number;
  };
  /** A test delivery of the webhook, as answered. */
  const test = async (id: number, client = dana) => {
    const answer = await client.post(`${HOOKS}${id}/test/`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { status: string; response_code: number | null; error: string | null };
  };
  const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  return { ...sandbox, dana, globex, create, test, later };
}

describe('a webhook reaches only the public internet', () => {
  // One sandbox for all the addresses (a sandbox each takes a third of a second): a refusal at
  // save changes nothing, and the tries are a minute apart (test deliveries are throttled).
  it('refuses each at save, with a 400 on url', async () => {
    const { dana, store } = await world();
    const before = store.state;
    for (const [why, address] of INSIDE) {
      const answer = await dana.post(HOOKS, {
        url: `https://${hostOf(address)}/hook`,
        events: ['sync_failures'],
      });
      expect(answer.status, why).toBe(400);
      expect(answer.body, why).toEqual({ url: [PRIVATE_URL] });
    }
    expect(store.state).toBe(before);
  });

  it('does not send to a name that resolves to any of them', async () => {
    let answer = '';
    let asked = 0;
    const { create, later, test } = await world({
      resolve: () => {
        asked += 1;
        return Promise.resolve([answer]);
      },
    });
    const id = await create('https://inside.example/hook');
    for (const [why, address] of INSIDE) {
      answer = address;
      const sent = await test(id);
      expect(sent, why).toMatchObject({ status: 'failed', response_code: null });
      const said = `Not sent: inside.example resolves to ${address}, which `;
      expect(sent.error?.startsWith(said), `${why}: ${sent.error}`).toBe(true);
      later(60);
    }
    expect(asked).toBe(INSIDE.length);
  });

  it('takes a public address, plain or carried', async () => {
    const { create } = await world();
    for (const [, address] of PUBLIC) await create(`https://${hostOf(address)}/hook`);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const { create, test } = await world({
      resolve: () => Promise.resolve(['127.0.0.1', '10.1.2.3']),
    });
    const sent = await test(await create('https://mixed.example/hook'));
    expect(sent.error).toBe(
      'Not sent: mixed.example resolves to 10.1.2.3, which is not on the public internet (private).',
    );
  });

  it('refuses a name that resolves to loopback where loopback is not allowed', async () => {
    const { create, test } = await world({
      policy: { allowLoopback: false },
      resolve: () => Promise.resolve(['::1']),
    });
    const sent = await test(await create('https://loop.example/hook'));
    expect(sent.error).toBe('Not sent: loop.example resolves to ::1, which is a loopback address.');
  });
});

describe('a try connects to the address it checked', () => {
  it('does not send when the name cannot be resolved', async () => {
    const receiver = await tlsReceiver();
    trustReceiver();
    for (const resolve of [
      () =>
        Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      () => Promise.resolve([]),
    ]) {
      const { create, test } = await world({ resolve });
      const sent = await test(await create(`https://receiver.test:${receiver.port}/hook`));
      expect(sent).toMatchObject({
        status: 'failed',
        response_code: null,
        error: 'Not sent: receiver.test could not be resolved.',
      });
    }
    expect(receiver.received).toEqual([]);
  });

  it('resolves once per try and connects to that answer, the certificate checked against the name', async () => {
    const receiver = await tlsReceiver();
    trustReceiver();
    // The first answer is the receiver's; any later one is inside. Were the name looked up again
    // for the connection, the try would go there (DNS rebinding).
    const answers = [['127.0.0.1'], ['10.0.0.7']];
    let asked = 0;
    const { create, test } = await world({
      resolve: () => Promise.resolve(answers[Math.min(asked++, answers.length - 1)]!),
    });
    const id = await create(`https://receiver.test:${receiver.port}/hook`);
    expect(await test(id)).toMatchObject({ status: 'delivered', response_code: 200 });
    expect(asked).toBe(1);
    expect(receiver.received).toEqual([
      { host: `receiver.test:${receiver.port}`, at: '127.0.0.1' },
    ]);
    // The next try asks again, and checks what it hears.
    expect((await test(id)).error).toBe(
      'Not sent: receiver.test resolves to 10.0.0.7, which is not on the public internet (private).',
    );
    expect(asked).toBe(2);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('a failed try is told in words of its own', () => {
  it('never shows the names of a TLS certificate', async () => {
    const receiver = await tlsReceiver();
    trustReceiver();
    const { create, test } = await world({ resolve: () => Promise.resolve(['127.0.0.1']) });
    const sent = await test(await create(`https://other.test:${receiver.port}/hook`));
    expect(sent).toMatchObject({
      status: 'failed',
      response_code: null,
      error: "The receiver's TLS certificate does not name other.test.",
    });
    expect(sent.error).not.toMatch(/internal-admin|receiver\.test|altname/);
    expect(receiver.received).toEqual([]);
  });

  it('names an untrusted certificate and a refused connection without their text', async () => {
    const receiver = await tlsReceiver();
    const { create, test } = await world({ resolve: () => Promise.resolve(['127.0.0.1']) });
    const untrusted = await test(await create(`https://receiver.test:${receiver.port}/hook`));
    expect(untrusted.error).toBe("The receiver's TLS certificate is self-signed.");

    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await test(await create(`http://127.0.0.1:${port}/hook`));
    expect(refused.error).toBe('The connection was refused.');
  });
});

describe('test deliveries are throttled per company', () => {
  /** A POST with Dana's session whose Retry-After header is read too. */
  async function rawTest(app: Awaited<ReturnType<typeof world>>['app'], id: number) {
    const login = await app.request('/api/v1/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DANA, password: DEMO_PASSWORD }),
    });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const { access } = (await login.json()) as { access: string };
    const reply = await app.request(`${HOOKS}${id}/test/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
    });
    const body = (await reply.json()) as { detail?: string };
    return { status: reply.status, retryAfter: reply.headers.get('retry-after'), body };
  }

  it('answers the 11th test within a minute 429 with Retry-After; another company goes on', async () => {
    const { app, create, dana, globex, later, store, test } = await world({
      resolve: () => Promise.resolve(['192.168.1.20']),
    });
    const first = await create('https://acme.example/hook');
    const second = await create('https://acme-other.example/hook');
    for (let index = 0; index < 10; index += 1) {
      await test(index % 2 === 0 ? first : second);
      later(1);
    }
    const tests = () => store.state.webhookDeliveries.filter((row) => row.type === 'test').length;
    expect(tests()).toBe(10);

    // The 11th, 10 s after the first: free again once the first leaves the minute.
    for (const id of [first, second]) {
      const refused = await rawTest(app, id);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('50');
      expect(refused.body.detail?.match(THROTTLED)?.[1]).toBe('50');
    }
    expect(tests()).toBe(10);

    // Another company's tests are not held up.
    const globexHook = await create('https://globex.example/hook', globex);
    await test(globexHook, globex);

    // Refused tests were not counted: one is free once the first test is a minute old.
    later(49);
    expect((await rawTest(app, first)).status).toBe(429);
    later(1);
    expect((await dana.post(`${HOOKS}${first}/test/`)).status).toBe(200);
    expect((await rawTest(app, first)).status).toBe(429);
  });
});
