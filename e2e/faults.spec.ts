import type { Locator, Page } from '@playwright/test';

import {
  CATALOGUE,
  countRefreshes,
  FAULTS,
  injectFault,
  type CallMatch,
  type Fault,
} from './faults/faults';
import { expect, test } from './fixtures';
import { preferScenario } from './scenarios';
import { signIn, type LoginExample } from './session';

/**
 * One browser test per kind of failure. Every screen's every call, answered with every fault, is
 * the Vitest matrix's (tests/faults/): it runs the app's router, query client and transport against
 * the sandbox in process. What only a browser has is checked here, once per fault, on a screen
 * where it counts: replies that come over real HTTP through the preview server's proxy, the
 * app's own retry policy with its back-off (unit tests turn retries off), a request the browser
 * aborts, a proxy's HTML page instead of the backend's JSON, and the token refresh through the
 * real transport. Each test checks what the user is told, that the page is not blank, that
 * nothing typed is lost, and for a 401 one refresh and then the call going through.
 */

/** One call of one screen, and the user action that sends it. */
interface ScreenCall {
  name: string;
  call: CallMatch;
  /** Signed in as this example before opening (needed for the 401's refresh). */
  signIn?: LoginExample;
  /** Set-up before the page opens (a stored key, a mock scenario). */
  before?: (page: Page) => Promise<void>;
  /** Where the screen lives, and its main heading (still there after the fault). */
  url: string;
  heading: string;
  /** The fault answers the screen's load (set before the page opens) rather than a submit. */
  onLoad?: boolean;
  /** Waits for the screen to be ready, after navigation. */
  ready?: (page: Page) => Promise<void>;
  /** What the user types (each must still hold its value after the failure). */
  typed?: ReadonlyArray<[field: (page: Page) => Locator, value: string]>;
  /** The action that sends the call. */
  submit?: (page: Page) => Promise<void>;
  /**
   * Where the catalogue's text shows: in a toast, or anywhere (a block's own error, a toast); a
   * call with no answer shows the outage banner instead, and no toast repeats it.
   */
  shows: 'toast' | 'anywhere' | 'banner';
  /** What the screen shows once the call went through (after a 401 and its refresh). */
  success?: (page: Page) => Promise<void>;
}

const label = (text: string | RegExp) => (page: Page) => page.getByLabel(text);
const click = (name: string) => (page: Page) =>
  page.getByRole('button', { name, exact: true }).click();

/** A toast with the text (Blueprint's toasts). */
const toastWith = (page: Page, value: string) =>
  page.locator('.bp6-toast').filter({ hasText: value }).last();

const SMOKE: Record<Fault, ScreenCall> = {
  // A form's 400: the backend's JSON body is read for its `error`, over real HTTP.
  400: {
    name: 'aws onboarding: Register',
    call: {
      method: 'POST',
      path: /^\/api\/v1\/auth\/aws\/marketplace\/fulfill\/register-purchase$/,
    },
    url: '/aws-onboarding',
    heading: 'AWS Marketplace Registration',
    typed: [
      [label(/Contact Person/), 'Dana Whitfield'],
      [label(/^Email/), 'dana.whitfield@acme-cloud.com'],
      [label(/Contact Phone/), '+1 206 555 0100'],
      [label(/Company Name/), 'Acme Cloud Solutions'],
    ],
    submit: click('Register'),
    shows: 'toast',
  },
  // An expired token on a POST: the refresh and the retry go through the real transport, its
  // stored tokens and the XSRF cookie, and the invitation is made once.
  401: {
    name: 'accounts: Invite User',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/invite-users\/$/ },
    signIn: 'superAdmin',
    url: '/accounts',
    heading: 'Company Settings',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add New' }).click();
      await page
        .getByRole('dialog', { name: 'Create Account' })
        .getByLabel('Role')
        .selectOption('User');
    },
    typed: [
      [(page) => page.getByRole('dialog').getByLabel('Name'), 'Tomás Rivera'],
      [(page) => page.getByRole('dialog').getByLabel('Email'), 'tomas.rivera@acme-cloud.com'],
    ],
    submit: (page) => page.getByRole('dialog').getByRole('button', { name: 'Invite User' }).click(),
    shows: 'toast',
    success: async (page) =>
      expect(page.getByText('User Added Successfully', { exact: true }).first()).toBeVisible(),
  },
  // A read the backend does not know: not retried (a 4xx will not get better), told at once.
  404: {
    name: 'dashboard: sync statistics load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/get-sync-data$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    shows: 'anywhere',
  },
  // A method the server refuses, on a button's POST.
  405: {
    name: 'dashboard: Sync',
    call: { method: 'POST', path: /^\/api\/v1\/salesforce\/data-mappings\/sync-data\/$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Last Synced' })).toContainText('37');
    },
    submit: click('Sync'),
    shows: 'toast',
  },
  // The proxy in front of the backend refuses the body (its HTML page, not JSON) on the form
  // that sends the most: the AWS policy details.
  413: {
    name: 'wizard step 4: Next (S3 and KMS details)',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/add-policy\/$/ },
    signIn: 'superAdmin',
    before: async (page) => {
      await page.addInitScript(
        (key) => localStorage.setItem('newConnectionProductKey', key),
        'ACEB-7Q2M-K9XD-41PF',
      );
      await preferScenario(page, '/api/v1/connection-step-status/', 'example=incompleteStep4');
    },
    url: '/new-connection',
    heading: 'Step 4',
    ready: async (page) => {
      await page.getByText('Do you have AWS Assume Role Policy File?').click();
      await expect(page.getByLabel(/^Region/)).toBeVisible();
    },
    typed: [
      [label(/^AWS Account Id/), '123456789012'],
      [label(/^External Role ARN/), 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole'],
      [label(/^Region/), 'us-west-2'],
      [label(/^SPM Id/), 'spm-8f2d1c'],
      [label(/^Bucket Name/), 'ace-pc-acme-cloud-solutions-us-west-2'],
      [
        label(/^KMS ARN/),
        'arn:aws:kms:us-west-2:123456789012:key/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
      ],
    ],
    submit: click('Next'),
    shows: 'toast',
  },
  // A read that keeps failing: the app's real policy asks twice more, 1 s and 2 s apart, and only
  // then tells the user.
  500: {
    name: 'dashboard: launches load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/unread-launched-data$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    shows: 'anywhere',
  },
  // The browser aborts the request (no reply at all): fetch rejects, the banner says the server
  // cannot be reached, and no toast repeats it.
  network: {
    name: 'register: Save',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/invite-users\/verify\/$/ },
    url: '/register/MTA/5x2-0f3a9c1d2e?name=Priya',
    heading: 'New Account',
    typed: [
      [label(/^New Password/), 'N3w-Secret!'],
      [label(/^Confirm Password/), 'N3w-Secret!'],
    ],
    submit: click('Save'),
    shows: 'banner',
  },
};

for (const fault of FAULTS) {
  const entry = SMOKE[fault];
  test(`${entry.name} › ${fault}`, async ({ page }) => {
    // The 500 read is asked three times, with the back-off between, before it shows.
    test.slow(fault === 500);
    if (entry.signIn) await signIn(page, entry.signIn);
    await entry.before?.(page);
    const refreshes = countRefreshes(page);
    if (entry.onLoad) await injectFault(page, entry.call, fault);
    await page.goto(entry.url);
    await entry.ready?.(page);
    if (!entry.onLoad) await injectFault(page, entry.call, fault);
    for (const [field, value] of entry.typed ?? []) await field(page).fill(value);
    await entry.submit?.(page);

    if (fault === 401) {
      await entry.success?.(page);
      expect(refreshes(), 'one token refresh').toBe(1);
    } else if (entry.shows === 'banner') {
      await expect(page.getByRole('status')).toContainText('AceBridge cannot reach its server.', {
        timeout: 12_000,
      });
      await expect(page.locator('.bp6-toast')).toHaveCount(0);
    } else if (entry.shows === 'toast') {
      await expect(toastWith(page, CATALOGUE[fault])).toBeVisible({ timeout: 12_000 });
    } else {
      await expect(page.getByText(CATALOGUE[fault], { exact: true }).first()).toBeVisible({
        timeout: 12_000,
      });
    }

    // No blank page: the shell and the screen's heading are still there.
    await expect(page.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    // Nothing typed is lost (after a 401 the call went through, and a form may clear).
    if (fault === 401) return;
    for (const [field, value] of entry.typed ?? []) await expect(field(page)).toHaveValue(value);
  });
}
