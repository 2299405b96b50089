import { expect, it } from 'vitest';

import { session, type SessionUser } from '@/api/session';
import { ACME } from '@tests/sandbox/seed/seed';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { createTestQueryClient } from '@tests/test-query-client';

import { homeAfterLogin } from './auth-queries';

const backend = setupSandboxBackend();

function acmeSetupIncomplete(): void {
  backend.store.transact((draft) => {
    const acme = draft.tenants.find((tenant) => tenant.id === ACME.id)!;
    acme.aws = null;
  });
}

function signedInUser(): SessionUser {
  const user = session.getUser();
  if (!user) throw new Error('expected a signed-in user');
  return user;
}

it('sends an admin, like a super admin, to the wizard while set-up is incomplete', async () => {
  acmeSetupIncomplete();
  await backend.signIn(DANA);
  const admin: SessionUser = { ...signedInUser(), role: 'admin' };
  expect(await homeAfterLogin(admin, createTestQueryClient())).toBe('/new-connection');
});

it('takes an empty set-up message for incomplete set-up: the wizard, not the dashboard', async () => {
  await backend.signIn(DANA);
  backend.fail('getConnectionStepStatus', { status: 200, body: { current_step: 3, message: '' } });
  expect(await homeAfterLogin(signedInUser(), createTestQueryClient())).toBe('/new-connection');
});

it('sends a super admin whose set-up is complete to the dashboard', async () => {
  await backend.signIn(DANA);
  expect(await homeAfterLogin(signedInUser(), createTestQueryClient())).toBe('/dashboard');
});

it('sends a user to the dashboard without asking about set-up, which users cannot change', async () => {
  acmeSetupIncomplete();
  await backend.signIn(MARCUS);
  const before = backend.calls.length;
  expect(await homeAfterLogin(signedInUser(), createTestQueryClient())).toBe('/dashboard');
  expect(backend.calls.slice(before)).toEqual([]);
});
