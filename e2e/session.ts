import type { Page } from '@playwright/test';

import { PATHS, SUPER_ADMIN } from './scenarios';

export type LoginExample = 'superAdmin' | 'user' | 'admin';

/** A login reply: the user and both tokens. */
export interface LoginReply {
  user: unknown;
  access: string;
  refresh: string;
}

/**
 * Seeds local storage with a login reply before the app's next script runs, as the login screen
 * leaves it: once per tab and session, so a later logout stays logged out, and a later sign-in as
 * someone else in the same tab takes over.
 */
export async function seedSession(page: Page, reply: LoginReply): Promise<void> {
  await page.addInitScript((session) => {
    const seeded = `e2e-seeded:${session.refresh.slice(-24)}`;
    if (sessionStorage.getItem(seeded)) return;
    sessionStorage.setItem(seeded, '1');
    localStorage.setItem('currentUser', JSON.stringify(session.user));
    localStorage.setItem('currentAccessToken', session.access);
    localStorage.setItem('currentRefreshToken', session.refresh);
  }, reply);
}

/**
 * Signs in without the login screen: asks the mock for the login reply of the named example and
 * seeds the session with it.
 */
export async function signIn(page: Page, example: LoginExample = 'superAdmin'): Promise<void> {
  const response = await page.request.post(PATHS.login, {
    data: SUPER_ADMIN,
    headers: { prefer: `example=${example}` },
  });
  if (!response.ok()) throw new Error(`The mock refused the login: ${response.status()}`);
  await seedSession(page, (await response.json()) as LoginReply);
}
