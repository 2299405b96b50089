import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

import { connectionStore } from '@/api/session';

import { acmeAtStep } from '../../src/features/wizard/testing/acme-at-step';
import { searchRecords } from '../sandbox/domain/sync/preview';
import { ACME, DEMO_LICENCE_KEYS } from '../sandbox/seed/seed';
import { DANA, type SandboxBackend } from '../sandbox-backend';
import { toasts } from '../toaster-spies';
import { REJECTED, type ToldFault } from './catalogue';
import { noToast, toastShows, type Scene, type ScreenCall } from './matrix';

/**
 * The screens of the fault matrix (tests/faults/matrix.tsx), one entry per call a user's action or
 * a screen's load makes, grouped by the test file that runs them. What a screen shows on success
 * is what the sandbox's seed holds (tests/sandbox/seed/), not the Prism mock's examples.
 */

/** A licence key the sandbox sold and nobody has spent yet. */
const KEY = DEMO_LICENCE_KEYS[0] ?? '';
const SERVICE_PROBLEM = 'We have problems with the service, please try again later';

const label = (text: RegExp) => () => screen.getByLabelText(text);
const click =
  (name: string) =>
  ({ user }: Scene) =>
    user.click(screen.getByRole('button', { name }));
const textShown = (value: string) => async () => {
  expect(await screen.findByText(value)).toBeVisible();
};
const toasted = (intent: keyof typeof toasts, message: string) => async () => {
  await waitFor(() => expect(toasts[intent]).toHaveBeenCalledWith(message));
};
const headingShown = (name: string) => async () => {
  expect(await screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })).toBeVisible();
};

/** A screen that reports a failed call as field state only: fields marked, no message. */
const fieldsInvalid = (fields: Array<() => HTMLElement>) => async () => {
  for (const field of fields)
    await waitFor(() => expect(field()).toHaveAttribute('aria-invalid', 'true'));
  noToast();
};

/** The reset screens' own message under the form: the 400's error, else the service fallback. */
const resetMessage = async (fault: ToldFault) => {
  expect(await screen.findByRole('alert')).toHaveTextContent(
    fault === 400 ? REJECTED : SERVICE_PROBLEM,
  );
};

export const SIGN_IN_AND_ONBOARDING: readonly ScreenCall[] = [
  {
    name: 'login: Login',
    operation: 'login',
    path: '/login',
    heading: 'User Login',
    typed: [
      [label(/^Email/), 'dana.whitfield@acme-cloud.com'],
      [label(/^Password/), 'Sup3r-Secret!'],
    ],
    submit: click('Login'),
    shows: fieldsInvalid([label(/^Email/), label(/^Password/)]),
  },
  {
    name: 'request reset: Send',
    operation: 'requestPasswordReset',
    path: '/request-reset-password',
    heading: 'Reset your password',
    typed: [[label(/^Email/), 'dana.whitfield@acme-cloud.com']],
    submit: click('Send'),
    shows: resetMessage,
  },
  {
    name: 'reset password: Save',
    operation: 'confirmPasswordReset',
    path: '/password/reset/MTA/5x2-0f3a9c1d2e',
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
    operation: 'verifyInvite',
    path: '/register/MTA/5x2-0f3a9c1d2e?name=Priya',
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
    operation: 'verifyProductKey',
    path: '/new-connection',
    heading: 'Step 1',
    typed: [[label(/Licence Key/), KEY]],
    submit: click('Authorize'),
    shows: fieldsInvalid([label(/Licence Key/)]),
  },
  {
    name: 'wizard step 2: Next',
    operation: 'createTenant',
    // A verified key, as step 1 leaves it: the wizard resumes at step 2.
    scene: () => connectionStore.setProductKey(KEY),
    path: '/new-connection',
    heading: 'Step 2',
    ready: async () => {
      await screen.findByLabelText(/Company Name/);
    },
    typed: [
      [label(/Company Name/), 'Acme Cloud Solutions'],
      [label(/Company Email/), 'info@acme-cloud.com'],
      [label(/Admin Name/), 'Dana Whitfield'],
      [label(/Admin Email/), 'dana.whitfield@acme-cloud.com'],
      [label(/Admin Password/), 'Sup3r-Secret!'],
    ],
    submit: async ({ user }) => {
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Next' }));
    },
    shows: toastShows,
  },
  {
    name: 'aws onboarding: Register',
    operation: 'registerAwsPurchase',
    path: '/aws-onboarding',
    heading: 'AWS Marketplace Registration',
    typed: [
      [label(/^Contact Person/), 'Dana Whitfield'],
      [label(/^Email/), 'dana.whitfield@acme-cloud.com'],
      [label(/^Contact Phone/), '+1 206 555 0100'],
      [label(/^Company Name/), 'Acme Cloud Solutions'],
    ],
    submit: click('Register'),
    shows: toastShows,
  },
];

export const WIZARD_SET_UP: readonly ScreenCall[] = [
  {
    name: 'wizard step 3: Next (Salesforce connection)',
    operation: 'createSalesforceConnection',
    signIn: DANA,
    // Acme as it stood before its Salesforce connection: the wizard resumes at step 3.
    scene: (backend) => acmeAtStep(backend, 3),
    path: '/new-connection',
    heading: 'Step 3',
    headingAfterSuccess: 'Step 4',
    ready: async () => {
      await screen.findByLabelText(/Salesforce Username/);
    },
    typed: [[label(/Salesforce Username/), 'integration@acme-cloud.com']],
    submit: click('Next'),
    shows: toastShows,
    success: headingShown('Step 4'),
  },
  {
    name: 'wizard step 4: Next (S3 and KMS details)',
    operation: 'addPolicy',
    signIn: DANA,
    // Acme as it stood before its AWS policy: the wizard resumes at step 4.
    scene: (backend) => acmeAtStep(backend, 4),
    path: '/new-connection',
    heading: 'Step 4',
    headingAfterSuccess: 'Step 5',
    ready: async ({ user }) => {
      await user.click(await screen.findByText('Do you have AWS Assume Role Policy File?'));
      await screen.findByLabelText(/^Region/);
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
    success: headingShown('Step 5'),
  },
];

export const DASHBOARD: readonly ScreenCall[] = [
  {
    name: 'dashboard: sync statistics load',
    operation: 'getSyncStats',
    signIn: DANA,
    path: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: async () => {
      const lastSynced = await screen.findByRole('region', { name: 'Last Synced' });
      expect(await within(lastSynced).findByText('37')).toBeVisible();
    },
  },
  {
    name: 'dashboard: launches load',
    operation: 'listUnreadLaunches',
    signIn: DANA,
    path: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: textShown('14 Launches'),
  },
  {
    name: 'dashboard: sync errors load',
    operation: 'listSyncErrors',
    signIn: DANA,
    path: '/dashboard',
    heading: 'Update Feed',
    onLoad: true,
    success: async () => {
      const table = await screen.findByRole('table', { name: 'Errors' });
      expect(await within(table).findByText('0065g00000XyZ12AAB')).toBeVisible();
    },
  },
  {
    name: 'dashboard: Sync',
    operation: 'startSync',
    signIn: DANA,
    path: '/dashboard',
    heading: 'Update Feed',
    ready: async () => {
      const lastSynced = await screen.findByRole('region', { name: 'Last Synced' });
      await within(lastSynced).findByText('37');
    },
    submit: click('Sync'),
    shows: toastShows,
    success: toasted(
      'success',
      'Sync started. Results will appear on the dashboard when it finishes.',
    ),
  },
];

const dialog = () => within(screen.getByRole('dialog', { name: 'Create Account' }));

export const ACCOUNTS: readonly ScreenCall[] = [
  {
    name: 'accounts: Change Password',
    operation: 'changePassword',
    signIn: DANA,
    path: '/accounts',
    heading: 'Company Settings',
    typed: [
      [label(/^Current Password/), 'Sup3r-Secret!'],
      [label(/^New Password/), 'N3w-Secret!'],
      [label(/^Confirm Password/), 'N3w-Secret!'],
    ],
    submit: click('Change Password'),
    shows: toastShows,
    success: toasted('success', 'Password updated successfully.'),
  },
  {
    name: 'accounts: users load',
    operation: 'listUsers',
    signIn: DANA,
    path: '/accounts',
    heading: 'Company Settings',
    onLoad: true,
    // A failed user list is told in the table itself, without a toast.
    shows: async () => {
      expect(await screen.findByRole('heading', { name: 'My Account' })).toBeVisible();
      const table = await screen.findByRole('table', { name: 'Users' });
      expect(await within(table).findByText('The users could not be loaded.')).toBeVisible();
      noToast();
    },
    success: async () => {
      expect(await screen.findByRole('table', { name: 'Users' })).toHaveTextContent('Tomás Rivera');
    },
  },
  {
    name: 'accounts: Invite User',
    operation: 'inviteUser',
    signIn: DANA,
    path: '/accounts',
    heading: 'Company Settings',
    ready: async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Add New' }));
      await user.selectOptions(
        (await screen.findByRole('dialog', { name: 'Create Account' })).querySelector('select')!,
        'User',
      );
    },
    typed: [
      [() => dialog().getByLabelText(/^Name/), 'Jean Dubois'],
      [() => dialog().getByLabelText(/^Email/), 'jean.dubois@acme-cloud.com'],
    ],
    submit: ({ user }) => user.click(dialog().getByRole('button', { name: 'Invite User' })),
    shows: toastShows,
    success: toasted('success', 'User Added Successfully'),
  },
];

/**
 * The lead the record preview lists first: the sandbox's org is generated, so the first of its
 * search (by name, then id) is asked of the sandbox rather than written here. The button of a
 * record is named by its name and its id.
 */
function firstLead(backend: SandboxBackend) {
  const [first] = searchRecords(backend.store.state, ACME.id, 'Lead', undefined);
  if (!first) throw new Error('the seeded org has no lead');
  return { name: first.name, id: new RegExp(first.id) };
}

const filters = () => within(screen.getByRole('region', { name: 'Sync Settings' }));

export const VALUES_MAPPER: readonly ScreenCall[] = [
  {
    name: 'values mapper: filter count load',
    operation: 'countSyncFilterMatches',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    onLoad: true,
    success: async () => {
      expect(
        await screen.findByText(/^\d+ of \d+ leads would sync with these filters$/),
      ).toBeVisible();
    },
  },
  {
    name: 'mapper: record search',
    operation: 'searchSalesforceRecords',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    ready: async () => {
      await screen.findByRole('button', { name: 'Preview a record' });
    },
    submit: click('Preview a record'),
    success: async ({ backend }) => {
      const leads = await screen.findByRole('list', { name: 'Leads found' });
      expect(within(leads).getByRole('button', { name: firstLead(backend).id })).toBeVisible();
    },
  },
  {
    name: 'mapper: record preview',
    operation: 'previewSalesforceRecord',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    ready: async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Preview a record' }));
      await screen.findByRole('list', { name: 'Leads found' });
    },
    submit: ({ user, backend }) =>
      user.click(screen.getByRole('button', { name: firstLead(backend).id })),
    success: async ({ backend }) => {
      expect(
        await screen.findByRole('table', {
          name: `What ACE would receive for ${firstLead(backend).name}`,
        }),
      ).toBeVisible();
    },
  },
  {
    name: 'values mapper: filters load',
    operation: 'listSyncFilters',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    onLoad: true,
    success: async () => {
      expect(await filters().findByRole('group', { name: 'OR block 1' })).toBeVisible();
    },
  },
  {
    name: 'values mapper: a filter saves itself',
    operation: 'createSyncFilter',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    // The Leads tab offers the lead attributes only: a new block's condition on the lead stage.
    ready: async ({ user }) => {
      await filters().findByRole('group', { name: 'OR block 1' });
      await user.click(filters().getByRole('button', { name: 'Add OR block' }));
    },
    submit: async ({ user }) => {
      const block = within(filters().getByRole('group', { name: 'OR block 2' }));
      await user.selectOptions(
        block.getByRole('combobox', { name: 'Attribute' }),
        'currentLeadStage',
      );
      await user.selectOptions(
        block.getByRole('combobox', { name: 'Attribute value' }),
        'Accepted',
      );
    },
    shows: toastShows,
    success: toasted('success', 'Sync filter saved successfully.'),
  },
  {
    name: 'values mapper: mapping a field',
    operation: 'createDataMapping',
    signIn: DANA,
    path: '/values-mapper',
    heading: 'Sync Settings',
    ready: async () => {
      await screen.findByRole('combobox', { name: 'Salesforce Fields for website' });
    },
    submit: async ({ user }) => {
      await user.click(screen.getByRole('combobox', { name: 'Salesforce Fields for website' }));
      await user.keyboard('WEBS');
      await user.click(await screen.findByRole('option', { name: 'Website' }));
      await user.keyboard('{Escape}');
    },
    // Mapping errors on create or update are silently ignored: no toast, and the choice stays on
    // screen for another try. The save leaves after its debounce: wait for the call itself.
    shows: async (_fault, { backend, queryClient }) => {
      await waitFor(() => expect(backend.callsTo('createDataMapping')).not.toHaveLength(0));
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
      noToast();
      expect(screen.getByRole('button', { name: 'Remove Website' })).toBeVisible();
    },
    // The choice is saved after its debounce: wait for the retried create to reach the sandbox
    // (Acme's lead website, ACE attribute 10, has no mapping in the seed).
    success: async ({ backend }) => {
      await waitFor(() =>
        expect(
          backend.store.state.mappings.some(
            (mapping) => mapping.tenant === ACME.id && mapping.aws_ace_attribute === 10,
          ),
        ).toBe(true),
      );
      expect(screen.getByRole('button', { name: 'Remove Website' })).toBeVisible();
    },
  },
];
