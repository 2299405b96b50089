// @vitest-environment node
/**
 * Nobody learns who has an account, which licence keys were sold, or which user ids exist, from
 * the answers of the public and cross-company operations (tests/security/throttling.test.ts has
 * the reset request and the sign-in; tests/security/side-doors.test.ts the connection-step status
 * given another company's key, and invitations of one address by several companies; this file
 * the rest):
 *
 * - a spent licence key answers as an unknown one (key check and company sign-up);
 * - the company sign-up looks the admin's e-mail up last, once everything else is valid: every
 *   other refusal answers byte for byte alike for an address with an account and one without;
 * - inviting an address that belongs to another company's user answers as an unknown address,
 *   and the address gets a notice, never a link; an address belongs to one company (its oldest
 *   user, domain/users.ts ownerOf);
 * - a reset link that does not work answers alike whatever the reason (no "Invalid user id.").
 */
import { describe, expect, it } from 'vitest';

import { ACME, GLOBEX } from '../sandbox/seed/seed';
import { anonymous, signIn, throughDoor, type Answer } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';
/** Seeded as invited by Acme: not yet active, but the address is Acme's. */
const TOMAS = 'tomas.rivera@acme-cloud.com';
const GLOBEX_ADMIN = 'ops@globex.example';
const NOBODY = 'nobody@acme-cloud.com';

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

/** A reply as a client sees it: status, Retry-After and the body's very text. */
async function raw(
  app: ReturnType<typeof sandbox>['app'],
  path: string,
  body: object,
  from = '203.0.113.1',
) {
  const reply = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...throughDoor(from) },
    body: JSON.stringify(body),
  });
  return {
    status: reply.status,
    retryAfter: reply.headers.get('retry-after'),
    text: await reply.text(),
  };
}

describe('licence keys', () => {
  it('a spent key answers byte for byte as an unknown one, in the key check', async () => {
    const s = sandbox();
    const spent = await raw(s.app, '/api/v1/auth/key/verify', { key: ACME.key }, 'a');
    const unknown = await raw(s.app, '/api/v1/auth/key/verify', { key: 'ACEB-NEVER-SOLD-0' }, 'b');
    expect(spent).toEqual(unknown);
    expect(JSON.parse(spent.text)).toEqual({ error: 'Invalid product key.' });
  });
});

describe('company sign-up (POST /api/v1/tenants/)', () => {
  const valid = (email: string) => ({
    key: 'DEMO-LICENCE-1',
    company: {
      company_name: 'Initech',
      aws_partner_status: 'advance',
      industry: 'Software',
      email: 'info@initech.example',
      is_term_and_conditions_accepted: true,
    },
    admin: { first_name: 'Bill', last_name: 'Lumbergh', email, password: 'TPS-rep0rts!' },
  });
  type SignUp = ReturnType<typeof valid>;

  /** Every reason but the e-mail for which step 2 refuses, with what sets the scene for it. */
  const refusals: [
    string,
    (body: SignUp) => SignUp,
    ((s: ReturnType<typeof sandbox>) => Promise<unknown>)?,
  ][] = [
    ['an unknown key', (body) => ({ ...body, key: 'ACEB-NEVER-SOLD-0' })],
    ['a spent key', (body) => ({ ...body, key: ACME.key })],
    ['a field rule', (body) => ({ ...body, company: { ...body.company, company_name: 'IT' } })],
    [
      'the terms unticked',
      (body) => ({ ...body, company: { ...body.company, is_term_and_conditions_accepted: false } }),
    ],
    ['a short password', (body) => ({ ...body, admin: { ...body.admin, password: 'short' } })],
    [
      "Django's password validators",
      (body) => ({ ...body, admin: { ...body.admin, password: 'password1' } }),
    ],
    [
      'the key checks of the client, throttled',
      (body) => body,
      (s) =>
        Promise.all(
          Array.from({ length: 10 }, () =>
            raw(s.app, '/api/v1/auth/key/verify', { key: 'ACEB-NEVER-SOLD-0' }),
          ),
        ),
    ],
    [
      "the key's answers that an address is taken, throttled",
      (body) => body,
      async (s) => {
        for (const email of [DANA, MARCUS, GLOBEX_ADMIN])
          await raw(s.app, '/api/v1/tenants/', valid(email), `198.51.100.${email.length}`);
      },
    ],
  ];

  it.each(refusals)(
    'answers %s byte for byte alike for an address with an account and one without, and spends nothing',
    async (_reason, refused, arrange) => {
      const answerFor = async (email: string) => {
        const s = sandbox();
        await arrange?.(s);
        const tenants = s.store.state.tenants.length;
        const answer = await raw(s.app, '/api/v1/tenants/', refused(valid(email)));
        expect(s.store.state.tenants).toHaveLength(tenants);
        expect(
          s.store.state.licenceKeys.find((row) => row.key === 'DEMO-LICENCE-1')?.tenantId,
        ).toBe(null);
        return answer;
      };
      const unknown = await answerFor(NOBODY);
      expect(unknown.status === 400 || unknown.status === 429).toBe(true);
      expect(await answerFor(DANA)).toEqual(unknown);
      expect(await answerFor(TOMAS)).toEqual(unknown);
    },
  );

  it('tells that an address has an account only when the request would create the company', async () => {
    const s = sandbox();
    const taken = await raw(s.app, '/api/v1/tenants/', valid(DANA));
    expect(taken).toMatchObject({ status: 400 });
    expect(JSON.parse(taken.text)).toEqual({ email: ['A user with this email already exists.'] });
    expect((await raw(s.app, '/api/v1/tenants/', valid(NOBODY))).status).toBe(201);
  });
});

describe('invitations to an address of another company', () => {
  const invite = (email: string) => ({
    first_name: 'Marc',
    middle_name: null,
    last_name: 'Again',
    email,
    role: 'user',
  });

  it('answer as for an unknown address, list the user as not yet active, and mail a notice with no link', async () => {
    const s = sandbox();
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const unknown = await globex.post(
      '/api/v1/tenants/invite-users/',
      invite('new@globex.example'),
    );
    const owned = await globex.post(
      '/api/v1/tenants/invite-users/',
      invite(' Marcus.Oyelaran@ACME-cloud.com'),
    );
    const shape = (answer: Answer) => ({ ...answer, body: { ...answer.body, id: 0, email: '' } });
    expect(shape(owned)).toEqual(shape(unknown));
    expect(owned).toMatchObject({ status: 201, body: { email: MARCUS, is_active: false } });
    const listed = (await globex.get('/api/v1/users/')).body.results;
    expect(listed).toContainEqual(expect.objectContaining({ id: owned.body.id, is_active: false }));

    const company = s.store.state.tenants.find((row) => row.id === GLOBEX.id)?.company_name ?? '';
    expect(s.mails.at(-1)).toEqual({
      to: MARCUS,
      subject: expect.stringContaining(`Someone at ${company} invited you`),
      link: '',
    });
    expect(s.mails.at(-1)?.subject).toMatch(
      /already has an AceBridge account with another company/,
    );
    expect(s.mails.at(-1)?.subject).toMatch(/one company only/);
    expect(s.store.state.linkTokens.some((row) => row.userId === owned.body.id)).toBe(false);

    // The address stays Acme's: Marcus signs in there, and his reset mail is his Acme account's.
    expect((await signIn(s.app, MARCUS)).user).toMatchObject({ id: 2 });
    await anonymous(s.app, 'POST', '/api/v1/auth/password/reset/', { email: MARCUS });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(s.mails.at(-1)?.link).toMatch(/^\/password\/reset\/Mg\//);
  });

  it('re-send the notice (throttled as invitations are), and never a link while the address is owned', async () => {
    const s = sandbox();
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const { body: user } = await globex.post('/api/v1/tenants/invite-users/', invite(MARCUS));
    const resend = () => globex.post('/api/v1/tenants/resend-user-invite/', { user_id: user.id });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
    const toMarcus = s.mails.filter((mail) => mail.to === MARCUS);
    expect(toMarcus.map((mail) => mail.link)).toEqual(['', '', '']);
    expect(s.store.state.linkTokens.some((row) => row.userId === user.id)).toBe(false);
  });

  it("hand the address to the next oldest user when its owner is deleted: that user's re-send is a real invitation", async () => {
    const s = sandbox();
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const { body: user } = await globex.post('/api/v1/tenants/invite-users/', invite(MARCUS));
    const dana = await signIn(s.app, DANA);
    expect((await dana.delete('/api/v1/users/2/')).status).toBe(204);

    expect(
      (await globex.post('/api/v1/tenants/resend-user-invite/', { user_id: user.id })).status,
    ).toBe(200);
    const link = s.mails.at(-1)?.link ?? '';
    expect(link).toMatch(/^\/register\//);
    const [, , uid, token] = new URL(link, 'http://app.test').pathname.split('/');
    const accepted = await anonymous(s.app, 'POST', '/api/v1/tenants/invite-users/verify/', {
      uid,
      token,
      user: { password: 'Welc0me-Marc!', confirm_password: 'Welc0me-Marc!' },
    });
    expect(accepted.status).toBe(200);
    const marc = await signIn(s.app, MARCUS, 'Welc0me-Marc!');
    expect(marc.user).toMatchObject({ id: user.id });
  });

  it("keep today's answer for an address already among the inviter's own users", async () => {
    const s = sandbox();
    const dana = await signIn(s.app, DANA);
    for (const email of [MARCUS, TOMAS])
      expect(await dana.post('/api/v1/tenants/invite-users/', invite(email))).toEqual({
        status: 400,
        body: { email: ['user with this email already exists.'] },
      });
    // Including a row of the tenant that does not own its address: the list shows it.
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    expect((await globex.post('/api/v1/tenants/invite-users/', invite(MARCUS))).status).toBe(201);
    expect((await globex.post('/api/v1/tenants/invite-users/', invite(MARCUS))).status).toBe(400);
  });
});

describe('reset links that do not work', () => {
  it('answer alike for an unknown user id, a malformed one, a wrong token, a used and an expired one', async () => {
    const s = sandbox();
    await anonymous(s.app, 'POST', '/api/v1/auth/password/reset/', { email: MARCUS });
    await new Promise<void>((resolve) => setImmediate(resolve));
    const [, , , uid = '', token = ''] = (s.mails.at(-1)?.link ?? '').split('/');
    const confirm = (link: { uid: string; token: string }) =>
      raw(s.app, '/api/v1/auth/password/reset/confirm/', {
        ...link,
        new_password: 'N3w-Passw0rd!',
        confirm_password: 'N3w-Passw0rd!',
      });
    const id999 = Buffer.from('999').toString('base64url');
    const answers = [
      await confirm({ uid: id999, token }),
      await confirm({ uid: 'not-a-uid!', token }),
      await confirm({ uid: 'MQ', token }), // Dana: a user id that exists, with Marcus's token
      await confirm({ uid, token: `${token}x` }),
    ];
    s.later(3 * 24 * 3600 + 1);
    answers.push(await confirm({ uid, token }));
    // A fresh link works once; then it answers as the others.
    await anonymous(s.app, 'POST', '/api/v1/auth/password/reset/', { email: MARCUS });
    await new Promise<void>((resolve) => setImmediate(resolve));
    const [, , , freshUid = '', freshToken = ''] = (s.mails.at(-1)?.link ?? '').split('/');
    expect((await confirm({ uid: freshUid, token: freshToken })).status).toBe(200);
    answers.push(await confirm({ uid: freshUid, token: freshToken }));
    expect(answers).toHaveLength(6);
    for (const answer of answers)
      expect(answer).toEqual({
        status: 400,
        retryAfter: null,
        text: JSON.stringify({ non_field_errors: ['The reset link is invalid or has expired.'] }),
      });
  });
});
