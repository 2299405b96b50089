import type { Page } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { preferScenario } from './scenarios';
import { signIn } from './session';

const KEY = 'ACEB-7Q2M-K9XD-41PF';
const API = {
  verifyKey: '/api/v1/auth/key/verify',
  createTenant: '/api/v1/tenants/',
  connect: '/api/v1/tenants/connections/',
  addPolicy: '/api/v1/tenants/add-policy/',
  step: '/api/v1/connection-step-status/',
  subdomain: '/api/v1/tenant-subdomain/',
} as const;

const POLICY = Buffer.from(
  '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["partnercentral:*"],"Resource":"*"}]}',
);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The newest toast with this text (an earlier one may still be showing its five seconds). */
const toast = (page: Page, text: string) =>
  page.locator('.bp6-toast').filter({ hasText: text }).last();

async function authorizeKey(page: Page, key = KEY) {
  await page.getByLabel(/Licence Key/).fill(key);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

async function fillAccount(page: Page) {
  await page.getByLabel(/Company Name/).fill('Acme Cloud Solutions');
  await page.getByLabel(/AWS Partner Status/).selectOption('premier');
  await page.getByLabel(/Industry/).fill('Software & Internet');
  await page.getByLabel(/Company Email/).fill('info@acme-cloud.com');
  await page.getByLabel(/Admin Name/).fill('Dana Whitfield');
  await page.getByLabel(/Admin Email/).fill('dana.whitfield@acme-cloud.com');
  await page.getByLabel(/Admin Password/).fill('Sup3r-Secret!');
  // Blueprint draws its own box over the input; a user clicks the label's text.
  await page.getByText('I accept the', { exact: false }).click({ position: { x: 5, y: 5 } });
}

/** Steps 1 and 2 for a new company, landing on step 3. */
async function reachStep3(page: Page) {
  await page.goto('/new-connection');
  await authorizeKey(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await fillAccount(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page, 'Step 3')).toBeVisible();
}

type Upload = Array<[name: string, value: string, fileName?: string, type?: string]>;

/**
 * Chromium does not hand multipart bodies with files to Playwright, so the page records what
 * it uploads (each FormData entry, files with their name, type and text).
 */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    const store = window as unknown as { uploads: Upload[] };
    store.uploads = [];
    window.fetch = async (input, init) => {
      if (init?.body instanceof FormData) {
        const entries: Upload = [];
        for (const [name, value] of init.body.entries()) {
          entries.push(
            typeof value === 'string'
              ? [name, value]
              : [name, await value.text(), value.name, value.type],
          );
        }
        store.uploads.push(entries);
      }
      return original(input, init);
    };
  });
}

const uploads = (page: Page) =>
  page.evaluate(() => (window as unknown as { uploads: Upload[] }).uploads);

/** A signed-in admin whose tenant the mock reports at `example`, with the key stored. */
async function resumeAt(page: Page, example: string) {
  await signIn(page, 'superAdmin');
  await page.addInitScript((key) => localStorage.setItem('newConnectionProductKey', key), KEY);
  await preferScenario(page, API.step, `example=${example}`);
}

test('a new company goes from the licence key to Connection Settings', async ({ page }) => {
  test.slow(); // five steps, three one-second pauses and four accessibility scans
  await recordUploads(page);
  await page.goto('/new-connection');
  await expect(heading(page, 'Step 1')).toBeVisible();
  await expect(page.getByText('Account Authorization', { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible(); // the footer, on step 1 only
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expectNoSeriousA11yViolations(page);

  const verified = page.waitForRequest(API.verifyKey);
  await authorizeKey(page);
  expect((await verified).postDataJSON()).toEqual({ key: KEY });
  await expect(page.getByText('Product key verified successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(heading(page, 'Step 2')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Set-up progress' }).locator('[aria-current="step"]'),
  ).toContainText('Account Details');
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await fillAccount(page);
  await expectNoSeriousA11yViolations(page);
  const created = page.waitForRequest(API.createTenant);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await created).postDataJSON()).toEqual({
    key: KEY,
    company: {
      company_name: 'Acme Cloud Solutions',
      aws_partner_status: 'premier',
      industry: 'Software & Internet',
      email: 'info@acme-cloud.com',
      is_term_and_conditions_accepted: true,
    },
    admin: {
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: 'dana.whitfield@acme-cloud.com',
      password: 'Sup3r-Secret!',
    },
  });
  await expect(toast(page, 'Company and admin account created successfully.')).toBeVisible();
  await expect(heading(page, 'Step 2')).toBeVisible(); // a second before moving on

  await expect(heading(page, 'Step 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup Salesforce Connection' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentAccessToken'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('tenantSubdomain'))).toBe('acme');
  await expect(page.getByRole('radio', { name: 'Beta' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Production' })).toBeDisabled(); // a Beta tenant
  await page.getByLabel(/Salesforce Username/).fill('integration@acme-cloud.com');
  await expectNoSeriousA11yViolations(page);
  const connected = page.waitForRequest(API.connect);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await connected).postDataJSON()).toEqual({
    connection_type: 'work_with_us',
    accounts: [
      {
        username: 'integration@acme-cloud.com',
        consumer_key: null,
        account_type: 'salesforce_beta',
        is_salesforce_managed_package: true,
      },
    ],
  });
  await expect(toast(page, 'Connected Successfully')).toBeVisible();

  await expect(heading(page, 'Step 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connecting...' })).toBeVisible();
  await expect(page.getByLabel(/^External Id/)).toHaveValue('6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy external id' }).click();
  await expect(toast(page, 'Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c',
  );
  await page.getByLabel(/^AWS Assume Role Policy File/).setInputFiles({
    name: 'policy.json',
    mimeType: 'application/json',
    buffer: POLICY,
  });
  await page.getByLabel(/^AWS Account Id/).fill('123456789012');
  await page
    .getByLabel(/^External Role ARN/)
    .fill('arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');
  await expectNoSeriousA11yViolations(page);
  const added = page.waitForRequest(API.addPolicy);
  await page.getByRole('button', { name: 'Next' }).click();
  const upload = await added;
  expect(upload.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(await uploads(page)).toEqual([
    [
      ['policy', POLICY.toString(), 'policy.json', 'application/json'],
      ['account_id', '123456789012'],
      ['external_id', '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c'],
      ['external_role_arn', 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole'],
    ],
  ]);
  const reply = await upload.response();
  expect(reply?.status()).toBe(200); // the mock's contract validation accepted the upload
  await expect(toast(page, 'AWS policy added successfully.')).toBeVisible();

  await expect(heading(page, 'Step 5')).toBeVisible();
  await expect(page.getByText('Connection Settings', { exact: true }).last()).toBeVisible();
  await expect(page.getByText(/Required Fields of leads Matched/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a refused licence key marks the input invalid and keeps Next disabled', async ({ page }) => {
  await preferScenario(page, API.verifyKey, 'code=400, example=invalid');
  await page.goto('/new-connection');
  await authorizeKey(page, 'ACEB-0000-0000-0000');
  await expect(page.getByLabel(/Licence Key/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.locator('.bp6-toast')).toHaveCount(0); // no message text
});

test('step 2 names each empty required field and a one-word admin name, then shows the server’s field errors under their fields', async ({
  page,
}) => {
  await preferScenario(page, API.createTenant, 'code=400, example=fieldErrors');
  await page.goto('/new-connection');
  await authorizeKey(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const message of [
    'Company Name is required',
    'Company Email is required',
    'Admin Name is required',
    'Admin Email is required',
    'Admin Password is required',
    'You must accept the Terms and Conditions and the Privacy Policy..',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel(/Admin Name/).fill('Dana');
  await expect(
    page.getByText('Admin Name must at least contain First name and Last name'),
  ).toBeVisible();
  await fillAccount(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('A user with this email already exists.')).toBeVisible();
  await expect(page.getByText('This password is too common.')).toBeVisible();
  await expect(page.getByLabel(/Admin Password/)).toHaveAttribute('aria-invalid', 'true');
  await expect(heading(page, 'Step 2')).toBeVisible();
});

test('a failed Salesforce connection keeps step 3: field error under the key, other errors toasted', async ({
  page,
}) => {
  await reachStep3(page);
  await page.getByLabel(/Salesforce Username/).fill('integration@acme-cloud.com');
  await page.getByText('Use a custom consumer key').click();
  await page.getByLabel(/Custom Consumer Key/).fill('3MVG9n_bad');
  await preferScenario(page, API.connect, 'code=400, example=consumerKeyInvalid');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('invalid_client_id: client identifier invalid')).toBeVisible();
  await expect(page.getByLabel(/Custom Consumer Key/)).toHaveAttribute('aria-invalid', 'true');

  await page.unroute((url) => url.pathname === API.connect);
  await preferScenario(page, API.connect, 'code=400, example=connectionFailed');
  await page.getByText("Use the managed package's default key").click();
  await expect(page.getByLabel(/Custom Consumer Key/)).toBeHidden();
  const sent = page.waitForRequest(API.connect);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await sent).postDataJSON().accounts[0]).toMatchObject({
    consumer_key: null,
    is_salesforce_managed_package: true,
  });
  await expect(
    toast(page, 'Could not connect to Salesforce. Check that the managed package is installed.'),
  ).toBeVisible();
  await expect(heading(page, 'Step 3')).toBeVisible();
});

test('step 4: the policy toggle both ways, and a file that is not JSON', async ({ page }) => {
  await recordUploads(page);
  await resumeAt(page, 'incompleteStep4');
  await page.goto('/new-connection');
  await expect(heading(page, 'Step 4')).toBeVisible();
  const toggle = page.getByRole('checkbox', { name: 'Do you have AWS Assume Role Policy File?' });
  await expect(toggle).toBeChecked();

  await page.getByLabel(/^AWS Account Id/).fill('123456789012');
  await page
    .getByLabel(/^External Role ARN/)
    .fill('arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Please fill all the fields.')).toBeVisible();

  await page.getByLabel(/^AWS Assume Role Policy File/).setInputFiles({
    name: 'policy.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ this is not json'),
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Please input a valid json file.')).toBeVisible();
  await expect(page.getByText('Please input a valid json file.').first()).toBeVisible();
  await expect(heading(page, 'Step 4')).toBeVisible();

  // Unchecked: the bucket details instead of the file.
  await page.getByText('Do you have AWS Assume Role Policy File?').click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByLabel(/^AWS Assume Role Policy File/)).toBeHidden();
  await page.getByLabel(/^Region/).fill('us-west-2');
  await page.getByLabel(/^SPM Id/).fill('spm-8f2d1c');
  await page.getByLabel(/^Bucket Name/).fill('ace-pc-acme-cloud-solutions-us-west-2');
  await page
    .getByLabel(/^KMS ARN/)
    .fill('arn:aws:kms:us-west-2:123456789012:key/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d');
  const added = page.waitForRequest(API.addPolicy);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await uploads(page)).map((entries) => entries.map(([name]) => name))).toEqual([
    [
      'region',
      'spm_id',
      'bucket_name',
      'kms_arn',
      'account_id',
      'external_id',
      'external_role_arn',
    ],
  ]);
  expect((await (await added).response())?.status()).toBe(200);
  await expect(heading(page, 'Step 5')).toBeVisible();

  // And back: checked again, the file is required again.
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText('Do you have AWS Assume Role Policy File?').click();
  await expect(toggle).toBeChecked();
  await expect(page.getByLabel(/^Region/)).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Please fill all the fields.')).toBeVisible();
  await expect(page.getByLabel(/^AWS Assume Role Policy File/)).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(heading(page, 'Step 4')).toBeVisible();
});

test('a reload at step 3 resumes at step 3', async ({ page }) => {
  await resumeAt(page, 'incompleteStep3');
  await page.goto('/new-connection');
  await expect(heading(page, 'Step 3')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Step 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup Salesforce Connection' })).toBeVisible();
});

test('a reload at step 5 resumes at step 5', async ({ page }) => {
  await resumeAt(page, 'incompleteStep5');
  const asked = page.waitForRequest(API.step);
  await page.goto('/new-connection');
  expect((await asked).postDataJSON()).toEqual({ key: KEY });
  await expect(heading(page, 'Step 5')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Step 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
});

test('a completed set-up hands over to the dashboard', async ({ page }) => {
  await resumeAt(page, 'complete');
  await page.goto('/new-connection');
  await expect(page).toHaveURL(/\/dashboard$/);
});
