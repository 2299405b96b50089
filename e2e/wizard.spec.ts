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

// What the wizard does is tested in Vitest against the sandbox (src/features/wizard); this is what
// needs a browser: a file chosen in a real file input and sent as multipart, over both ways of the
// policy toggle.
test('step 4: the policy toggle both ways, a file that is not JSON, then a policy file uploaded', async ({
  page,
}) => {
  await recordUploads(page);
  await resumeAt(page, 'incompleteStep4');
  await page.goto('/new-connection');
  await expect(heading(page, 'Step 4')).toBeVisible();
  const toggle = page.getByRole('checkbox', { name: 'Do you have AWS Assume Role Policy File?' });
  await expect(toggle).toBeChecked();
  await expectNoSeriousA11yViolations(page);

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

  // A policy file goes up as a file of the multipart body, with the account's details.
  await page.getByLabel(/^AWS Assume Role Policy File/).setInputFiles({
    name: 'policy.json',
    mimeType: 'application/json',
    buffer: POLICY,
  });
  const uploaded = page.waitForRequest(API.addPolicy);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await (await uploaded).response())?.status()).toBe(200);
  const [, withFile] = await uploads(page);
  expect(withFile?.find(([name]) => name === 'policy')).toEqual([
    'policy',
    POLICY.toString(),
    'policy.json',
    'application/json',
  ]);
  await expect(heading(page, 'Step 5')).toBeVisible();
});
