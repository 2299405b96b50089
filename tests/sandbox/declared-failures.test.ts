// @vitest-environment node
/**
 * Every 4xx the contract declares is reachable through realistic input, answers in the shape the
 * contract gives that status, and leaves the store exactly as it was (a failed write makes
 * nothing half). 401 is checked for every secured operation at once (a forged token, and a
 * missing XSRF header on a write); the other statuses have one case or more each below, and a
 * test fails if a declared status has none.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { contractDocument, contractOperations, type ContractOperation } from './contract';
import { ACME, GLOBEX } from './seed/seed';
import { anonymous, signIn, type Answer, type ApiClient } from './test-client';
import { testSandbox } from './test-sandbox';

interface World {
  app: ReturnType<typeof testSandbox>['app'];
  store: ReturnType<typeof testSandbox>['store'];
  /** Acme's super_admin, Acme's user, and Globex's super_admin. */
  dana: ApiClient;
  marcus: ApiClient;
  globex: ApiClient;
  /** The id of a row of another tenant (Globex) in one of the store's tables. */
  globexId(table: 'users' | 'mappings' | 'filters' | 'syncErrors' | 'syncRuns'): number;
}

interface Case {
  op: string;
  status: number;
  why: string;
  /** Calls that set the scene (their changes are kept). */
  arrange?: (world: World) => Promise<unknown>;
  act: (world: World) => Promise<Answer>;
}

const PASSWORDS = { new_password: 'N3w-Secret!pass', confirm_password: 'N3w-Secret!pass' };
const AWS_FIELDS = {
  account_id: '123456789012',
  external_id: 'acebridge-external',
  external_role_arn: 'arn:aws:iam::123456789012:role/AceBridge',
};

function policyForm(policy: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(AWS_FIELDS)) form.append(name, value);
  form.append('policy', policy, 'policy.json');
  return form;
}

const INVITE = {
  first_name: 'Tomás',
  middle_name: null,
  last_name: 'Again',
  email: 'tomas.again@acme-cloud.com',
  role: 'user',
};

/** Alert settings with every alert off (the defaults). */
const ALERTS = {
  sync_failures: { enabled: false, threshold: 1 },
  new_cause: { enabled: false },
  connection_failed: { enabled: false },
  new_launches: { enabled: false },
  digest: { enabled: false, hour: 8, time_zone: 'UTC' },
};

/** Makes `count` calls, one after the other. */
async function repeat(count: number, call: () => Promise<unknown>): Promise<void> {
  for (let index = 0; index < count; index += 1) await call();
}

const wrongPassword = (app: World['app']) =>
  anonymous(app, 'POST', '/api/v1/auth/login/', {
    email: 'dana.whitfield@acme-cloud.com',
    password: 'Sup3r-Secret?',
  });

const resetRequest = (app: World['app'], email: string) =>
  anonymous(app, 'POST', '/api/v1/auth/password/reset/', { email });

/** A webhook of Acme (by Dana) or of Globex, made in a case's arrange; its id. */
async function webhookOf(client: ApiClient): Promise<number> {
  const made = await client.post('/api/v1/webhooks/', {
    url: 'https://hooks.example.com/acebridge',
    events: ['sync_failures'],
  });
  if (made.status !== 201) throw new Error(`webhook not made: ${JSON.stringify(made.body)}`);
  return (made.body as { webhook: { id: number } }).webhook.id;
}

/** The id of the webhook a case's arrange made (the newest). */
const lastWebhook = (w: World) => w.store.state.webhooks.at(-1)!.id;

const HOOK = (id: number, rest = '') => `/api/v1/webhooks/${id}/${rest}`;

const CASES: Case[] = [
  {
    op: 'listWebhooks',
    status: 403,
    why: 'a user',
    act: ({ marcus }) => marcus.get('/api/v1/webhooks/'),
  },
  {
    op: 'createWebhook',
    status: 400,
    why: 'an address inside a private network, and no event',
    act: ({ dana }) =>
      dana.post('/api/v1/webhooks/', { url: 'https://169.254.169.254/latest', events: [] }),
  },
  {
    op: 'createWebhook',
    status: 403,
    why: 'a user',
    act: ({ marcus }) =>
      marcus.post('/api/v1/webhooks/', {
        url: 'https://hooks.example.com/x',
        events: ['sync_failures'],
      }),
  },
  {
    op: 'updateWebhook',
    status: 400,
    why: 'a URL that is not https',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.dana.patch(HOOK(lastWebhook(w)), { url: 'http://hooks.example.com/x' }),
  },
  {
    op: 'updateWebhook',
    status: 403,
    why: 'a user',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.marcus.patch(HOOK(lastWebhook(w)), { status: 'paused' }),
  },
  {
    op: 'updateWebhook',
    status: 404,
    why: "another tenant's webhook",
    arrange: ({ globex }) => webhookOf(globex),
    act: (w) => w.dana.patch(HOOK(lastWebhook(w)), { status: 'paused' }),
  },
  {
    op: 'deleteWebhook',
    status: 403,
    why: 'a user',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.marcus.delete(HOOK(lastWebhook(w))),
  },
  {
    op: 'deleteWebhook',
    status: 404,
    why: "another tenant's webhook",
    arrange: ({ globex }) => webhookOf(globex),
    act: (w) => w.dana.delete(HOOK(lastWebhook(w))),
  },
  {
    op: 'rotateWebhookSecret',
    status: 403,
    why: 'a user',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.marcus.post(HOOK(lastWebhook(w), 'rotate-secret/')),
  },
  {
    op: 'rotateWebhookSecret',
    status: 404,
    why: "another tenant's webhook",
    arrange: ({ globex }) => webhookOf(globex),
    act: (w) => w.dana.post(HOOK(lastWebhook(w), 'rotate-secret/')),
  },
  {
    op: 'sendWebhookTest',
    status: 403,
    why: 'a user',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.marcus.post(HOOK(lastWebhook(w), 'test/')),
  },
  {
    op: 'sendWebhookTest',
    status: 404,
    why: "another tenant's webhook",
    arrange: ({ globex }) => webhookOf(globex),
    act: (w) => w.dana.post(HOOK(lastWebhook(w), 'test/')),
  },
  {
    op: 'sendWebhookTest',
    status: 429,
    why: 'an eleventh test delivery of the company within a minute',
    arrange: async (w) => {
      await webhookOf(w.dana);
      await repeat(10, () => w.dana.post(HOOK(lastWebhook(w), 'test/')));
    },
    act: (w) => w.dana.post(HOOK(lastWebhook(w), 'test/')),
  },
  {
    op: 'listWebhookDeliveries',
    status: 400,
    why: 'a page that is not a number',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.dana.get(HOOK(lastWebhook(w), 'deliveries/?page=first')),
  },
  {
    op: 'listWebhookDeliveries',
    status: 403,
    why: 'a user',
    arrange: ({ dana }) => webhookOf(dana),
    act: (w) => w.marcus.get(HOOK(lastWebhook(w), 'deliveries/')),
  },
  {
    op: 'listWebhookDeliveries',
    status: 404,
    why: "another tenant's webhook",
    arrange: ({ globex }) => webhookOf(globex),
    act: (w) => w.dana.get(HOOK(lastWebhook(w), 'deliveries/')),
  },
  {
    op: 'login',
    status: 400,
    why: 'no password',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/auth/login/', { email: 'dana.whitfield@acme-cloud.com' }),
  },
  {
    op: 'login',
    status: 401,
    why: 'a wrong password',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/auth/login/', {
        email: 'dana.whitfield@acme-cloud.com',
        password: 'Sup3r-Secret?',
      }),
  },
  {
    op: 'logout',
    status: 401,
    why: 'no refresh token (a live access token does not authenticate a logout)',
    act: ({ dana }) => dana.post('/api/v1/auth/logout/', {}),
  },
  {
    op: 'logout',
    status: 401,
    why: 'a refresh token signed with another secret',
    act: ({ app, dana }) =>
      anonymous(app, 'POST', '/api/v1/auth/logout/', {
        refresh: `${dana.refresh.slice(0, -4)}AAAA`,
      }),
  },
  {
    op: 'logout',
    status: 400,
    why: 'a refresh token that is not a string',
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/logout/', { refresh: ['a', 'b'] }),
  },
  {
    op: 'login',
    status: 429,
    why: "a sixth failed sign-in within a minute on one account (domain/throttle.ts's limits)",
    arrange: ({ app }) => repeat(5, () => wrongPassword(app)),
    act: ({ app }) => wrongPassword(app),
  },
  {
    op: 'refreshToken',
    status: 400,
    why: 'no refresh token',
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/token/refresh/', {}),
  },
  {
    op: 'refreshToken',
    status: 401,
    why: 'an access token offered as a refresh token',
    act: ({ app, dana }) =>
      anonymous(app, 'POST', '/api/v1/auth/token/refresh/', { refresh: dana.access }),
  },
  {
    op: 'verifyToken',
    status: 400,
    why: 'no token',
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/token/verify/', {}),
  },
  {
    op: 'verifyToken',
    status: 401,
    why: 'a token signed with another secret',
    act: ({ app, dana }) =>
      anonymous(app, 'POST', '/api/v1/auth/token/verify/', {
        token: `${dana.access.slice(0, -4)}AAAA`,
      }),
  },
  {
    op: 'requestPasswordReset',
    status: 400,
    why: 'not an e-mail address',
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/password/reset/', { email: 'nobody' }),
  },
  {
    op: 'requestPasswordReset',
    status: 429,
    why: 'a fourth request for one address within an hour',
    arrange: ({ app }) => repeat(3, () => resetRequest(app, 'nobody@acme-cloud.com')),
    act: ({ app }) => resetRequest(app, 'nobody@acme-cloud.com'),
  },
  {
    op: 'confirmPasswordReset',
    status: 400,
    why: 'a link never sent',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/auth/password/reset/confirm/', {
        uid: 'MQ',
        token: 'made-up',
        ...PASSWORDS,
      }),
  },
  {
    op: 'changePassword',
    status: 400,
    why: 'a wrong old password',
    act: ({ marcus }) =>
      marcus.post('/api/v1/auth/password/change/', { old_password: 'not-it', ...PASSWORDS }),
  },
  {
    op: 'changePassword',
    status: 429,
    why: 'a sixth wrong old password within an hour',
    arrange: ({ marcus }) =>
      repeat(5, () =>
        marcus.post('/api/v1/auth/password/change/', { old_password: 'not-it', ...PASSWORDS }),
      ),
    act: ({ marcus }) =>
      marcus.post('/api/v1/auth/password/change/', { old_password: 'not-it', ...PASSWORDS }),
  },
  {
    op: 'verifyInvite',
    status: 400,
    why: 'an invitation never sent',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/tenants/invite-users/verify/', {
        uid: 'MQ',
        token: 'made-up',
        user: { password: PASSWORDS.new_password, confirm_password: PASSWORDS.new_password },
      }),
  },
  {
    op: 'verifyProductKey',
    status: 400,
    why: 'a spent key',
    arrange: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/auth/key/verify', { key: 'DEMO-LICENCE-1' }),
    act: ({ app, store }) =>
      anonymous(app, 'POST', '/api/v1/auth/key/verify', {
        key: store.state.licenceKeys.find((row) => row.tenantId === GLOBEX.id)?.key,
      }),
  },
  {
    op: 'verifyProductKey',
    status: 400,
    why: 'an unknown key',
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/key/verify', { key: 'NEVER-SOLD-1' }),
  },
  {
    op: 'verifyProductKey',
    status: 429,
    why: 'an eleventh key check from one client within a minute',
    arrange: ({ app }) =>
      repeat(10, () => anonymous(app, 'POST', '/api/v1/auth/key/verify', { key: 'NEVER-SOLD-1' })),
    act: ({ app }) => anonymous(app, 'POST', '/api/v1/auth/key/verify', { key: 'NEVER-SOLD-1' }),
  },
  {
    op: 'registerAwsPurchase',
    status: 400,
    why: 'an e-mail without a domain',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/auth/aws/marketplace/fulfill/register-purchase', {
        company_name: 'Initech',
        contact_person: 'Bill Lumbergh',
        contact_phone: '+1 555 0100',
        email: 'bill@',
      }),
  },
  {
    op: 'getTenantSubdomain',
    status: 400,
    why: 'not an e-mail',
    act: ({ dana }) => dana.post('/api/v1/tenant-subdomain/', { email: 'dana' }),
  },
  {
    op: 'getTenantSubdomain',
    status: 404,
    why: "another tenant's user",
    act: ({ dana }) => dana.post('/api/v1/tenant-subdomain/', { email: 'ops@globex.example' }),
  },
  {
    op: 'getConnectionStepStatus',
    status: 400,
    why: 'a key the sandbox never sold',
    act: ({ dana }) => dana.post('/api/v1/connection-step-status/', { key: 'NEVER-SOLD-1' }),
  },
  {
    op: 'getConnectionStepStatus',
    status: 400,
    why: "another company's key, as an unknown one",
    act: ({ marcus }) => marcus.post('/api/v1/connection-step-status/', { key: GLOBEX.key }),
  },
  {
    op: 'getConnectionStepStatus',
    status: 429,
    why: "an eleventh key other than the company's own within a minute",
    arrange: ({ marcus }) =>
      repeat(10, () => marcus.post('/api/v1/connection-step-status/', { key: 'NEVER-SOLD-1' })),
    act: ({ marcus }) => marcus.post('/api/v1/connection-step-status/', { key: GLOBEX.key }),
  },
  {
    op: 'createTenant',
    status: 400,
    why: 'no admin',
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/tenants/', {
        key: 'DEMO-LICENCE-1',
        company: { company_name: 'Initech' },
      }),
  },
  {
    op: 'createTenant',
    status: 429,
    why: 'an eleventh request with a key from one client within a minute (wrong keys)',
    arrange: ({ app }) =>
      repeat(10, () =>
        anonymous(app, 'POST', '/api/v1/tenants/', {
          key: 'NEVER-SOLD-1',
          company: { company_name: 'Initech' },
          admin: { first_name: 'Bill' },
        }),
      ),
    act: ({ app }) =>
      anonymous(app, 'POST', '/api/v1/tenants/', {
        key: 'NEVER-SOLD-2',
        company: { company_name: 'Initech' },
        admin: { first_name: 'Bill' },
      }),
  },
  {
    op: 'createSalesforceConnection',
    status: 400,
    why: 'a user connecting Salesforce',
    act: ({ marcus }) =>
      marcus.post('/api/v1/tenants/connections/', {
        connection_type: 'work_with_us',
        accounts: [
          {
            username: 'dana.whitfield@acme-cloud.com',
            account_type: 'salesforce_beta',
            is_salesforce_managed_package: true,
          },
        ],
      }),
  },
  {
    op: 'addPolicy',
    status: 400,
    why: 'a policy file that is not JSON',
    act: ({ dana }) =>
      dana.post(
        '/api/v1/tenants/add-policy/',
        policyForm(new Blob(['{ "Statement": '], { type: 'application/json' })),
      ),
  },
  {
    op: 'addPolicy',
    status: 413,
    why: 'a policy file over 1 MB',
    act: ({ dana }) =>
      dana.post(
        '/api/v1/tenants/add-policy/',
        policyForm(
          new Blob([`{"Statement":[],"pad":"${'x'.repeat(1024 * 1024)}"}`], {
            type: 'application/json',
          }),
        ),
      ),
  },
  {
    op: 'getTenant',
    status: 404,
    why: "another tenant's id",
    act: ({ dana }) => dana.get(`/api/v1/tenants/${GLOBEX.id}/`),
  },
  {
    op: 'updateTenant',
    status: 400,
    why: 'a user switching the environment',
    act: ({ marcus }) =>
      marcus.patch(`/api/v1/tenants/${ACME.id}/`, { is_production_enabled: true }),
  },
  {
    op: 'updateTenant',
    status: 404,
    why: "another tenant's id",
    act: ({ dana }) => dana.patch(`/api/v1/tenants/${GLOBEX.id}/`, { is_production_enabled: true }),
  },
  {
    op: 'updateSalesforceConnection',
    status: 400,
    why: 'a username that is not an e-mail',
    act: ({ dana }) =>
      dana.post('/api/v1/tenants/update-sf/', {
        username: 'dana',
        is_salesforce_managed_package: true,
      }),
  },
  {
    op: 'updateCreateOnSfSettings',
    status: 400,
    why: 'an unknown record type',
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/update-create-on-sf-settings', {
        type: 'account',
        value: true,
      }),
  },
  {
    op: 'getUser',
    status: 404,
    why: "another tenant's user",
    act: (w) => w.dana.get(`/api/v1/users/${w.globexId('users')}/`),
  },
  {
    op: 'updateAlertSettings',
    status: 400,
    why: 'a threshold of 0 and a time zone that does not exist',
    act: ({ marcus }) =>
      marcus.put('/api/v1/users/me/alerts/', {
        ...ALERTS,
        sync_failures: { enabled: true, threshold: 0 },
        digest: { enabled: true, hour: 8, time_zone: 'Mars/Olympus' },
      }),
  },
  {
    op: 'updateUser',
    status: 400,
    why: 'a blank first name',
    act: ({ dana, marcus }) => dana.patch(`/api/v1/users/${marcus.user.id}/`, { first_name: '' }),
  },
  {
    op: 'updateUser',
    status: 404,
    why: "another tenant's user",
    act: (w) => w.dana.patch(`/api/v1/users/${w.globexId('users')}/`, { first_name: 'Eve' }),
  },
  {
    op: 'deleteUser',
    status: 404,
    why: "another tenant's user",
    act: (w) => w.dana.delete(`/api/v1/users/${w.globexId('users')}/`),
  },
  {
    op: 'deleteUser',
    status: 404,
    why: 'a super_admin (only role user may be deleted)',
    act: ({ dana }) => dana.delete(`/api/v1/users/${dana.user.id}/`),
  },
  {
    op: 'inviteUser',
    status: 400,
    why: 'an e-mail already taken',
    act: ({ dana }) =>
      dana.post('/api/v1/tenants/invite-users/', {
        first_name: 'Marcus',
        middle_name: null,
        last_name: 'Again',
        email: 'marcus.oyelaran@acme-cloud.com',
        role: 'user',
      }),
  },
  {
    op: 'inviteUser',
    status: 429,
    why: 'an address invited and re-invited 3 times within an hour, invited again',
    arrange: async ({ dana }) => {
      const invited = await dana.post('/api/v1/tenants/invite-users/', INVITE);
      await repeat(2, () =>
        dana.post('/api/v1/tenants/resend-user-invite/', { user_id: invited.body.id }),
      );
      await dana.delete(`/api/v1/users/${invited.body.id}/`);
    },
    act: ({ dana }) => dana.post('/api/v1/tenants/invite-users/', INVITE),
  },
  {
    op: 'resendUserInvite',
    status: 400,
    why: 'a user who has already accepted',
    act: ({ dana, marcus }) =>
      dana.post('/api/v1/tenants/resend-user-invite/', { user_id: marcus.user.id }),
  },
  {
    op: 'resendUserInvite',
    status: 429,
    why: 'a third re-invitation within an hour (the invitation counts too)',
    arrange: async ({ dana }) => {
      const invited = await dana.post('/api/v1/tenants/invite-users/', INVITE);
      await repeat(2, () =>
        dana.post('/api/v1/tenants/resend-user-invite/', { user_id: invited.body.id }),
      );
    },
    act: ({ dana, store }) =>
      dana.post('/api/v1/tenants/resend-user-invite/', {
        user_id: store.state.users.find((row) => row.email === INVITE.email)?.id,
      }),
  },
  {
    op: 'resendUserInvite',
    status: 404,
    why: "another tenant's user",
    act: (w) =>
      w.dana.post('/api/v1/tenants/resend-user-invite/', { user_id: w.globexId('users') }),
  },
  {
    op: 'listAwsAttributes',
    status: 400,
    why: 'page 0',
    act: ({ dana }) => dana.get('/api/v1/salesforce/aws/attributes/?page=0'),
  },
  {
    op: 'listAwsAttributes',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/aws/attributes/?page=99'),
  },
  {
    op: 'listSalesforceAttributes',
    status: 400,
    why: 'a page size that is not a number',
    act: ({ dana }) => dana.get('/api/v1/salesforce/attributes/?page-size=ten'),
  },
  {
    op: 'listSalesforceAttributes',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/attributes/?page=99'),
  },
  {
    op: 'listDataMappings',
    status: 400,
    why: 'a page size that is not a number',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/?page-size=all'),
  },
  {
    op: 'listDataMappings',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/?page=99'),
  },
  {
    op: 'createDataMapping',
    status: 400,
    why: 'a user changing the mappings',
    act: ({ marcus }) =>
      marcus.post('/api/v1/salesforce/data-mappings/', {
        aws_ace_attribute: 1,
        salesforce_attributes: [],
      }),
  },
  {
    op: 'createDataMapping',
    status: 400,
    why: 'an ACE attribute that does not exist',
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/', {
        aws_ace_attribute: 999999,
        salesforce_attributes: [],
      }),
  },
  {
    op: 'updateDataMapping',
    status: 400,
    why: 'a user changing the mappings',
    act: ({ marcus, store }) =>
      marcus.patch(
        `/api/v1/salesforce/data-mappings/${store.state.mappings.find((row) => row.tenant === ACME.id)?.id}/`,
        { dummy_value: 'x' },
      ),
  },
  {
    op: 'updateDataMapping',
    status: 404,
    why: "another tenant's mapping",
    act: (w) =>
      w.dana.patch(`/api/v1/salesforce/data-mappings/${w.globexId('mappings')}/`, {
        dummy_value: 'x',
      }),
  },
  {
    op: 'deleteDataMapping',
    status: 404,
    why: "another tenant's mapping",
    act: (w) => w.dana.delete(`/api/v1/salesforce/data-mappings/${w.globexId('mappings')}/`),
  },
  {
    op: 'deleteDataMapping',
    status: 404,
    why: 'a user deleting a mapping',
    act: ({ marcus, store }) =>
      marcus.delete(
        `/api/v1/salesforce/data-mappings/${store.state.mappings.find((row) => row.tenant === ACME.id)?.id}/`,
      ),
  },
  {
    op: 'autoMatch',
    status: 400,
    why: 'a user asking for AutoMatch',
    act: ({ marcus }) => marcus.get('/api/v1/salesforce/auto-match'),
  },
  {
    op: 'importMappings',
    status: 400,
    why: 'a user importing mappings',
    act: ({ marcus }) =>
      marcus.post('/api/v1/salesforce/data-mappings/import/', {
        fields: [{ aws_ace_attribute: 10, field: null, values: [] }],
      }),
  },
  {
    op: 'importMappings',
    status: 400,
    why: 'a file row the single-field writes refuse (nothing of the file is kept)',
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/import/', {
        fields: [
          {
            aws_ace_attribute: 10,
            field: { aws_ace_attribute: 10, salesforce_attribute: 111 },
            values: [],
          },
          {
            aws_ace_attribute: 33,
            field: { aws_ace_attribute: 33, salesforce_attribute: 111 },
            values: [],
          },
        ],
      }),
  },
  {
    op: 'searchSalesforceRecords',
    status: 400,
    why: 'no record type',
    act: ({ dana }) => dana.get('/api/v1/salesforce/records/?search=a'),
  },
  {
    op: 'searchSalesforceRecords',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/records/?type=Lead&page=99'),
  },
  {
    op: 'previewSalesforceRecord',
    status: 404,
    why: "another tenant's record",
    act: ({ dana, store }) =>
      dana.get(
        `/api/v1/salesforce/records/${store.state.salesforce[String(GLOBEX.id)]?.[0]?.Id}/preview/`,
      ),
  },
  {
    op: 'listSyncFilters',
    status: 400,
    why: 'an unknown entity',
    act: ({ dana }) =>
      dana.get('/api/v1/salesforce/data-mappings/sync-settings?entity_type=account'),
  },
  {
    op: 'createSyncFilter',
    status: 400,
    why: 'a user changing the filters',
    act: (w) =>
      w.marcus.post('/api/v1/salesforce/data-mappings/sync-settings/', acmeFilter(w.store)),
  },
  {
    op: 'createSyncFilter',
    status: 400,
    why: 'an unknown block joiner',
    act: ({ dana, store }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-settings/', {
        ...acmeFilter(store),
        sync_type: 'xor',
      }),
  },
  {
    op: 'updateSyncFilter',
    status: 400,
    why: 'a user changing the filters',
    act: ({ marcus, store }) =>
      marcus.patch(
        `/api/v1/salesforce/data-mappings/sync-settings/${store.state.filters.find((row) => row.tenant === ACME.id)?.id}/`,
        { value: 'x' },
      ),
  },
  {
    op: 'updateSyncFilter',
    status: 404,
    why: "another tenant's filter",
    arrange: (w) =>
      w.globex.post('/api/v1/salesforce/data-mappings/sync-settings/', acmeFilter(w.store)),
    act: (w) =>
      w.dana.patch(`/api/v1/salesforce/data-mappings/sync-settings/${w.globexId('filters')}/`, {
        value: 'x',
      }),
  },
  {
    op: 'deleteSyncFilter',
    status: 404,
    why: "another tenant's filter",
    arrange: (w) =>
      w.globex.post('/api/v1/salesforce/data-mappings/sync-settings/', acmeFilter(w.store)),
    act: (w) =>
      w.dana.delete(`/api/v1/salesforce/data-mappings/sync-settings/${w.globexId('filters')}/`),
  },
  {
    op: 'countSyncFilterMatches',
    status: 400,
    why: 'no entity',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/sync-settings/count/'),
  },
  {
    op: 'startSync',
    status: 400,
    why: 'a second sync while one runs',
    arrange: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
        tenant_sub_domain: ACME.subdomain,
      }),
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
        tenant_sub_domain: ACME.subdomain,
      }),
  },
  {
    op: 'startSync',
    status: 400,
    why: "another tenant's subdomain",
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
        tenant_sub_domain: GLOBEX.subdomain,
      }),
  },
  {
    op: 'listSyncErrors',
    status: 400,
    why: 'page 0',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/sync-errors/?page=0'),
  },
  {
    op: 'listSyncLogs',
    status: 400,
    why: 'a run id that is not a number',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/sync-errors/logs/?run=latest'),
  },
  {
    op: 'listSyncErrors',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/sync-errors/?page=99'),
  },
  {
    op: 'listSyncLogs',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/data-mappings/sync-errors/logs/?page=99'),
  },
  {
    op: 'deleteSyncError',
    status: 404,
    why: "another tenant's error",
    act: (w) =>
      w.dana.delete(`/api/v1/salesforce/data-mappings/sync-errors/${w.globexId('syncErrors')}`),
  },
  {
    op: 'listSyncRuns',
    status: 400,
    why: 'a period of 0 days',
    act: ({ dana }) => dana.get('/api/v1/salesforce/sync-runs/?days=0'),
  },
  {
    op: 'listSyncRuns',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/salesforce/sync-runs/?days=365&page=99'),
  },
  {
    op: 'getSyncRun',
    status: 404,
    why: "another tenant's run",
    act: (w) => w.dana.get(`/api/v1/salesforce/sync-runs/${w.globexId('syncRuns')}/`),
  },
  {
    op: 'retrySyncErrors',
    status: 400,
    why: 'an error that no longer exists',
    arrange: ({ dana }) => dana.delete('/api/v1/salesforce/data-mappings/sync-errors/7'),
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-errors/retry/', { error_ids: [2, 7] }),
  },
  {
    op: 'retrySyncErrors',
    status: 400,
    why: 'a cause with no open error',
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-errors/retry/', {
        cause_id: 'picklist-opportunity-46-000000',
      }),
  },
  {
    op: 'retrySyncErrors',
    status: 400,
    why: 'a retry while a sync runs',
    arrange: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-data/', {
        tenant_sub_domain: ACME.subdomain,
      }),
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-errors/retry/', { error_ids: [2] }),
  },
  {
    op: 'dismissSyncErrors',
    status: 400,
    why: 'an error that no longer exists, among open ones',
    arrange: ({ dana }) => dana.delete('/api/v1/salesforce/data-mappings/sync-errors/7'),
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-errors/dismiss/', { error_ids: [2, 7] }),
  },
  {
    op: 'dismissSyncErrors',
    status: 400,
    why: 'a cause with no open error',
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/data-mappings/sync-errors/dismiss/', {
        cause_id: 'not-found-opportunity-record-000000',
      }),
  },
  {
    op: 'updateOverrides',
    status: 400,
    why: 'an empty list',
    act: ({ dana }) => dana.post('/api/v1/salesforce/update-dummy-value-for-error/', []),
  },
  {
    op: 'updateOverrides',
    status: 400,
    why: "a Boolean's value other than True or False (doesOppBelongToNatSec: Yes)",
    act: ({ dana }) =>
      dana.post('/api/v1/salesforce/update-dummy-value-for-error/', [
        { sync_error_id: 1, salesforce_id: '0065g00000XyZ12AAB', ace_id: 51, dummy_value: 'Yes' },
      ]),
  },
  {
    op: 'listActivity',
    status: 400,
    why: 'an area the log does not have',
    act: ({ dana }) => dana.get('/api/v1/activity/?area=billing'),
  },
  {
    op: 'listActivity',
    status: 400,
    why: 'a day that does not exist',
    act: ({ dana }) => dana.get('/api/v1/activity/?from=2026-02-30'),
  },
  {
    op: 'listActivity',
    status: 404,
    why: 'a page beyond the last',
    act: ({ dana }) => dana.get('/api/v1/activity/?page=99'),
  },
  {
    op: 'exportActivity',
    status: 400,
    why: 'a period that ends before it starts',
    act: ({ dana }) => dana.get('/api/v1/activity/export/?from=2026-03-02&to=2026-03-01'),
  },
  {
    op: 'verifyActivity',
    status: 400,
    why: 'a user checking the chain (only a super admin may)',
    act: ({ marcus }) => marcus.get('/api/v1/activity/verify/'),
  },
  {
    op: 'revertActivityEvent',
    status: 400,
    why: 'a sign-in, which cannot be reverted',
    act: ({ dana, store }) =>
      dana.post(`/api/v1/activity/${newestOf(store, 'sign_in')}/revert/`, {}),
  },
  {
    op: 'revertActivityEvent',
    status: 404,
    why: "another tenant's event",
    act: ({ globex, store }) =>
      globex.post(`/api/v1/activity/${newestOf(store, 'sign_in')}/revert/`, {}),
  },
  {
    op: 'revertActivityEvent',
    status: 409,
    why: 'a rule changed again since',
    arrange: async ({ dana }) => {
      const rule = '/api/v1/salesforce/update-create-on-sf-settings';
      await dana.post(rule, { type: 'lead', value: false });
      await dana.post(rule, { type: 'lead', value: true });
    },
    act: ({ dana, store }) => {
      const changes = store.state.activity.filter((row) => row.action === 'rule.changed');
      return dana.post(`/api/v1/activity/${changes.at(-2)?.id}/revert/`, {});
    },
  },
];

/** The id of Acme's newest event of the area. */
function newestOf(store: World['store'], area: string): number {
  const row = store.state.activity.findLast(
    (event) => event.tenantId === ACME.id && event.area === area,
  );
  if (!row) throw new Error(`Acme has no ${area} event`);
  return row.id;
}

/** A valid new filter: the seed's first Acme condition, as the create call takes it. */
function acmeFilter(store: World['store']) {
  const row = store.state.filters.find((filter) => filter.tenant === ACME.id);
  if (!row) throw new Error('Acme has no filters in the seed');
  const { comparison_type, field_value, entity_type, block } = row;
  return { attribute_id: row.attributeId, comparison_type, field_value, entity_type, block };
}

// --- the contract's replies ---------------------------------------------------------------

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: { responses: Record<string, unknown> };
};
const doc = contractDocument() as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, 'contract');

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The 4xx statuses an operation declares. */
function declared(op: ContractOperation): number[] {
  return Object.keys(doc.paths[op.path]?.[op.method]?.responses ?? {})
    .map(Number)
    .filter((status) => status >= 400 && status < 500);
}

/** A validator of the JSON body the contract gives `status` of `op`. */
function replySchema(op: ContractOperation, status: number) {
  const response = doc.paths[op.path]?.[op.method]?.responses[String(status)];
  const base = response?.$ref
    ? `contract${response.$ref}`
    : `contract#/${pointer('paths', op.path, op.method, 'responses', String(status))}`;
  return ajv.getSchema(`${base}/content/application~1json/schema`);
}

const operations = new Map(contractOperations().map((op) => [op.operationId, op]));
const byName = (id: string) => {
  const op = operations.get(id);
  if (!op) throw new Error(`${id} is not an operation of the contract`);
  return op;
};

/** A path of the operation with every parameter filled with the caller's own ids. */
const ownPath = (op: ContractOperation) =>
  op.path.replace('{id}', '1').replace('{salesforce_id}', '00Q5g00000AbCdEAAV');

/** Every non-empty message of an error body (`detail`, `error`, `message` or field errors). */
const messagesOf = (body: unknown): string[] =>
  typeof body === 'string'
    ? [body].filter(Boolean)
    : Array.isArray(body)
      ? body.flatMap(messagesOf)
      : body && typeof body === 'object'
        ? Object.entries(body).flatMap(([key, value]) => (key === 'code' ? [] : messagesOf(value)))
        : [];

// --- the tests ------------------------------------------------------------------------------

async function world(): Promise<World> {
  const made = testSandbox({ inMemory: true, syncDelayMs: 300 });
  const [dana, marcus, globex] = await Promise.all([
    signIn(made.app, 'dana.whitfield@acme-cloud.com'),
    signIn(made.app, 'marcus.oyelaran@acme-cloud.com'),
    signIn(made.app, 'ops@globex.example'),
  ]);
  return {
    app: made.app,
    store: made.store,
    dana,
    marcus,
    globex,
    globexId(table) {
      const rows = made.store.state[table] as { id: number; tenant?: number; tenantId?: number }[];
      const row = rows.find((item) => (item.tenant ?? item.tenantId) === GLOBEX.id);
      if (!row) throw new Error(`Globex has no ${table} in the seed`);
      return row.id;
    },
  };
}

describe('every declared 4xx is reachable, in the contract shape, and changes nothing', () => {
  it('has a case for every 4xx the contract declares (401 below, for every secured operation)', () => {
    const covered = new Set(CASES.map((c) => `${c.op} ${c.status}`));
    const missing = contractOperations().flatMap((op) =>
      declared(op)
        .filter((status) => !(status === 401 && !op.isPublic))
        .map((status) => `${op.operationId} ${status}`)
        .filter((key) => !covered.has(key)),
    );
    expect(
      missing,
      `add a case to CASES in tests/sandbox/declared-failures.test.ts for each (an { op, status, why, arrange?, act } that meets it, e.g. { op: '${missing[0]?.split(' ')[0] ?? 'operationId'}', status: ${missing[0]?.split(' ')[1] ?? 400}, why: '...', act: ({ dana }) => dana.post('...', {...}) })`,
    ).toEqual([]);
    for (const c of CASES) expect(declared(byName(c.op)), `${c.op}`).toContain(c.status);
  });

  it.each(CASES.map((c) => [`${c.op} ${c.status}: ${c.why}`, c] as const))(
    '%s',
    async (_name, c) => {
      const w = await world();
      await c.arrange?.(w);
      const before = w.store.state;
      const answer = await c.act(w);
      expect(answer.status, JSON.stringify(answer.body)).toBe(c.status);
      const validate = replySchema(byName(c.op), c.status);
      expect(validate, 'the contract gives this reply a JSON schema').toBeDefined();
      expect(validate?.(answer.body), JSON.stringify(validate?.errors)).toBe(true);
      expect(messagesOf(answer.body), 'a message the app can show').not.toEqual([]);
      if (c.op !== 'login' || c.status !== 401) {
        expect(w.store.state, 'the store is as it was').toBe(before);
        return;
      }
      // A refused sign-in is a security event: the one change it makes is its event (and the
      // event's id from the sequence); every other table is the very same.
      const { activity: after, sequences, ...rest } = w.store.state;
      const { activity: kept, sequences: sequencesBefore, ...restBefore } = before;
      for (const [table, rows] of Object.entries(rest))
        expect(rows, `${table} is as it was`).toBe(restBefore[table as keyof typeof restBefore]);
      expect({ ...sequences, activity: 0 }).toEqual({ ...sequencesBefore, activity: 0 });
      expect(after.slice(0, kept.length)).toEqual(kept);
      expect(after.slice(kept.length).map((event) => event.action)).toEqual(['sign_in.refused']);
    },
  );

  const secured = contractOperations().filter((op) => !op.isPublic);

  it.each(secured.map((op) => [op.operationId, op] as const))(
    '%s answers 401 to a forged token and, when it writes, to a missing XSRF header',
    async (_id, op) => {
      const w = await world();
      const before = w.store.state;
      const forged = `${w.dana.access.split('.').slice(0, 2).join('.')}.forged-signature`;
      const method = op.method.toUpperCase();
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({});
      const headers = { authorization: `Bearer ${forged}`, 'content-type': 'application/json' };
      const replies: Response[] = [await w.app.request(ownPath(op), { method, headers, body })];
      if (method !== 'GET')
        replies.push(
          await w.app.request(ownPath(op), {
            method,
            headers: { ...headers, authorization: `Bearer ${w.dana.access}` },
            body,
          }),
        );
      for (const response of replies) {
        expect(response.status).toBe(401);
        const validate = replySchema(op, 401);
        expect(validate?.(await response.json()), JSON.stringify(validate?.errors)).toBe(true);
      }
      expect(w.store.state).toBe(before);
    },
  );
});
