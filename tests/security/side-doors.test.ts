// @vitest-environment node
/**
 * No side door about other companies: a signed-in user of one company learns nothing of another's
 * licence key or invitations from an answer, and cannot hold another company up, against the
 * sandbox in process on a clock the tests move (contract 3.1.0).
 *
 * - getConnectionStepStatus judges the caller's own company's key only: any other key answers
 *   400 "Invalid product key." byte for byte alike, and counts as a licence-key check (429
 *   beyond keyChecksPerClient or keyChecksPerKey); the own key, or none, is never counted or
 *   refused;
 * - the invitation limits that answer 429 count per (address, inviting company) and per company;
 *   the cap on the mails one address gets from all companies is silent: beyond it the invitation
 *   is made and answered as usual, and only its mail is held back.
 */
import { describe, expect, it } from 'vitest';

import { contractDocument } from '../sandbox/contract';
import { LIMITS } from '../sandbox/domain/throttle';
import { ACME, DEMO_PASSWORD, GLOBEX } from '../sandbox/seed/seed';
import { anonymous, signIn, throughDoor, type ApiClient } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';
/** Acme's plain user (role user). */
const MARCUS = 'marcus.oyelaran@acme-cloud.com';
const GLOBEX_ADMIN = 'ops@globex.example';
const STEP_STATUS = '/api/v1/connection-step-status/';
const INVALID_KEY = JSON.stringify({ error: 'Invalid product key.' });
const THROTTLED = /^Request was throttled\. Expected available in (\d+) seconds?\.$/;

function sandbox() {
  let clock = new Date('2026-11-26T09:00:00Z');
  const mails: { to: string; subject: string; link: string }[] = [];
  const made = testSandbox({
    inMemory: true,
    now: () => clock,
    onMail: (mail) => mails.push(mail),
  });
  return {
    ...made,
    mails,
    later(seconds: number) {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
  };
}
type Sandbox = ReturnType<typeof sandbox>;

/** A reply as a client sees it: status, every header but the request's own id, the body's text. */
interface Raw {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * A signed-in session whose replies are read byte for byte; each call comes from the client
 * `from` (the front door's X-Forwarded-For), the sign-in's unless given.
 */
async function rawSession(app: Sandbox['app'], email: string, client: string) {
  const login = await app.request('/api/v1/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...throughDoor(client) },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const { access } = (await login.json()) as { access: string };
  return async (path: string, body: object, from = client): Promise<Raw> => {
    const reply = await app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...throughDoor(from),
        authorization: `Bearer ${access}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify(body),
    });
    const headers = Object.fromEntries(reply.headers);
    delete headers['x-request-id'];
    return { status: reply.status, headers, text: await reply.text() };
  };
}

async function times<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await call(index));
  return answers;
}

/** A 429 in Django REST framework's words, its Retry-After within `maxSeconds`: the wait. */
function expectThrottled(answer: Raw | undefined, maxSeconds: number): number {
  expect(answer?.status).toBe(429);
  const wait = Number(answer?.headers['retry-after']);
  expect(Number.isInteger(wait) && wait >= 1 && wait <= maxSeconds, `Retry-After ${wait}`).toBe(
    true,
  );
  const detail = (JSON.parse(answer?.text ?? '{}') as { detail?: string }).detail ?? '';
  expect(detail.match(THROTTLED)?.[1]).toBe(String(wait));
  return wait;
}

/** A new company, Initech, signed up with an unused demo key: that key is spent from now on. */
async function signUpInitech(s: Sandbox, key = 'DEMO-LICENCE-1'): Promise<void> {
  const created = await anonymous(
    s.app,
    'POST',
    '/api/v1/tenants/',
    {
      key,
      company: {
        company_name: 'Initech',
        aws_partner_status: 'advance',
        industry: 'Software',
        email: 'info@initech.example',
        is_term_and_conditions_accepted: true,
      },
      admin: {
        first_name: 'Bill',
        last_name: 'Lumbergh',
        email: 'bill@initech.example',
        password: 'TPS-rep0rts!',
      },
    },
    throughDoor('198.51.100.200'),
  );
  expect(created.status).toBe(201);
}

describe('the connection-step status, given a key', () => {
  it("answers a plain user and an admin byte for byte alike for another company's key, a spent key, an unused one and one never sold; 200 for their own", async () => {
    const s = sandbox();
    await signUpInitech(s); // DEMO-LICENCE-1 is now spent, by a company of its own
    const marcus = await rawSession(s.app, MARCUS, '203.0.113.10');
    const dana = await rawSession(s.app, DANA, '203.0.113.11');
    const others = [
      GLOBEX.key,
      ` ${GLOBEX.key.toLowerCase()} `, // normalised as every key check: still Globex's
      'DEMO-LICENCE-1',
      'DEMO-LICENCE-2', // in stock, sold to nobody yet
      'ACEB-NEVER-SOLD-0',
    ];
    const answers = [
      ...(await times(others.length, (index) => marcus(STEP_STATUS, { key: others[index] }))),
      ...(await times(others.length, (index) => dana(STEP_STATUS, { key: others[index] }))),
    ];
    const [first] = answers;
    expect(first).toMatchObject({ status: 400, text: INVALID_KEY });
    for (const answer of answers) expect(answer).toEqual(first);

    const keyless = await marcus(STEP_STATUS, {});
    expect(keyless.status).toBe(200);
    for (const session of [marcus, dana])
      for (const key of [ACME.key, ` ${ACME.key.toLowerCase()}`])
        expect(await session(STEP_STATUS, { key })).toEqual(keyless);
  });

  it('counts any other key as a licence-key check: the eleventh in a minute from one client is 429, shared with verifyProductKey; the own key and none are neither counted nor refused', async () => {
    const s = sandbox();
    const client = '203.0.113.20';
    const marcus = await rawSession(s.app, MARCUS, client);
    // The company's own key and no key, any number of times: never counted.
    const own = await times(30, (index) => marcus(STEP_STATUS, index % 2 ? {} : { key: ACME.key }));
    expect(own.every((answer) => answer.status === 200)).toBe(true);

    const guesses = await times(12, (index) =>
      marcus(STEP_STATUS, { key: index % 3 === 0 ? GLOBEX.key : `ACEB-GUESS-${index}` }),
    );
    const max = LIMITS.keyChecksPerClient.max;
    expect(guesses.slice(0, max).map((answer) => answer.status)).toEqual(Array(max).fill(400));
    const wait = expectThrottled(guesses[max], 60);
    expectThrottled(guesses[max + 1], 60);

    // Throttled: the user still reaches their own dashboard, with the key the app stored or none.
    expect((await marcus(STEP_STATUS, { key: ACME.key })).status).toBe(200);
    expect((await marcus(STEP_STATUS, {})).status).toBe(200);
    // One count with the key check of the same client; another client is not held up.
    const verify = (from: string) =>
      anonymous(
        s.app,
        'POST',
        '/api/v1/auth/key/verify',
        { key: 'DEMO-LICENCE-1' },
        throughDoor(from),
      );
    expect((await verify(client)).status).toBe(429);
    expect((await verify('203.0.113.21')).status).toBe(200);
    expect((await marcus(STEP_STATUS, { key: GLOBEX.key }, '203.0.113.22')).status).toBe(400);

    s.later(wait);
    expect((await marcus(STEP_STATUS, { key: GLOBEX.key })).status).toBe(400);
  });

  it('limits the checks of one key from all clients together (keyChecksPerKey)', async () => {
    const s = sandbox();
    const globex = await rawSession(s.app, GLOBEX_ADMIN, '198.51.100.1');
    const max = LIMITS.keyChecksPerKey.max;
    const answers = await times(max + 1, (index) =>
      globex(STEP_STATUS, { key: ACME.key }, `198.51.100.${index + 2}`),
    );
    expect(answers.slice(0, max).every((answer) => answer.status === 400)).toBe(true);
    expectThrottled(answers[max], LIMITS.keyChecksPerKey.seconds);
    // Acme's own use of its key is never refused for it: only other companies' checks count.
    const dana = await rawSession(s.app, DANA, '198.51.100.99');
    expect((await dana(STEP_STATUS, { key: ACME.key })).status).toBe(200);
  });

  it("is declared with the key checks' limits and its 429", () => {
    const operation = (
      contractDocument() as {
        paths: Record<string, { post: { 'x-throttle'?: unknown; responses: object } }>;
      }
    ).paths[STEP_STATUS]?.post;
    expect(operation?.['x-throttle']).toEqual(['keyChecksPerClient', 'keyChecksPerKey']);
    expect(operation?.responses).toHaveProperty('429');
  });
});

describe('invitations of one address by several companies', () => {
  const ADDRESS = 'pat.jordan@example.org';
  const invite = (email = ADDRESS) => ({
    first_name: 'Pat',
    middle_name: null,
    last_name: 'Jordan',
    email,
    role: 'user',
  });
  const inviteBy = (admin: ApiClient) => admin.post('/api/v1/tenants/invite-users/', invite());
  const resendBy = (admin: ApiClient, id: number) =>
    admin.post('/api/v1/tenants/resend-user-invite/', { user_id: id });
  const RESENT = { status: 200, body: { message: 'Invitation e-mail sent again.' } };

  it("are counted per company: Acme's three never hold Globex's up, and Globex's own fourth is 429", async () => {
    const s = sandbox();
    const dana = await signIn(s.app, DANA);
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const acme = await inviteBy(dana);
    expect(acme.status).toBe(201);
    expect(await resendBy(dana, acme.body.id)).toEqual(RESENT);
    expect(await resendBy(dana, acme.body.id)).toEqual(RESENT);
    expect((await resendBy(dana, acme.body.id)).status).toBe(429);

    const invited = await inviteBy(globex);
    expect(invited).toMatchObject({ status: 201, body: { email: ADDRESS, is_active: false } });
    expect(await resendBy(globex, invited.body.id)).toEqual(RESENT);
    expect(await resendBy(globex, invited.body.id)).toEqual(RESENT);
    const fourth = await resendBy(globex, invited.body.id);
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toMatch(THROTTLED);
  });

  it('beyond 5 mails an hour to one address from all companies, are made and answered as usual, and only the mail is held back', async () => {
    const s = sandbox();
    await signUpInitech(s);
    const dana = await signIn(s.app, DANA);
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const initech = await signIn(s.app, 'bill@initech.example', 'TPS-rep0rts!');
    const toAddress = () => s.store.state.outbox.filter((mail) => mail.to === ADDRESS);

    const acme = await inviteBy(dana); // mail 1, a link: Acme's row is the address's oldest
    const fromGlobex = await inviteBy(globex); // mail 2, a notice
    expect(await resendBy(globex, fromGlobex.body.id)).toEqual(RESENT); // mail 3
    expect(await resendBy(globex, fromGlobex.body.id)).toEqual(RESENT); // mail 4
    expect(await resendBy(dana, acme.body.id)).toEqual(RESENT); // mail 5, a new link
    expect(toAddress()).toHaveLength(LIMITS.invitationMailsPerAddress.max);
    const link = toAddress().at(-1)?.link ?? '';
    expect(link).toMatch(/^\/register\//);

    // The sixth: Initech's invitation is made, listed and recorded, answered 201, and not mailed.
    const held = await inviteBy(initech);
    expect(held).toMatchObject({
      status: 201,
      body: { email: ADDRESS, is_active: false, role: 'user', first_name: 'Pat' },
    });
    expect((await initech.get('/api/v1/users/')).body.results).toContainEqual(held.body);
    expect(s.store.state.activity.at(-1)).toMatchObject({
      action: 'user.invited',
      target: expect.objectContaining({ id: String(held.body.id), label: ADDRESS }),
    });
    // A re-send beyond the cap is answered as ever, and voids nothing: the last link still works.
    expect(await resendBy(dana, acme.body.id)).toEqual(RESENT);
    expect(await resendBy(initech, held.body.id)).toEqual(RESENT);
    expect(toAddress()).toHaveLength(5);
    expect(s.mails.filter((mail) => mail.to === ADDRESS)).toHaveLength(5);
    // Other addresses are not held back.
    expect(
      (await initech.post('/api/v1/tenants/invite-users/', invite('x@example.org'))).status,
    ).toBe(201);
    expect(s.mails.at(-1)?.to).toBe('x@example.org');
    const [, , uid, token] = new URL(link, 'http://app.test').pathname.split('/');
    const accepted = await anonymous(s.app, 'POST', '/api/v1/tenants/invite-users/verify/', {
      uid,
      token,
      user: { password: 'Welc0me-Pat!', confirm_password: 'Welc0me-Pat!' },
    });
    expect(accepted.status).toBe(200);

    // An hour after the first mails, a re-send is mailed again ("re-send it later").
    s.later(3600);
    const again = await signIn(s.app, 'bill@initech.example', 'TPS-rep0rts!');
    expect(await resendBy(again, held.body.id)).toEqual(RESENT);
    expect(toAddress()).toHaveLength(6);
  });
});
