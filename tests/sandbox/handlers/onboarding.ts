/**
 * Tag `onboarding`: the licence key, the AWS Marketplace registration and the five-step wizard.
 * The rules live in the domain: tenant-signup (steps 1-2), salesforce-connection (step 3),
 * aws-connection (step 4), setup-progress (where the tenant is).
 */
import { randomUUID } from 'node:crypto';

import {
  clientOf,
  operation,
  originFor,
  originOf,
  reply,
  sessionOf,
  type SandboxApp,
} from '../app';
import { record } from '../domain/activity';
import { companyTarget, companyView, recorded } from '../domain/activity-changes';
import { checkAwsForm, type PolicyForm } from '../domain/aws-connection';
import { awsVerdict } from '../domain/connection-health';
import {
  EMAIL_PATTERN,
  fieldErrors,
  notFound,
  refused,
  requireFields,
  WeakPassword,
} from '../domain/failure';
import { checkSalesforceLogin, connectSalesforce } from '../domain/salesforce-connection';
import { issueTokens } from '../domain/sessions';
import { SETUP_COMPLETE_MESSAGE, setupStep } from '../domain/setup-progress';
import { callerOf, superAdmin, tenantById, tenantUsers } from '../domain/tenant-access';
import { createTenantWithAdmin, normaliseKey, usableKey } from '../domain/tenant-signup';
import type { Counted } from '../domain/throttle';
import { publicUser } from '../domain/users';
import { nestedFieldErrors } from '../http-failure';
import type { State } from '../store/state';
import { countAttempt, refuseWhileThrottled, throttleOf } from './throttling';

/**
 * What one request that takes a licence key counts on (verifyProductKey and createTenant alike,
 * and getConnectionStepStatus given a key other than the caller's company's): its client, and the
 * key, from all clients together (many clients on one key). Every request counts, accepted or
 * not: a guesser learns from both.
 */
const keyChecks = (key: string, client: string): Counted[] => [
  { limit: 'keyChecksPerClient', key: client },
  { limit: 'keyChecksPerKey', key: normaliseKey(key) },
];

/** The answers that an admin's e-mail already has an account: per key and per client. */
const takenAddresses = (key: string, client: string): Counted[] => [
  { limit: 'signUpTakenPerKey', key: normaliseKey(key) },
  { limit: 'signUpTakenPerClient', key: client },
];

/** Whether `key` (normalised as every key check does) is the licence key sold to the tenant. */
function isOwnKey(state: State, tenantId: number, key: string): boolean {
  const normalised = normaliseKey(key);
  return state.licenceKeys.some((row) => row.tenantId === tenantId && row.key === normalised);
}

function registerKeyAndPurchase(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/auth/key/verify', (call) => {
    const { body, deps } = call;
    requireFields(body ?? {}, ['key']);
    countAttempt(call, keyChecks(body.key, clientOf(call.context)));
    usableKey(deps.store.state, body.key);
    return reply(200, { message: 'Product key verified successfully.' });
  });

  operation(
    app,
    'post',
    '/api/v1/auth/aws/marketplace/fulfill/register-purchase',
    ({ body, deps }) => {
      requireFields(body ?? {}, ['company_name', 'contact_person', 'contact_phone', 'email']);
      const email = body.email.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email))
        throw fieldErrors({ email: ['Enter a valid email address.'] });
      if (!/^\+?[\d\s().-]{6,}$/.test(body.contact_phone.trim()))
        throw fieldErrors({ contact_phone: ['Enter a valid phone number.'] });
      deps.store.transact((draft) => {
        draft.awsRegistrations.push({
          company_name: body.company_name.trim(),
          contact_person: body.contact_person.trim(),
          contact_phone: body.contact_phone.trim(),
          email,
        });
      });
      return reply(200, {
        message: 'Thank you! Our team will send your licence keys and onboarding details shortly.',
      });
    },
  );
}

function registerProgress(app: SandboxApp): void {
  operation(app, 'post', '/api/v1/tenant-subdomain/', (call) => {
    const { tenantId } = sessionOf(call);
    requireFields(call.body ?? {}, ['email']);
    const state = call.deps.store.state;
    const email = call.body.email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) throw fieldErrors({ email: ['Enter a valid email address.'] });
    const user = state.users.find((row) => row.email === email && row.tenantId === tenantId);
    const tenant = state.tenants.find((row) => row.id === tenantId);
    if (!user || !tenant) throw notFound();
    return reply(200, { subdomain_prefix: tenant.subdomain_prefix });
  });

  // The app may send the product key it stored. Only the caller's own company's key is judged
  // good: any other (sold to another company, spent or never sold) is refused with one and the
  // same answer, so that a signed-in user learns nothing of other companies' keys here, and it is
  // counted as a licence-key check (429 beyond the limits), so that guessing here is as slow as
  // at verifyProductKey. The own key, or none, is neither counted nor refused while the client
  // is throttled: a user is never locked out of their own dashboard, and it tells nobody
  // anything they do not know.
  operation(app, 'post', '/api/v1/connection-step-status/', (call) => {
    const { tenantId } = sessionOf(call);
    const state = call.deps.store.state;
    const key = call.body?.key;
    if (key && !isOwnKey(state, tenantId, key)) {
      countAttempt(call, keyChecks(key, clientOf(call.context)));
      throw refused('Invalid product key.');
    }
    const step = setupStep(state, tenantId);
    if (step === null) return reply(200, { current_step: null, message: SETUP_COMPLETE_MESSAGE });
    return reply(200, { current_step: step, message: null });
  });
}

function registerSteps(app: SandboxApp): void {
  // The key authorises the call, so it is throttled as verifyProductKey is (else a guesser would
  // come here once the key check is throttled); and the admin's e-mail is looked up last, its
  // "already exists" answers throttled per key and per client (domain/tenant-signup.ts).
  operation(app, 'post', '/api/v1/tenants/', async (call) => {
    const { body, deps } = call;
    if (typeof body !== 'object' || body === null)
      throw fieldErrors({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    requireFields(body, ['key', 'company', 'admin']);
    const client = clientOf(call.context);
    countAttempt(call, keyChecks(body.key, client));
    const taken = takenAddresses(body.key, client);
    const { tenantId, userId } = deps.store.transact((draft) => {
      const created = nestingWeakPassword(() =>
        createTenantWithAdmin(draft, body, {
          // Refused while full whatever the e-mail: a 429 only for taken ones would tell them.
          before: () => refuseWhileThrottled(call, taken),
          taken: () => throttleOf(deps).count(taken),
        }),
      );
      // The company's first event, made by its new admin (signed in by this very call).
      const admin = draft.users.find((row) => row.id === created.userId);
      record(
        draft,
        { ...originFor(call, admin ?? null), tenantId: created.tenantId },
        {
          area: 'company',
          action: 'company.created',
          target: companyTarget(draft, created.tenantId),
          before: null,
          after: companyView(draft, created.tenantId),
        },
      );
      return created;
    });
    const tenant = tenantById(deps.store.state.tenants, tenantId);
    const admin = tenantUsers(deps.store.state, tenantId).find((row) => row.id === userId);
    if (!admin) throw new Error(`the admin of tenant ${tenantId} was not kept`);
    return reply(201, {
      message: 'Company and admin account created successfully.',
      id: tenant.id,
      subdomain_prefix: tenant.subdomain_prefix,
      tenant_admin: { user: publicUser(admin), ...(await issueTokens(deps, admin)) },
    });
  });

  operation(app, 'post', '/api/v1/tenants/connections/', (call) => {
    const { body, deps } = call;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 'connect Salesforce');
    requireFields(body ?? {}, ['connection_type', 'accounts']);
    if (body.connection_type !== 'work_with_us')
      throw fieldErrors({
        connection_type: [`"${String(body.connection_type)}" is not a valid choice.`],
      });
    const [account, ...more] = Array.isArray(body.accounts) ? body.accounts : [];
    if (!account || more.length > 0)
      throw fieldErrors({ accounts: ['Give exactly one Salesforce account.'] });
    const setup = checkSalesforceLogin(tenant, account, 'field');
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        { area: 'company', action: 'company.changed', target: companyTarget(draft, tenant.id) },
        () => companyView(draft, tenant.id),
        () => connectSalesforce(draft, tenantById(draft.tenants, tenant.id), setup, deps.now()),
      ),
    );
    return reply(200, { message: 'Connected Successfully' });
  });

  operation(app, 'post', '/api/v1/tenants/add-policy/', async (call) => {
    const { deps } = call;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 'connect AWS');
    if (typeof call.body !== 'object' || call.body === null)
      throw fieldErrors({ non_field_errors: ['Send the policy as multipart/form-data.'] });
    const aws = await checkAwsForm(call.body as unknown as PolicyForm);
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        { area: 'company', action: 'company.changed', target: companyTarget(draft, tenant.id) },
        () => companyView(draft, tenant.id),
        () => {
          const row = tenantById(draft.tenants, tenant.id);
          row.aws = aws;
          row.aws_connection = awsVerdict(aws);
          row.connected_at = deps.now().toISOString();
        },
      ),
    );
    return reply(200, { message: 'AWS policy added successfully.' });
  });

  // The tenant's external id: made once, on the first call, and kept with the tenant, so that the
  // id an admin copied into the role's trust policy is the one step 4 sends, after any reload or
  // sign-in. Once the AWS connection is saved, it is the id saved with it.
  operation(app, 'get', '/api/v1/uuid_generate/', (call) => {
    const { deps } = call;
    const { tenant } = callerOf(deps.store.state, sessionOf(call));
    const kept = tenant.aws?.external_id ?? tenant.external_id;
    if (kept) return reply(200, { uuid: kept });
    const uuid = randomUUID();
    deps.store.transact((draft) => {
      tenantById(draft.tenants, tenant.id).external_id = uuid;
    });
    return reply(200, { uuid });
  });
}

export function registerOnboarding(app: SandboxApp): void {
  registerKeyAndPurchase(app);
  registerProgress(app);
  registerSteps(app);
}

/** Sign-up answers a refused admin password under `errors`, its other field errors flat. */
function nestingWeakPassword<T>(create: () => T): T {
  try {
    return create();
  } catch (error) {
    if (error instanceof WeakPassword) throw nestedFieldErrors(error);
    throw error;
  }
}
