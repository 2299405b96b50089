// @vitest-environment node
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';

import { transactWithMail, writePasswordReset } from '../domain/outbox';
import { anonymous, signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';

function sandbox(options: Parameters<typeof testSandbox>[0] = {}) {
  const mails: { to: string; link: string }[] = [];
  const made = testSandbox({ inMemory: true, onMail: (mail) => mails.push(mail), ...options });
  return { ...made, mails };
}

/** Lets the reset mails queued so far be written (the reset request mails after its reply). */
const mailed = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The uid and token of the last mail's link. */
function linkOf(mails: { link: string }[]) {
  const [, , , uid, token] = (mails.at(-1)?.link ?? '').split(/[/?]/);
  return { uid: uid ?? '', token: token ?? '' };
}

describe('sessions', () => {
  it('refuses a wrong password with 401 and accepts the right one', async () => {
    const { app } = sandbox();
    const wrong = await anonymous(app, 'POST', '/api/v1/auth/login/', {
      email: DANA,
      password: 'not-her-password',
    });
    expect(wrong.status).toBe(401);
    const api = await signIn(app, DANA);
    expect(api.user).toMatchObject({ id: 1, role: 'super_admin' });
  });

  it('answers 401 to a forged and to an expired access token', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app } = sandbox({ now: () => clock, accessTtl: 60 });
    const api = await signIn(app, DANA);
    const [header, payload] = api.access.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const withForged = await app.request('/api/v1/users/', {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(withForged.status).toBe(401);

    expect((await api.get('/api/v1/users/')).status).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    const expired = await api.get('/api/v1/users/');
    expect(expired).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
  });

  it('revokes the refresh token at logout', async () => {
    const { app } = sandbox();
    const api = await signIn(app, DANA);
    const refresh = () =>
      anonymous(app, 'POST', '/api/v1/auth/token/refresh/', { refresh: api.refresh });
    expect((await refresh()).status).toBe(200);
    expect((await api.post('/api/v1/auth/logout/', { refresh: api.refresh })).status).toBe(200);
    expect(await refresh()).toMatchObject({
      status: 401,
      body: { detail: 'Token is blacklisted' },
    });
  });

  it('rotates the refresh token: a retired one no longer verifies, a token without a session is refused', async () => {
    const { app, deps, store } = sandbox();
    const api = await signIn(app, DANA);
    const verify = (token: string) =>
      anonymous(app, 'POST', '/api/v1/auth/token/verify/', { token });
    expect((await verify(api.refresh)).status).toBe(200);
    const rotated = await anonymous(app, 'POST', '/api/v1/auth/token/refresh/', {
      refresh: api.refresh,
    });
    expect(rotated).toEqual({
      status: 200,
      body: { access: expect.any(String), refresh: expect.any(String) },
    });
    expect((await verify(api.refresh)).status).toBe(401);
    expect((await verify(rotated.body.refresh)).status).toBe(200);
    const [session] = store.state.sessions;
    expect(session).toMatchObject({
      userId: 1,
      previous: { jti: expect.any(String) },
      endedAt: null,
    });

    // A token of version 1 of the sandbox (no `sid`), correctly signed, is refused.
    const now = Math.floor(Date.now() / 1000);
    const legacy = await sign(
      { token_type: 'refresh', exp: now + 60, iat: now, jti: 'x', user_id: 1, tenant_id: 1 },
      deps.sessions.secret,
      'HS256',
    );
    expect(
      await anonymous(app, 'POST', '/api/v1/auth/token/refresh/', { refresh: legacy }),
    ).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
  });

  it('forgets the sessions whose refresh tokens have all expired, at the next sign-in', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app, store } = sandbox({ now: () => clock, refreshTtl: 3600 });
    await signIn(app, DANA);
    await signIn(app, MARCUS);
    expect(store.state.sessions).toHaveLength(2);
    clock = new Date(clock.getTime() + 3601_000);
    await signIn(app, DANA);
    expect(store.state.sessions).toHaveLength(1);
  });

  it('requires the XSRF header on a non-GET call with a session', async () => {
    const { app } = sandbox();
    const api = await signIn(app, DANA);
    const response = await app.request('/api/v1/tenants/resend-user-invite/', {
      method: 'POST',
      headers: { authorization: `Bearer ${api.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 4 }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'csrf_failed' });
  });
});

describe('password reset', () => {
  it('answers an unknown e-mail and an invited user as a known one, and mails neither', async () => {
    const { app, mails } = sandbox();
    const reset = (email: string) =>
      anonymous(app, 'POST', '/api/v1/auth/password/reset/', { email });
    // The reply never tells whether an address has an account.
    const sent = { status: 200, body: { message: 'Password reset e-mail has been sent.' } };
    expect(await reset('nobody@acme-cloud.com')).toEqual(sent);
    expect(await reset('tomas.rivera@acme-cloud.com')).toEqual(sent);
    await mailed();
    expect(mails).toEqual([]);
    expect(await reset('not-an-address')).toEqual({
      status: 400,
      body: { email: ['Enter a valid email address.'] },
    });
  });

  it('mails a one-time link that sets a new password', async () => {
    const { app, mails, store } = sandbox();
    const sent = await anonymous(app, 'POST', '/api/v1/auth/password/reset/', { email: MARCUS });
    expect(sent.status).toBe(200);
    await mailed();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: MARCUS,
      link: expect.stringMatching(/^\/password\/reset\/Mg\/\S+$/),
    });
    expect(store.state.outbox.at(-1)).toMatchObject({ to: MARCUS, link: mails[0]?.link });

    const { uid, token } = linkOf(mails);
    const confirm = (body: object) =>
      anonymous(app, 'POST', '/api/v1/auth/password/reset/confirm/', { uid, token, ...body });
    expect(await confirm({ new_password: 'N3w-Passw0rd!', confirm_password: 'other' })).toEqual({
      status: 400,
      body: { confirm_password: ['This field must match the new password.'] },
    });
    const weak = await confirm({ new_password: '12345678', confirm_password: '12345678' });
    expect(weak.status).toBe(400);
    expect(weak.body.new_password).toContain('This password is entirely numeric.');
    expect(
      await anonymous(app, 'POST', '/api/v1/auth/password/reset/confirm/', {
        uid: 'not-a-uid',
        token,
        new_password: 'x',
        confirm_password: 'x',
      }),
    ).toEqual({
      status: 400,
      body: { non_field_errors: ['The reset link is invalid or has expired.'] },
    });

    const done = await confirm({
      new_password: 'N3w-Passw0rd!',
      confirm_password: 'N3w-Passw0rd!',
    });
    expect(done).toEqual({
      status: 200,
      body: { message: 'Password has been reset with the new password.' },
    });
    await expect(signIn(app, MARCUS)).rejects.toThrow();
    expect((await signIn(app, MARCUS, 'N3w-Passw0rd!')).user.id).toBe(2);

    const again = await confirm({
      new_password: 'An0ther-Pass!',
      confirm_password: 'An0ther-Pass!',
    });
    expect(again).toEqual({
      status: 400,
      body: { non_field_errors: ['The reset link is invalid or has expired.'] },
    });
  });

  it('writes nothing and tells no one when the transaction rolls back', () => {
    const { deps, store, mails } = sandbox();
    const before = store.state.outbox.length;
    const marcus = store.state.users.find((user) => user.email === MARCUS)!;
    expect(() =>
      transactWithMail(deps, (draft, now) => {
        writePasswordReset(draft, marcus, now);
        throw new Error('refused after writing the mail');
      }),
    ).toThrow('refused');
    expect(store.state.outbox).toHaveLength(before);
    expect(store.state.linkTokens).toHaveLength(0);
    expect(mails).toEqual([]);
  });
});

describe('password change', () => {
  it('checks the old password before setting the new one', async () => {
    const { app } = sandbox();
    const api = await signIn(app, MARCUS);
    const wrong = await api.post('/api/v1/auth/password/change/', {
      old_password: 'guess',
      new_password: 'Even-M0re-Secret!',
      confirm_password: 'Even-M0re-Secret!',
    });
    expect(wrong).toEqual({
      status: 400,
      body: { old_password: ['Your old password was entered incorrectly. Please enter it again.'] },
    });
    const right = await api.post('/api/v1/auth/password/change/', {
      old_password: 'Sup3r-Secret!',
      new_password: 'Even-M0re-Secret!',
      confirm_password: 'Even-M0re-Secret!',
    });
    expect(right.status).toBe(200);
    expect((await signIn(app, MARCUS, 'Even-M0re-Secret!')).user.id).toBe(2);
  });
});
