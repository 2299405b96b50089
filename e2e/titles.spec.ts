import { expect, test } from './fixtures';
import { signIn, type LoginExample } from './session';

// Every screen names itself in the tab, "{Screen} · AceBridge" (WCAG 2.4.2, Page Titled), from the
// route table of the spec's section 2; no two screens share a title.

interface TitledRoute {
  path: string;
  title: string;
  /** Signed in as this login example first; logged out when absent. */
  as?: LoginExample;
  /** Where the app lands, when the route redirects. */
  lands?: RegExp;
}

const ROUTES: readonly TitledRoute[] = [
  { path: '/login', title: 'User Login' },
  { path: '/logout', title: 'User Login', as: 'superAdmin', lands: /\/login$/ },
  { path: '/register/NA/invite-token?name=Grace%20Hopper', title: 'New Account' },
  { path: '/request-reset-password', title: 'Reset your password' },
  { path: '/password/reset/NA/reset-token', title: 'Reset Password' },
  { path: '/new-account', title: 'Welcome' },
  { path: '/new-connection', title: 'Step 1 · Account Authorization' },
  { path: '/', title: 'Step 1 · Account Authorization', lands: /\/new-connection$/ },
  { path: '/dashboard', title: 'Update Feed', as: 'superAdmin' },
  { path: '/values-mapper', title: 'Sync Settings', as: 'superAdmin' },
  { path: '/accounts', title: 'Company Settings', as: 'superAdmin' },
  { path: '/invite-user', title: 'Company Settings', as: 'superAdmin', lands: /\/accounts/ },
  { path: '/incomplete-setup', title: 'Incomplete Setup' },
  { path: '/aws-onboarding', title: 'AWS Marketplace Registration' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions' },
  { path: '/no-such-screen', title: 'Page not found' },
];

for (const route of ROUTES) {
  test(`${route.path} is titled "${route.title} · AceBridge"`, async ({ page }) => {
    if (route.as) await signIn(page, route.as);
    await page.goto(route.path);
    if (route.lands) await expect(page).toHaveURL(route.lands);
    await expect(page).toHaveTitle(`${route.title} · AceBridge`);
  });
}

test('no two screens share a title', () => {
  const screens = new Map<string, string>();
  for (const { path, title, lands } of ROUTES) {
    if (lands) continue; // a redirect shows another route's screen
    expect(screens.get(title), `${path} and ${screens.get(title)} share "${title}"`).toBe(
      undefined,
    );
    screens.set(title, path);
  }
});

test('the wizard’s title follows its step, and Back restores it', async ({ page }) => {
  await page.goto('/new-connection');
  await expect(page).toHaveTitle('Step 1 · Account Authorization · AceBridge');
  await page.getByLabel(/Licence Key/).fill('ACEB-7Q2M-K9XD-41PF');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();
  await expect(page).toHaveTitle('Step 2 · Account Details · AceBridge');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveTitle('Step 1 · Account Authorization · AceBridge');
});

test('a wizard resumed at step 5 is titled so from the start', async ({ page }) => {
  await signIn(page, 'superAdmin');
  await page.addInitScript(() => localStorage.setItem('newConnectionProductKey', 'KEY-TITLES'));
  await page.route('**/api/v1/connection-step-status/**', (route) =>
    route.continue({
      headers: { ...route.request().headers(), prefer: 'example=incompleteStep5' },
    }),
  );
  await page.goto('/new-connection');
  await expect(page.getByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible();
  await expect(page).toHaveTitle('Step 5 · Connection Settings · AceBridge');
});
