// @vitest-environment node
/**
 * Signed webhooks through the API: CRUD and its activity events (never the secret), roles and
 * tenants, the URLs refused at save and at delivery, a signed POST to a local receiver after a
 * sync that a receiver can tell from a forgery, retries with back-off, and the pause after
 * repeated failures (with a mail to the super admins).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it, onTestFinished } from 'vitest';

import type { Schemas } from '../contract';
import {
  enqueueEvent,
  MAX_ATTEMPTS,
  PAUSE_AFTER_FAILED,
  verifySignature,
  type WebhookPolicy,
} from '../domain/webhooks';
import { ACME } from '../seed/seed';
import { signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const HOOKS = '/api/v1/webhooks/';
const DANA = 'dana.whitfield@acme-cloud.com';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';
const GLOBEX_OPS = 'ops@globex.example';
const START = new Date('2026-11-28T09:00:00Z');
/** The waits between tries, as the contract states them: 1 min, 5 min, 30 min, 2 h. */
const WAITS = [1, 5, 30, 120].map((minutes) => minutes * 60_000);

type Created = Schemas['WebhookSecretReply'];

/** A receiver on an ephemeral loopback port: what it got, and the status it answers. */
async function receiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: (code: number) => (status = code),
  };
}

async function world(
  options: { policy?: WebhookPolicy; resolve?: (host: string) => Promise<string[]> } = {},
) {
  let clock = START;
  const sandbox = testSandbox({
    inMemory: true,
    syncDelayMs: 0,
    now: () => clock,
    // Retries are hours apart: the sessions outlive the test's clock.
    accessTtl: 7 * 24 * 3600,
    webhookPolicy: options.policy,
    webhookResolve: options.resolve,
  });
  const [dana, marcus, globex] = await Promise.all([
    signIn(sandbox.app, DANA),
    signIn(sandbox.app, MARCUS),
    signIn(sandbox.app, GLOBEX_OPS),
  ]);
  const create = async (url: string, events: string[] = ['sync_failures']) => {
    const answer = await dana.post<Created>(HOOKS, { url, events });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const seconds = () => Math.floor(clock.getTime() / 1000);
  return { ...sandbox, dana, marcus, globex, create, advance, seconds };
}

describe('webhooks: add, change, rotate, delete', () => {
  it('shows the secret once, lists without it, and records each change without it', async () => {
    const { dana, create, store } = await world();
    const made = await create('https://hooks.example.com/acebridge', ['sync_failures']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.webhook).toMatchObject({ status: 'active', events: ['sync_failures'] });
    const listed = await dana.get(HOOKS);
    expect(listed.body.results).toEqual([made.webhook]);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);

    const id = made.webhook.id;
    const changed = await dana.patch(`${HOOKS}${id}/`, {
      events: ['new_launches', 'sync_failures'],
      status: 'paused',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      events: ['sync_failures', 'new_launches'],
      status: 'paused',
      paused_reason: 'Paused by an admin.',
    });
    const rotated = await dana.post<Created>(`${HOOKS}${id}/rotate-secret/`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect((await dana.delete(`${HOOKS}${id}/`)).status).toBe(204);
    expect((await dana.get(HOOKS)).body.results).toEqual([]);

    const events = store.state.activity.filter((event) => event.target.kind === 'webhook');
    expect(events.map((event) => event.action)).toEqual([
      'company.webhook_created',
      'company.webhook_changed',
      'company.webhook_secret_rotated',
      'company.webhook_deleted',
    ]);
    expect(events[1]).toMatchObject({
      actor: { email: DANA },
      before: { status: 'active', events: ['sync_failures'] },
      after: { status: 'paused', events: ['sync_failures', 'new_launches'] },
    });
    const logged = JSON.stringify(store.state.activity);
    expect(logged).not.toContain(made.secret);
    expect(logged).not.toContain(rotated.body.secret);
  });

  it('are a super admin’s: a user gets 403, another company sees none and reaches none', async () => {
    const { dana, marcus, globex, create } = await world();
    const made = await create('https://hooks.example.com/acme');
    expect((await marcus.get(HOOKS)).status).toBe(403);
    const refused = await marcus.post(HOOKS, {
      url: 'https://hooks.example.com/x',
      events: ['sync_failures'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Only a super admin can manage webhooks.' });
    expect((await marcus.post(`${HOOKS}${made.webhook.id}/test/`)).status).toBe(403);

    expect((await globex.get(HOOKS)).body.results).toEqual([]);
    const acme = `${HOOKS}${made.webhook.id}/`;
    expect((await globex.patch(acme, { status: 'paused' })).status).toBe(404);
    expect((await globex.post(`${acme}rotate-secret/`)).status).toBe(404);
    expect((await globex.post(`${acme}test/`)).status).toBe(404);
    expect((await globex.get(`${acme}deliveries/`)).status).toBe(404);
    expect((await globex.delete(acme)).status).toBe(404);
    expect((await dana.get(HOOKS)).body.results).toEqual([made.webhook]);
  });
});

describe('webhooks: where they may point', () => {
  it.each([
    ['http to the internet', 'http://hooks.example.com/x', 'Enter an https URL.'],
    ['another scheme', 'ftp://hooks.example.com/x', 'Enter an https URL.'],
    ['10/8', 'https://10.1.2.3/x', 'private network'],
    ['172.16/12', 'https://172.31.255.1/x', 'private network'],
    ['192.168/16', 'https://192.168.0.10/x', 'private network'],
    ['169.254/16 (cloud metadata)', 'https://169.254.169.254/latest', 'private network'],
    ['0.0.0.0', 'https://0.0.0.0/x', 'private network'],
    ['fc00::/7', 'https://[fd12:3456::1]/x', 'private network'],
    ['fe80::/10', 'https://[fe80::1]/x', 'private network'],
    ['10/8 written as IPv6', 'https://[::ffff:10.0.0.1]/x', 'private network'],
    ['a user name and password', 'https://me:pw@hooks.example.com/x', 'user name or password'],
    ['no URL at all', 'not a url', 'Enter a valid URL.'],
  ])('refuses %s at save', async (_why, url, message) => {
    const { dana, store } = await world();
    const before = store.state;
    const answer = await dana.post(HOOKS, { url, events: ['sync_failures'] });
    expect(answer.status).toBe(400);
    expect(answer.body.url.join(' ')).toContain(message);
    expect(store.state).toBe(before);
  });

  it('takes a public address next to the private ranges, and loopback in the sandbox', async () => {
    const { create } = await world();
    await create('https://172.32.0.1/x');
    await create('https://192.169.0.1/x');
    await create('http://127.0.0.1:9/x');
    await create('https://[::1]/x');
  });

  it.each([
    ['127/8', 'https://127.0.0.1/x'],
    ['localhost', 'https://localhost/x'],
    ['a name under .localhost', 'https://hooks.localhost/x'],
    ['::1', 'https://[::1]/x'],
  ])('refuses %s where loopback is not allowed', async (_why, url) => {
    const { dana } = await world({ policy: { allowLoopback: false } });
    const answer = await dana.post(HOOKS, { url, events: ['sync_failures'] });
    expect(answer.status).toBe(400);
    expect(answer.body.url).toEqual([
      'This address is inside a private network; a webhook cannot reach it.',
    ]);
  });

  it('does not send to a name that resolves inside at delivery time', async () => {
    const asked: string[] = [];
    const { dana, create } = await world({
      resolve: (host) => {
        asked.push(host);
        return Promise.resolve(['192.168.1.20']);
      },
    });
    const made = await create('https://hooks.example.com/x');
    const sent = await dana.post(`${HOOKS}${made.webhook.id}/test/`);
    expect(asked).toEqual(['hooks.example.com']);
    expect(sent.body).toMatchObject({ status: 'failed', response_code: null, attempts: 1 });
    expect(sent.body.error).toBe(
      'Not sent: hooks.example.com resolves to 192.168.1.20, which is not on the public internet (private).',
    );
  });
});

describe('webhooks: deliveries', () => {
  it('a webhook pointed at a local receiver gets a signed POST after a sync, and a forgery is told apart', async () => {
    const { dana, create, seconds, syncs, webhooks } = await world();
    const local = await receiver();
    const made = await create(local.url, ['sync_failures']);
    const started = await dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
      tenant_sub_domain: 'acme',
    });
    expect(started.status).toBe(200);
    await syncs.idle();
    await webhooks.idle();

    expect(local.received).toHaveLength(1);
    const [{ headers, body }] = local.received as [(typeof local.received)[number]];
    const payload = JSON.parse(body) as Schemas['WebhookPayload'];
    expect(headers['content-type']).toBe('application/json');
    expect(headers['acebridge-event']).toBe('sync_failures');
    expect(payload).toMatchObject({ type: 'sync_failures', tenant: { id: ACME.id } });
    expect(payload.text).toMatch(/^AceBridge: [\d,]+ records? failed in sync run #\d+/);
    // The run's state and its words (SyncRunState's x-labels), as every screen shows them.
    const failed = (payload.data as { run: { failed: number } }).run.failed;
    expect(payload.data).toMatchObject({
      run: { state: 'completed_with_failures', label: `Completed, ${failed} failed` },
    });
    expect(payload.text).toContain(`\nCompleted, ${failed} failed.\n`);

    const signature = String(headers['acebridge-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(made.secret, signature, body, seconds())).toBe(true);
    // Forged (another secret), altered, or replayed later than the tolerance: refused.
    expect(verifySignature('whsec_forged', signature, body, seconds())).toBe(false);
    expect(verifySignature(made.secret, signature, body.replace('sync', 'sink'), seconds())).toBe(
      false,
    );
    expect(verifySignature(made.secret, signature, body, seconds() + 301)).toBe(false);
    expect(verifySignature(made.secret, undefined, body, seconds())).toBe(false);

    const log = await dana.get(`${HOOKS}${made.webhook.id}/deliveries/`);
    expect(log.body.results).toMatchObject([
      { type: 'sync_failures', status: 'delivered', response_code: 200, attempts: 1 },
    ]);
  });

  it('fire on the events of the alerts, when only a webhook asked: a new cause, a failed connection', async () => {
    const { dana, create, store, syncs, webhooks } = await world();
    const local = await receiver();
    await create(local.url, ['new_cause', 'connection_failed']);
    // Nobody chose an e-mail alert: the webhook alone wants these events.
    expect(store.state.alertSettings).toEqual([]);
    await dana.post('/api/v1/salesforce/data-mappings/sync-data/', { tenant_sub_domain: 'acme' });
    await syncs.idle();
    await webhooks.idle();
    store.transact((draft) => {
      const acme = draft.tenants.find((row) => row.id === ACME.id)!;
      acme.aws_connection = 'Failed';
      acme.connected_at = null;
    });
    expect((await dana.get('/api/v1/tenants/check-connection/')).status).toBe(200);
    await webhooks.idle();
    const got = local.received.map(({ body }) => JSON.parse(body) as Schemas['WebhookPayload']);
    expect(got.map((payload) => payload.type)).toEqual(['new_cause', 'connection_failed']);
    expect(got[0]!.text).toMatch(/new causes? of sync errors after sync run #\d+/);
    expect(got[0]!.data.causes).not.toEqual([]);
    expect(got[1]!).toMatchObject({
      text: expect.stringContaining('the AWS connection failed') as unknown,
      data: { sides: ['AWS'] },
    });
  });

  it('sends a test at once and logs it, newest first; a refusing receiver is a failure', async () => {
    const { dana, create } = await world();
    const local = await receiver();
    const made = await create(local.url, ['new_launches']);
    const test = `${HOOKS}${made.webhook.id}/test/`;
    const ok = await dana.post(test);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ type: 'test', status: 'delivered', response_code: 200 });
    expect(JSON.parse(local.received[0]!.body)).toMatchObject({
      type: 'test',
      text: 'AceBridge test event: this webhook works.',
    });
    local.answer(302);
    const redirected = await dana.post(test);
    expect(redirected.body).toMatchObject({ status: 'failed', response_code: 302, attempts: 1 });
    expect(redirected.body.error).toContain('redirects are not followed');
    const log = await dana.get(`${HOOKS}${made.webhook.id}/deliveries/`);
    expect(log.body.results.map((row: { status: string }) => row.status)).toEqual([
      'failed',
      'delivered',
    ]);
    // A test does not count toward pausing.
    expect((await dana.get(HOOKS)).body.results[0]).toMatchObject({
      failed_in_a_row: 0,
      last_delivery: { status: 'failed', response_code: 302 },
    });
  });

  it('retries with back-off, pauses after repeated failures, mails the super admins', async () => {
    const { advance, create, dana, deps, store, webhooks } = await world();
    const local = await receiver();
    local.answer(503);
    const made = await create(local.url, ['connection_failed']);
    const event = () =>
      store.transact((draft) =>
        enqueueEvent(
          draft,
          ACME.id,
          { type: 'connection_failed', text: 'AWS failed', data: {} },
          deps.now(),
        ),
      );
    const delivery = () => store.state.webhookDeliveries.at(-1)!;

    // One delivery through its tries: at once, then 1 min, 5 min, 30 min and 2 h later.
    expect(event()).toBe(1);
    await webhooks.deliverDue();
    expect(delivery()).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_code: 503,
      next_attempt_at: '2026-11-28T09:01:00Z',
    });
    for (const [index, wait] of WAITS.entries()) {
      advance(wait - 1000);
      await webhooks.deliverDue();
      expect(delivery().attempts, 'not before its time').toBe(index + 1);
      advance(1000);
      await webhooks.deliverDue();
      expect(delivery().attempts).toBe(index + 2);
    }
    expect(delivery()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(local.received).toHaveLength(MAX_ATTEMPTS);
    let hook = (await dana.get(HOOKS)).body.results[0];
    expect(hook).toMatchObject({ status: 'active', failed_in_a_row: 1 });

    // Four more deliveries that fail every try: paused, and the super admins told.
    const outbox = store.state.outbox.length;
    for (let failed = 2; failed <= PAUSE_AFTER_FAILED; failed += 1) {
      event();
      await webhooks.deliverDue();
      for (const wait of WAITS) {
        advance(wait);
        await webhooks.deliverDue();
      }
    }
    hook = (await dana.get(HOOKS)).body.results[0];
    expect(hook).toMatchObject({ status: 'paused', failed_in_a_row: PAUSE_AFTER_FAILED });
    expect(hook.paused_reason).toContain('5 failed deliveries in a row');
    const mails = store.state.outbox.slice(outbox);
    expect(mails.map((mail) => mail.to)).toEqual([DANA]);
    expect(mails[0]!.subject).toBe(`AceBridge: the webhook to ${made.webhook.url} was paused`);

    // Paused: nothing is queued; resumed: the count starts again and events go.
    expect(event()).toBe(0);
    local.answer(200);
    const resumed = await dana.patch(`${HOOKS}${made.webhook.id}/`, { status: 'active' });
    expect(resumed.body).toMatchObject({
      status: 'active',
      failed_in_a_row: 0,
      paused_reason: null,
    });
    expect(event()).toBe(1);
    await webhooks.deliverDue();
    expect(delivery()).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});
