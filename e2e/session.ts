import type { Page } from '@playwright/test';

import { PATHS, SUPER_ADMIN } from './scenarios';

export type LoginExample = 'superAdmin' | 'user' | 'admin';

/**
 * Signs in without the login screen: asks the mock for the login reply of the named example and
 * seeds local storage with it before the app's first script runs (once per tab, so a later
 * logout stays logged out).
 */
export async function signIn(page: Page, example: LoginExample = 'superAdmin'): Promise<void> {
  const response = await page.request.post(PATHS.login, {
    data: SUPER_ADMIN,
    headers: { prefer: `example=${example}` },
  });
  if (!response.ok()) throw new Error(`The mock refused the login: ${response.status()}`);
  const reply = (await response.json()) as { user: unknown; access: string; refresh: string };
  await page.addInitScript((session) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('currentUser', JSON.stringify(session.user));
    localStorage.setItem('currentAccessToken', session.access);
    localStorage.setItem('currentRefreshToken', session.refresh);
  }, reply);
}
