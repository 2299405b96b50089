// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { anonymous, signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';
const GRACE = {
  first_name: 'Grace',
  middle_name: null,
  last_name: 'Hopper',
  email: 'grace.hopper@acme-cloud.com',
  role: 'user',
};

function sandbox() {
  const mails: { to: string; link: string }[] = [];
  const made = testSandbox({ inMemory: true, onMail: (mail) => mails.push(mail) });
  return { ...made, mails };
}

/** `/register/{uid}/{token}?name=…` -> its parts. */
function invitation(link: string | undefined) {
  const url = new URL(link ?? '', 'http://app.test');
  const [, , uid, token] = url.pathname.split('/');
  return { uid: uid ?? '', token: token ?? '', name: url.searchParams.get('name') };
}

const accept = (app: ReturnType<typeof sandbox>['app'], uid: string, token: string) =>
  anonymous(app, 'POST', '/api/v1/tenants/invite-users/verify/', {
    uid,
    token,
    user: { password: 'Welc0me-Grace!', confirm_password: 'Welc0me-Grace!' },
  });

describe('users', () => {
  it('lists the tenant for an admin and only themself for a user', async () => {
    const { app } = sandbox();
    const dana = await signIn(app, DANA);
    const all = await dana.get('/api/v1/users/');
    expect(all.body.results.map((user: { id: number }) => user.id)).toEqual([1, 2, 3, 4, 5]);
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    expect((await marcus.get('/api/v1/users/')).body.results).toEqual([
      expect.objectContaining({ id: 2, email: 'marcus.oyelaran@acme-cloud.com' }),
    ]);
    expect((await marcus.get('/api/v1/users/1/')).status).toBe(404);
  });

  it('invites: an inactive user, an outbox link, register, then sign in as the new user', async () => {
    const { app, mails, store } = sandbox();
    const dana = await signIn(app, DANA);
    const invited = await dana.post('/api/v1/tenants/invite-users/', GRACE);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: GRACE.email, is_active: false, role: 'user' });
    expect((await dana.get('/api/v1/users/')).body.results).toContainEqual(invited.body);

    expect(mails.at(-1)?.to).toBe(GRACE.email);
    expect(store.state.outbox.at(-1)?.link).toBe(mails.at(-1)?.link);
    const { uid, token, name } = invitation(mails.at(-1)?.link);
    expect(name).toBe('Grace');
    expect(Buffer.from(uid, 'base64url').toString()).toBe(String(invited.body.id));
    await expect(signIn(app, GRACE.email, 'Welc0me-Grace!')).rejects.toThrow();

    const mismatch = await anonymous(app, 'POST', '/api/v1/tenants/invite-users/verify/', {
      uid,
      token,
      user: { password: 'Welc0me-Grace!', confirm_password: 'different' },
    });
    expect(mismatch).toEqual({
      status: 400,
      body: { errors: { confirm_password: ['Password and confirm password do not match.'] } },
    });
    expect((await accept(app, uid, token)).status).toBe(200);
    const grace = await signIn(app, GRACE.email, 'Welc0me-Grace!');
    expect(grace.user).toMatchObject({ email: GRACE.email, is_active: true });
    expect((await accept(app, uid, token)).body).toEqual({
      error: 'The invitation link is invalid or has expired.',
    });
  });

  it("refuses an e-mail of the tenant's own users; another tenant's gets a notice, not a link", async () => {
    const { app, mails } = sandbox();
    const dana = await signIn(app, DANA);
    const taken = await dana.post('/api/v1/tenants/invite-users/', {
      ...GRACE,
      email: 'Marcus.Oyelaran@acme-cloud.com',
    });
    expect(taken).toEqual({
      status: 400,
      body: { email: ['user with this email already exists.'] },
    });
    expect(mails).toEqual([]);
    // Globex's: answered as any address (tests/security/enumeration.test.ts has the whole rule).
    const elsewhere = await dana.post('/api/v1/tenants/invite-users/', {
      ...GRACE,
      email: 'Hank.Scorpio@globex.example',
    });
    expect(elsewhere.status).toBe(201);
    expect(mails).toEqual([
      expect.objectContaining({ to: 'hank.scorpio@globex.example', link: '' }),
    ]);
  });

  it('resends with a new link and the old one stops working', async () => {
    const { app, mails } = sandbox();
    const dana = await signIn(app, DANA);
    const { body: user } = await dana.post('/api/v1/tenants/invite-users/', GRACE);
    const first = invitation(mails.at(-1)?.link);
    const resent = await dana.post('/api/v1/tenants/resend-user-invite/', { user_id: user.id });
    expect(resent).toEqual({ status: 200, body: { message: 'Invitation e-mail sent again.' } });
    const second = invitation(mails.at(-1)?.link);
    expect(second.token).not.toBe(first.token);
    expect((await accept(app, first.uid, first.token)).status).toBe(400);
    expect((await accept(app, second.uid, second.token)).status).toBe(200);
    expect(await dana.post('/api/v1/tenants/resend-user-invite/', { user_id: user.id })).toEqual({
      status: 400,
      body: { error: 'This user has already accepted the invitation.' },
    });
  });

  it("refuses a part of a name shorter than the contract's NamePart, inviting or renaming, and keeps nothing", async () => {
    const { app, mails, store } = sandbox();
    const dana = await signIn(app, DANA);
    const users = store.state.users;
    expect(
      await dana.post('/api/v1/tenants/invite-users/', {
        ...GRACE,
        first_name: ' G ',
        last_name: 'H',
      }),
    ).toEqual({
      status: 400,
      body: {
        first_name: ['Ensure this field has at least 2 characters.'],
        last_name: ['Ensure this field has at least 2 characters.'],
      },
    });
    expect(await dana.patch('/api/v1/users/2/', { middle_name: 'A' })).toEqual({
      status: 400,
      body: { middle_name: ['Ensure this field has at least 2 characters.'] },
    });
    expect(store.state.users).toBe(users);
    expect(mails).toEqual([]);
    // Two characters are a NamePart.
    expect((await dana.patch('/api/v1/users/2/', { middle_name: 'Al' })).status).toBe(200);
  });

  it('edits the name only', async () => {
    const { app } = sandbox();
    const dana = await signIn(app, DANA);
    const renamed = await dana.patch('/api/v1/users/2/', {
      first_name: 'Marcus',
      middle_name: 'Adebayo',
      last_name: 'Oyelaran',
    });
    expect(renamed).toEqual({
      status: 200,
      body: {
        id: 2,
        first_name: 'Marcus',
        middle_name: 'Adebayo',
        last_name: 'Oyelaran',
        email: 'marcus.oyelaran@acme-cloud.com',
        role: 'user',
        is_active: true,
      },
    });
    const withRole = await dana.patch('/api/v1/users/2/', {
      first_name: 'Marc',
      role: 'super_admin',
    });
    expect(withRole).toEqual({ status: 400, body: { role: ['Only the name can be changed.'] } });
    expect((await dana.get('/api/v1/users/2/')).body).toMatchObject({
      first_name: 'Marcus',
      role: 'user',
    });
  });

  it('deletes a user, but not a super admin, and only as a super admin', async () => {
    const { app } = sandbox();
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    expect((await marcus.delete('/api/v1/users/5/')).status).toBe(404);
    const dana = await signIn(app, DANA);
    expect((await dana.delete('/api/v1/users/1/')).status).toBe(404);
    expect(await dana.delete('/api/v1/users/5/')).toEqual({ status: 204, body: undefined });
    expect((await dana.get('/api/v1/users/5/')).status).toBe(404);
    expect((await dana.get('/api/v1/users/')).body.results).toHaveLength(4);
  });

  it("keeps tenants apart: Globex's admin gets 404 on Acme's users and tenant", async () => {
    const { app } = sandbox();
    const globex = await signIn(app, 'ops@globex.example');
    expect(
      (await globex.get('/api/v1/users/')).body.results.map(
        (user: { email: string }) => user.email,
      ),
    ).toEqual([
      'ops@globex.example',
      'hank.scorpio@globex.example',
      'mindy.simmons@globex.example',
    ]);
    expect((await globex.get('/api/v1/users/2/')).status).toBe(404);
    expect((await globex.patch('/api/v1/users/2/', { first_name: 'Hacked' })).status).toBe(404);
    expect((await globex.delete('/api/v1/users/2/')).status).toBe(404);
    expect((await globex.post('/api/v1/tenants/resend-user-invite/', { user_id: 4 })).status).toBe(
      404,
    );
    expect((await globex.get('/api/v1/tenants/1/')).status).toBe(404);
    expect((await globex.patch('/api/v1/tenants/1/', { is_production_enabled: true })).status).toBe(
      404,
    );
    expect((await globex.get('/api/v1/tenants/2/')).body).toMatchObject({
      id: 2,
      subdomain_prefix: 'globex',
    });
  });
});
