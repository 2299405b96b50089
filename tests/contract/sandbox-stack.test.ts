// @vitest-environment node
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxPage } from '../sandbox/front-door-outbox.mjs';
import { sandboxBanner } from '../sandbox/stack-banner.mjs';
import { startStack, type RunningStack } from '../sandbox/stack.mjs';

// The sandbox stack end to end, with a stand-in sandbox (the real one is tested on its own): the
// front door's routing, Prism judging every exchange, the violations endpoint and the outbox page.

const stats = {
  last_synced: { lead: 1, opportunity: 2 },
  total_synced: { lead: 3, opportunity: 4 },
};
const mails = [
  {
    id: 1,
    at: '2026-11-24T06:00:00Z',
    to: 'grace@acme.test',
    subject: 'Invitation',
    link: '/register/NA/t0k?name=Grace',
  },
];

let fake: Server;
let stack: RunningStack;
const printed: string[] = [];
const auth = { authorization: 'Bearer t' };
/** What the stand-in sandbox was handed, and the requests that reached it. */
let doorToken = '';
const reached: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  // Breaks the contract on purpose when asked for ?broken: last_synced_date is missing.
  fake = createServer((req, res) => {
    reached.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/sandbox/outbox')) return void res.end(JSON.stringify({ mails }));
    const broken = req.url?.includes('broken');
    res.end(JSON.stringify(broken ? stats : { ...stats, last_synced_date: null }));
  });
  stack = await startStack({
    frontPort: 0,
    print: (line) => printed.push(line),
    startSandbox: async (options) => {
      const { port, host } = options;
      doorToken = options.doorToken;
      await new Promise<void>((resolve) => fake.listen(port, host, resolve));
      return { url: `http://${host}:${port}`, close: async () => {} };
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => fake.close(resolve));
});

describe('the sandbox stack', { timeout: 60_000 }, () => {
  it('sends calls through Prism to the sandbox, and reports those that break the contract', async () => {
    const good = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data`, { headers: auth });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ ...stats, last_synced_date: null });
    expect(await (await fetch(`${stack.url}/api/sandbox/violations`)).json()).toEqual([]);

    const bad = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data?broken=1`, {
      headers: auth,
    });
    expect(bad.status).toBe(500);
    const violations = await (await fetch(`${stack.url}/api/sandbox/violations`)).json();
    expect(violations).toEqual([
      expect.objectContaining({
        method: 'GET',
        status: 500,
        operation: 'GET /api/v1/salesforce/get-sync-data (getSyncStats)',
      }),
    ]);
    expect(printed.join('\n')).toMatch(
      /VIOLATION GET \/api\/v1\/salesforce\/get-sync-data\?broken=1/,
    );

    const cleared = await fetch(`${stack.url}/api/sandbox/violations`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await (await fetch(`${stack.url}/api/sandbox/violations`)).json()).toEqual([]);
  });

  it('answers a request with a Prefer header from the contract examples (the Prism mock)', async () => {
    const reply = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data`, {
      headers: { ...auth, prefer: 'example=neverSynced' },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({
      last_synced: { lead: 0, opportunity: 0 },
      last_unchanged: { lead: 0, opportunity: 0 },
      total_synced: { lead: 0, opportunity: 0 },
      last_synced_date: null,
      next_sync_at: '2026-03-03T00:00:00Z',
    });
  });

  it('refuses a login body nested 5,000 deep before Prism sees it (it would exit), and still answers', async () => {
    const deep = await fetch(`${stack.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      detail: 'The request body is nested deeper than 64 levels.',
    });
    for (const headers of [auth, { ...auth, prefer: 'example=neverSynced' }]) {
      const after = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data`, { headers });
      expect(after.status).toBe(200);
    }
    expect(printed.join('\n')).not.toMatch(/Prism \((proxy|mock)\) stopped/);
  });

  it('vouches for the caller through Prism and straight to the sandbox, replacing what the client says', async () => {
    // Prism forwards every header but Host to the backend: the door's reach the sandbox.
    expect(doorToken).toMatch(/^[0-9a-f]{64}$/);
    const host = `localhost:${new URL(stack.url).port}`;
    for (const path of ['/api/v1/salesforce/get-sync-data', '/api/sandbox/outbox']) {
      reached.length = 0;
      // node:http: fetch will not send a Host of the caller's choosing.
      await new Promise<void>((done, fail) => {
        request(`${stack.url}${path}`, {
          headers: {
            ...auth,
            host,
            'x-forwarded-for': '192.0.2.7',
            'x-forwarded-host': 'attacker.example',
            'x-forwarded-proto': 'https',
            'x-sandbox-door': 'a-guess',
          },
        })
          .once('response', (reply) => reply.resume().once('end', done))
          .once('error', fail)
          .end();
      });
      expect(reached, path).toEqual([
        {
          url: path,
          headers: expect.objectContaining({
            'x-forwarded-for': '127.0.0.1',
            'x-forwarded-host': host,
            'x-forwarded-proto': 'http',
            'x-sandbox-door': doorToken,
          }),
        },
      ]);
    }
  });

  it('sends /api/sandbox/* straight to the sandbox, and shows the outbox as a page to a browser', async () => {
    const json = await fetch(`${stack.url}/api/sandbox/outbox`);
    expect(await json.json()).toEqual({ mails });
    const page = await fetch(`${stack.url}/api/sandbox/outbox`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(
      '<a href="/register/NA/t0k?name=Grace">/register/NA/t0k?name=Grace</a>',
    );
  });
});

describe('the front door and cross-origin calls (npm run serve calls it from another port)', () => {
  const page = 'http://127.0.0.1:8080';
  const preflight = (origin: string) =>
    fetch(`${stack.url}/api/v1/users/1/`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,x-xsrf-token,prefer',
      },
    });

  it('lets a page on this machine call it with cookies and the headers the app sends', async () => {
    const reply = await preflight(page);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(page);
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    expect(reply.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase().split(', ')).toEqual([
      'authorization',
      'content-type',
      'x-xsrf-token',
      'prefer',
    ]);
    for (const headers of [auth, { ...auth, prefer: 'example=neverSynced' }]) {
      const call = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data`, {
        headers: { ...headers, origin: 'http://localhost:4173' },
      });
      expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
      expect(call.headers.get('access-control-allow-credentials')).toBe('true');
      expect(call.headers.get('vary')).toMatch(/origin/i);
    }
  });

  it.each([
    'https://evil.example',
    'https://127.0.0.1:8080',
    'http://127.0.0.1.evil.example',
    'null',
  ])('allows no other origin (%s), though Prism would', async (origin) => {
    const refused = await preflight(origin);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const call = await fetch(`${stack.url}/api/v1/salesforce/get-sync-data`, {
      headers: { ...auth, origin },
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    expect(call.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('an outage of the API (POST /api/sandbox/outage)', () => {
  const outage = (query: string, headers: Record<string, string> = { 'x-sandbox-outage': 'yes' }) =>
    fetch(`${stack.url}/api/sandbox/outage${query}`, { method: 'POST', headers });

  it('needs its header and a number of seconds from 1 to 60, and stops nothing otherwise', async () => {
    expect((await outage('?seconds=5', {})).status).toBe(400);
    for (const seconds of ['0', '61', '1.5', 'x', ''])
      expect((await outage(`?seconds=${seconds}`)).status).toBe(400);
    expect((await fetch(`${stack.url}/api/sandbox/outbox`)).status).toBe(200);
  });

  it('stops the door itself (nothing listens) for that long, then it answers again on its port', async () => {
    const reply = await outage('?seconds=1');
    expect(reply.status).toBe(202);
    expect(await reply.json()).toEqual({ stopped_for_seconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${stack.url}/api/sandbox/outbox`)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await fetch(`${stack.url}/api/sandbox/outbox`)).status).toBe(200);
    expect(printed.join('\n')).toMatch(/The front door stops for 1 s[\s\S]*answers again/);
  });
});

describe('the outbox page', () => {
  it('escapes what it shows', () => {
    const page = outboxPage([{ to: '<x>@a.test', subject: 'a & b', link: '/r?"' }]);
    expect(page).toContain('&lt;x&gt;@a.test');
    expect(page).toContain('a &amp; b');
    expect(page).toContain('href="/r?&quot;"');
    expect(outboxPage([])).toContain('No mail yet');
  });
});

describe('the npm start banner', () => {
  it('names the app, the demo accounts, the licence keys, the outbox and the ready time, briefly', () => {
    const banner = sandboxBanner({
      appUrl: 'http://127.0.0.1:5173',
      apiUrl: 'http://127.0.0.1:4010',
      readyMs: 4321,
    });
    expect(banner).toContain('AceBridge is ready at http://127.0.0.1:5173');
    expect(banner).toContain('ready in 4.3 s');
    for (const email of [
      'dana.whitfield@acme-cloud.com',
      'marcus.oyelaran@acme-cloud.com',
      'ops@globex.example',
    ])
      expect(banner).toContain(email);
    expect(banner).toContain('Sup3r-Secret!');
    expect(banner).toContain('DEMO-LICENCE-1, DEMO-LICENCE-2, DEMO-LICENCE-3');
    expect(banner).toContain('http://127.0.0.1:5173/api/sandbox/outbox');
    expect(banner).toMatch(/--fresh.*--mock/);
    expect(banner.split('\n').length).toBeLessThan(20);
  });
});
