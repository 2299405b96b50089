import type { Locator, Page } from '@playwright/test';

import { expect } from '../fixtures';
import { preferScenario } from '../scenarios';
import type { LoginExample } from '../session';
import { CATALOGUE, REJECTED, type CallMatch, type Fault } from './faults';

/** One call of one screen, and the user action that sends it. */
export interface ScreenCall {
  name: string;
  call: CallMatch;
  /** Signed in as this example before opening (logged-in calls also get the 401 case). */
  signIn?: LoginExample;
  /** Set-up before the page opens (a stored key, a mock scenario). */
  before?: (page: Page) => Promise<void>;
  /** Where the screen lives, and its main heading (still there after the fault). */
  url: string;
  heading: string;
  /** The heading once the call went through, when the screen moves on (after a 401's retry). */
  headingAfterSuccess?: string;
  /** The fault answers the screen's load (set before the page opens) rather than a submit. */
  onLoad?: boolean;
  /** Waits for the screen to be ready, after navigation. */
  ready?: (page: Page) => Promise<void>;
  /** What the user types (each must still hold its value after the failure). */
  typed?: ReadonlyArray<[field: (page: Page) => Locator, value: string]>;
  /** The action that sends the call. */
  submit?: (page: Page) => Promise<void>;
  /** How the screen tells of the fault; the catalogue's text shown somewhere by default. */
  shows?: (page: Page, fault: Exclude<Fault, 401>) => Promise<void>;
  /** What the screen shows once the call went through (after a 401 and its refresh). */
  success?: (page: Page) => Promise<void>;
}

const KEY = 'ACEB-7Q2M-K9XD-41PF';
const SERVICE_PROBLEM = 'We have problems with the service, please try again later';
const label = (text: string | RegExp) => (page: Page) => page.getByLabel(text);
const click = (name: string) => (page: Page) =>
  page.getByRole('button', { name, exact: true }).click();
const text = (value: string) => async (page: Page) =>
  expect(page.getByText(value, { exact: true }).first()).toBeVisible();

/** A toast with the text, announced (Blueprint renders toasts with role alert). */
const toastWith = (page: Page, value: string) =>
  page.locator('.bp6-toast').filter({ hasText: value }).last();

const toastShows = async (page: Page, fault: Exclude<Fault, 401>) =>
  expect(toastWith(page, CATALOGUE[fault])).toBeVisible();

/** A screen that reports a failed call as field state only: fields marked, no message. */
const fieldsInvalid = (fields: Array<(page: Page) => Locator>) => async (page: Page) => {
  for (const field of fields) await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
};

/** The reset screens' own message: the 400's error, else the service fallback. */
const resetMessage = (page: Page, fault: Exclude<Fault, 401>) =>
  text(fault === 400 ? REJECTED : SERVICE_PROBLEM)(page);

export const SCREEN_CALLS: readonly ScreenCall[] = [
  {
    name: 'login: Login',
    call: { method: 'POST', path: /^\/api\/v1\/auth\/login\/$/ },
    url: '/login',
    heading: 'User Login',
    typed: [
      [label('Email'), 'dana.whitfield@acme-cloud.com'],
      [label('Password'), 'Sup3r-Secret!'],
    ],
    submit: click('Login'),
    shows: fieldsInvalid([label('Email'), label('Password')]),
  },
  {
    name: 'request reset: Send',
    call: { method: 'POST', path: /^\/api\/v1\/auth\/password\/reset\/$/ },
    url: '/request-reset-password',
    heading: 'Reset your password',
    typed: [[label('Email'), 'dana.whitfield@acme-cloud.com']],
    submit: click('Send'),
    shows: resetMessage,
  },
  {
    name: 'reset password: Save',
    call: { method: 'POST', path: /^\/api\/v1\/auth\/password\/reset\/confirm\/$/ },
    url: '/password/reset/MTA/5x2-0f3a9c1d2e',
    heading: 'Reset Password',
    typed: [
      [label(/^New Password/), 'N3w-Secret!'],
      [label(/^Confirm Password/), 'N3w-Secret!'],
    ],
    submit: click('Save'),
    shows: resetMessage,
  },
  {
    name: 'register: Save',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/invite-users\/verify\/$/ },
    url: '/register/MTA/5x2-0f3a9c1d2e?name=Priya',
    heading: 'New Account',
    typed: [
      [label(/^New Password/), 'N3w-Secret!'],
      [label(/^Confirm Password/), 'N3w-Secret!'],
    ],
    submit: click('Save'),
    shows: toastShows,
  },
  {
    name: 'wizard step 1: Authorize',
    call: { method: 'POST', path: /^\/api\/v1\/auth\/key\/verify$/ },
    url: '/new-connection',
    heading: 'Step 1',
    typed: [[label(/Licence Key/), KEY]],
    submit: click('Authorize'),
    shows: fieldsInvalid([label(/Licence Key/)]),
  },
  {
    name: 'wizard step 2: Next',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/$/ },
    url: '/new-connection',
    heading: 'Step 2',
    ready: async (page) => {
      await page.getByLabel(/Licence Key/).fill(KEY);
      await page.getByRole('button', { name: 'Authorize' }).click();
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Step 2' })).toBeVisible();
    },
    typed: [
      [label(/Company Name/), 'Acme Cloud Solutions'],
      [label(/Company Email/), 'info@acme-cloud.com'],
      [label(/Admin Name/), 'Dana Whitfield'],
      [label(/Admin Email/), 'dana.whitfield@acme-cloud.com'],
      [label(/Admin Password/), 'Sup3r-Secret!'],
    ],
    submit: async (page) => {
      await page.getByText('I accept the', { exact: false }).click({ position: { x: 5, y: 5 } });
      await page.getByRole('button', { name: 'Next' }).click();
    },
    shows: toastShows,
  },
  {
    name: 'wizard step 3: Next (Salesforce connection)',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/connections\/$/ },
    signIn: 'superAdmin',
    before: async (page) => {
      await page.addInitScript((key) => localStorage.setItem('newConnectionProductKey', key), KEY);
      await preferScenario(page, '/api/v1/connection-step-status/', 'example=incompleteStep3');
    },
    url: '/new-connection',
    heading: 'Step 3',
    headingAfterSuccess: 'Step 4',
    typed: [[label(/Salesforce Username/), 'integration@acme-cloud.com']],
    submit: click('Next'),
    shows: toastShows,
    success: async (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Step 4' })).toBeVisible(),
  },
  {
    name: 'wizard step 4: Next (S3 and KMS details)',
    call: { method: 'POST', path: /^\/api\/v1\/tenants\/add-policy\/$/ },
    signIn: 'superAdmin',
    before: async (page) => {
      await page.addInitScript((key) => localStorage.setItem('newConnectionProductKey', key), KEY);
      await preferScenario(page, '/api/v1/connection-step-status/', 'example=incompleteStep4');
    },
    url: '/new-connection',
    heading: 'Step 4',
    headingAfterSuccess: 'Step 5',
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
    shows: toastShows,
    success: async (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Step 5' })).toBeVisible(),
  },
  {
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
    shows: toastShows,
  },
  {
    name: 'dashboard: sync statistics load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/get-sync-data$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: async (page) =>
      expect(page.getByRole('region', { name: 'Last Synced' })).toContainText('37'),
  },
  {
    name: 'dashboard: launches load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/unread-launched-data$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: text('14 Launches'),
  },
  {
    name: 'dashboard: sync errors load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/data-mappings\/sync-errors\/$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: async (page) =>
      expect(page.getByText('0065g00000XyZ12AAB', { exact: true }).first()).toBeVisible(),
  },
  {
    name: 'dashboard: Sync',
    call: { method: 'POST', path: /^\/api\/v1\/salesforce\/data-mappings\/sync-data\/$/ },
    signIn: 'superAdmin',
    url: '/dashboard',
    heading: 'Update Feed',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Last Synced' })).toContainText('37');
    },
    submit: click('Sync'),
    shows: toastShows,
    success: async (page) => expect(page.locator('.bp6-toast').last()).toBeVisible(),
  },
  {
    name: 'values mapper: filter count load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/data-mappings\/sync-settings\/count\/$/ },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    onLoad: true,
    success: async (page) =>
      expect(page.getByText(/^\d+ of \d+ leads would sync with these filters$/)).toBeVisible(),
  },
  {
    name: 'mapper: record search',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/records\/$/ },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Preview a record' })).toBeVisible();
    },
    submit: click('Preview a record'),
    success: async (page) =>
      expect(
        page.getByRole('button', { name: /Globex Retail - Data Lake Migration/ }),
      ).toBeVisible(),
  },
  {
    name: 'mapper: record preview',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/records\/[^/]+\/preview\/$/ },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Preview a record' }).click();
      await expect(
        page.getByRole('button', { name: /Globex Retail - Data Lake Migration/ }),
      ).toBeVisible();
    },
    submit: (page) =>
      page.getByRole('button', { name: /Globex Retail - Data Lake Migration/ }).click(),
    success: async (page) =>
      expect(page.getByRole('table', { name: /^What ACE would receive for / })).toBeVisible(),
  },
  {
    name: 'accounts: Change Password',
    call: { method: 'POST', path: /^\/api\/v1\/auth\/password\/change\/$/ },
    signIn: 'superAdmin',
    url: '/accounts',
    heading: 'Company Settings',
    typed: [
      [label(/^Current Password/), 'Sup3r-Secret!'],
      [label(/^New Password/), 'N3w-Secret!'],
      [label(/^Confirm Password/), 'N3w-Secret!'],
    ],
    submit: click('Change Password'),
    shows: toastShows,
    success: async (page) => expect(page.locator('.bp6-toast').last()).toBeVisible(),
  },
  {
    name: 'accounts: users load',
    call: { method: 'GET', path: /^\/api\/v1\/users\/$/ },
    signIn: 'superAdmin',
    url: '/accounts',
    heading: 'Company Settings',
    onLoad: true,
    // Errors loading the user list are silently ignored: no toast.
    shows: async (page) => {
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await expect(page.locator('.bp6-toast')).toHaveCount(0);
    },
    success: async (page) =>
      expect(page.getByRole('table', { name: 'Users' })).toContainText('Tomás Rivera'),
  },
  {
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
    shows: toastShows,
    success: text('User Added Successfully'),
  },
  {
    name: 'values mapper: filters load',
    call: { method: 'GET', path: /^\/api\/v1\/salesforce\/data-mappings\/sync-settings$/ },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    onLoad: true,
    success: async (page) =>
      expect(
        page
          .getByRole('region', { name: 'Sync Settings' })
          .getByRole('group', { name: 'OR block 1' }),
      ).toBeVisible(),
  },
  {
    name: 'values mapper: a filter saves itself',
    call: {
      method: 'POST',
      path: /^\/api\/v1\/salesforce\/data-mappings\/sync-settings\/$/,
    },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    ready: async (page) => {
      const filters = page.getByRole('region', { name: 'Sync Settings' });
      await expect(filters.getByRole('group', { name: 'OR block 1' })).toBeVisible();
      await filters.getByRole('button', { name: 'Add OR block' }).click();
    },
    submit: async (page) => {
      const block = page
        .getByRole('region', { name: 'Sync Settings' })
        .getByRole('group', { name: /OR block \d/ })
        .last();
      await block.getByRole('combobox', { name: 'Attribute', exact: true }).selectOption('stage');
      await block.getByRole('combobox', { name: 'Attribute value' }).selectOption('Committed');
    },
    shows: toastShows,
    success: text('Sync filter saved successfully.'),
  },
  {
    name: 'values mapper: mapping a field',
    call: { method: 'POST', path: /^\/api\/v1\/salesforce\/data-mappings\/$/ },
    signIn: 'superAdmin',
    url: '/values-mapper',
    heading: 'Sync Settings',
    ready: async (page) => {
      await expect(
        page.getByRole('combobox', { name: 'Salesforce Fields for website' }),
      ).toBeVisible();
    },
    submit: async (page) => {
      await page.getByRole('combobox', { name: 'Salesforce Fields for website' }).click();
      await page.keyboard.type('WEBS');
      await page.getByRole('option', { name: 'Website', exact: true }).click();
      await page.keyboard.press('Escape');
    },
    // Mapping errors on create or update are silently ignored: no toast, and the choice stays on
    // screen for another try.
    shows: async (page) => {
      await page.waitForTimeout(1500); // past the selection's 500 ms save debounce
      await expect(page.locator('.bp6-toast')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove Website' })).toBeVisible();
    },
    // The choice is saved after its debounce: wait for the retried create to go through.
    success: async (page) => {
      await page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/v1/salesforce/data-mappings/' &&
          response.ok(),
      );
      await expect(page.getByRole('button', { name: 'Remove Website' })).toBeVisible();
    },
  },
];
