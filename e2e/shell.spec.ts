import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

// Every route of the spec's route table, with the heading it shows today.
const ROUTES: Array<[path: string, heading: string]> = [
  ['/login', 'User Login'],
  ['/register/MTA/abc-123?name=Jane', 'New Account'],
  ['/request-reset-password', 'Reset your password'],
  ['/password/reset/MTA/abc-123', 'Reset Password'],
  ['/new-account', 'Welcome to AceBridge!'],
  ['/new-connection', 'Step 1'],
  ['/incomplete-setup', 'Account setup'],
  ['/aws-onboarding', 'AWS Marketplace Registration'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-and-conditions', 'Terms and Conditions'],
];

test.describe('every route answers', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} renders in the shell without accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('guarded routes ask a logged-out visitor to log in first', () => {
  for (const path of ['/dashboard', '/values-mapper', '/accounts', '/invite-user']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?returnUrl=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
    });
  }
});

test('the empty path lands on the wizard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/new-connection$/);
});

test('an unknown path shows the 404 page, and its link goes home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Sorry, the page not found.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/new-connection$/);
});

test('the incomplete set-up notice says exactly what to do', async ({ page }) => {
  await page.goto('/incomplete-setup');
  await expect(
    page.getByText(
      'Account Setup is incomplete. Please ask your administrator to complete the account setup so that you can access the dashboard.',
      { exact: true },
    ),
  ).toBeVisible();
});

test('the footer opens the legal pages in a new tab', async ({ page, context }) => {
  await page.goto('/new-account');
  const footer = page.getByRole('contentinfo');
  for (const [name, heading, updated] of [
    ['Terms and Conditions', 'Terms and Conditions', 'Jan 5, 2024'],
    ['Privacy Policy', 'Privacy Policy', 'July 20, 2022'],
  ] as const) {
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name }).click(),
    ]);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(tab.getByText(`Last updated: ${updated}`)).toBeVisible();
    await tab.close();
  }
  // The original tab stays where it was.
  await expect(page).toHaveURL(/\/new-account$/);
});

test('the production build is served with a strict Content-Security-Policy', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  // The app runs under it: the login screen renders and no violation is reported (see fixtures).
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
});
