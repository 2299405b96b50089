// @vitest-environment node
/**
 * Sessions that end (refresh token rotation with reuse detection, as djangorestframework-simplejwt
 * with ROTATE_REFRESH_TOKENS and BLACKLIST_AFTER_ROTATION, and the OAuth 2.0 Security BCP): one
 * test per attack, against the in-process sandbox with a clock the test moves.
 */
import { describe, expect, it } from 'vitest';

import { anonymous, signIn, type ApiClient } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';
const NEW_PASSWORD = 'Even-M0re-Secret!';

function sandbox(options: { accessTtl?: number } = {}) {
  let clock = new Date('2026-03-01T10:00:00Z');
  const mails: { link: string }[] = [];
  const made = testSandbox({
    inMemory: true,
    now: () => clock,
    onMail: (mail) => mails.push(mail),
    ...options,
  });
  return {
    ...made,
    mails,
    /** Moves the sandbox's clock forward. */
    wait(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

type App = ReturnType<typeof sandbox>['app'];

const refresh = (app: App, token: string) =>
  anonymous(app, 'POST', '/api/v1/auth/token/refresh/', { refresh: token });

/** A call with an access token of its own (not the client's). */
async function usersWith(app: App, access: string): Promise<number> {
  const response = await app.request('/api/v1/users/', {
    headers: { authorization: `Bearer ${access}` },
  });
  return response.status;
}

/** The session still works: its refresh token rotates and its access token is accepted. */
async function works(app: App, api: ApiClient): Promise<boolean> {
  const rotated = await refresh(app, api.refresh);
  return rotated.status === 200 && (await usersWith(app, rotated.body.access)) === 200;
}

describe('a stolen refresh token', () => {
  it('reused after the grace (6 s) is refused, and ends its session: its current refresh token and its access tokens are refused', async () => {
    const { app, wait } = sandbox();
    const api = await signIn(app, DANA);
    const rotated = await refresh(app, api.refresh);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).toEqual(expect.any(String));
    expect(rotated.body.refresh).not.toBe(api.refresh);
    expect(await usersWith(app, rotated.body.access)).toBe(200);

    wait(6_000);
    expect(await refresh(app, api.refresh)).toEqual({
      status: 401,
      body: { detail: 'Token is blacklisted', code: 'token_not_valid' },
    });
    // The whole session ended: the rotated token and every access token of it are refused.
    expect((await refresh(app, rotated.body.refresh)).status).toBe(401);
    expect(await usersWith(app, rotated.body.access)).toBe(401);
    expect(await usersWith(app, api.access)).toBe(401);
  });

  it('reused within the grace (racing tabs) gets the same current refresh token, not another rotation', async () => {
    const { app, wait } = sandbox();
    const api = await signIn(app, DANA);
    const [first, second] = await Promise.all([
      refresh(app, api.refresh),
      refresh(app, api.refresh),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.refresh).toBe(first.body.refresh);

    wait(4_000);
    const late = await refresh(app, api.refresh);
    expect(late.status).toBe(200);
    expect(late.body.refresh).toBe(first.body.refresh);
    expect(await usersWith(app, late.body.access)).toBe(200);
    // The session goes on from the shared token.
    const next = await refresh(app, first.body.refresh);
    expect(next.status).toBe(200);
    expect(next.body.refresh).not.toBe(first.body.refresh);
  });
});

describe('logout', () => {
  it('with an expired access token revokes the refresh token, and ends the session at once', async () => {
    const { app, wait } = sandbox({ accessTtl: 60 });
    const api = await signIn(app, DANA);
    const other = await signIn(app, DANA);
    wait(61_000);
    expect(await usersWith(app, api.access)).toBe(401);

    // The app sends its (expired) access token along: it is ignored, never refused. The refresh
    // token is what authenticates the call.
    const loggedOut = await app.request('/api/v1/auth/logout/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.access}` },
      body: JSON.stringify({ refresh: api.refresh }),
    });
    expect(loggedOut.status).toBe(200);
    expect(await loggedOut.json()).toEqual({ message: 'Successfully logged out.' });
    expect(await refresh(app, api.refresh)).toMatchObject({
      status: 401,
      body: { code: 'token_not_valid' },
    });
    // Another sign-in of the same user is another session: it goes on.
    expect(await works(app, other)).toBe(true);
  });

  it('refuses a missing, a forged and an already revoked refresh token with 401', async () => {
    const { app } = sandbox();
    const api = await signIn(app, DANA);
    const logout = (body?: object) => anonymous(app, 'POST', '/api/v1/auth/logout/', body);
    expect(await logout()).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    // With no Authorization header at all, the refresh token alone ends the session.
    const spare = await signIn(app, DANA);
    expect((await logout({ refresh: spare.refresh })).status).toBe(200);
    expect(await usersWith(app, spare.access)).toBe(401);
    const [header, payload] = api.refresh.split('.');
    expect((await logout({ refresh: `${header}.${payload}.${'A'.repeat(43)}` })).status).toBe(401);
    expect((await logout({ refresh: api.access })).status).toBe(401);
    expect((await logout({ refresh: api.refresh })).status).toBe(200);
    expect(await logout({ refresh: api.refresh })).toMatchObject({
      status: 401,
      body: { detail: 'Token is blacklisted', code: 'token_not_valid' },
    });
    expect(await usersWith(app, api.access)).toBe(401);
  });
});

describe('a changed or reset password', () => {
  it('a password change ends every other session of the user; the current one gets working fresh tokens', async () => {
    const { app } = sandbox();
    const here = await signIn(app, DANA);
    const elsewhere = await signIn(app, DANA);
    const someoneElse = await signIn(app, MARCUS);

    const changed = await here.post('/api/v1/auth/password/change/', {
      old_password: 'Sup3r-Secret!',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(changed).toEqual({
      status: 200,
      body: {
        message: 'Password updated successfully.',
        access: expect.any(String),
        refresh: expect.any(String),
      },
    });
    expect(changed.body.refresh).not.toBe(here.refresh);

    // The other device is signed out: its refresh and access tokens are refused.
    expect((await refresh(app, elsewhere.refresh)).status).toBe(401);
    expect(await usersWith(app, elsewhere.access)).toBe(401);
    // The current session goes on with the fresh tokens.
    expect(await usersWith(app, changed.body.access)).toBe(200);
    const next = await refresh(app, changed.body.refresh);
    expect(next.status).toBe(200);
    expect(await usersWith(app, next.body.access)).toBe(200);
    // Another user's sessions are untouched.
    expect(await works(app, someoneElse)).toBe(true);
  });

  it('a reset ends every session of the user', async () => {
    const { app, mails } = sandbox();
    const laptop = await signIn(app, MARCUS);
    const phone = await signIn(app, MARCUS);
    const someoneElse = await signIn(app, DANA);

    expect(
      (await anonymous(app, 'POST', '/api/v1/auth/password/reset/', { email: MARCUS })).status,
    ).toBe(200);
    // The reset mail is written just after the reply (its timing must not tell who has an account).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const [, , , uid, token] = (mails.at(-1)?.link ?? '').split(/[/?]/);
    const reset = await anonymous(app, 'POST', '/api/v1/auth/password/reset/confirm/', {
      uid,
      token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);

    for (const device of [laptop, phone]) {
      expect((await refresh(app, device.refresh)).status).toBe(401);
      expect(await usersWith(app, device.access)).toBe(401);
    }
    expect(await works(app, someoneElse)).toBe(true);
  });
});
