// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { POLICY_MAX_BYTES, POLICY_TOO_LARGE } from '../../../generated/rules/index';
import { isReserved } from '../domain/attributes';
import { anonymous, signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const KEY = 'DEMO-LICENCE-1';
const ADMIN = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@analytical.example',
  password: 'Engine-N0te-G!',
};
const step2 = (overrides: { key?: string; admin?: object; company?: object } = {}) => ({
  key: overrides.key ?? KEY,
  company: {
    company_name: 'Analytical Engines',
    aws_partner_status: 'advance',
    industry: 'Software',
    email: 'info@analytical.example',
    is_term_and_conditions_accepted: true,
    ...overrides.company,
  },
  admin: { ...ADMIN, ...overrides.admin },
});
const ACCOUNT = {
  username: 'integration@analytical.example',
  consumer_key: null,
  account_type: 'salesforce_beta',
  is_salesforce_managed_package: true,
};
const step3 = (account: object = {}) => ({
  connection_type: 'work_with_us',
  accounts: [{ ...ACCOUNT, ...account }],
});
const POLICY =
  '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["partnercentral:*"],"Resource":"*"}]}';
function step4(
  policy: string | Blob = POLICY,
  accountId = '123456789012',
  fields: { account_id?: string; external_role_arn?: string } = {},
) {
  const form = new FormData();
  form.set(
    'policy',
    policy instanceof Blob ? policy : new Blob([policy], { type: 'application/json' }),
    'policy.json',
  );
  form.set('account_id', fields.account_id ?? '123456789012');
  form.set('external_id', '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c');
  form.set(
    'external_role_arn',
    fields.external_role_arn ?? `arn:aws:iam::${accountId}:role/AceBridgeCrossAccountRole`,
  );
  return form;
}
const stepOf = async (api: ApiClient) =>
  (await api.post('/api/v1/connection-step-status/', {})).body;

describe('licence keys', () => {
  it('tells a valid key from the others; an unknown and a spent key answer alike', async () => {
    const { app } = testSandbox({ inMemory: true });
    const verify = (key: string) => anonymous(app, 'POST', '/api/v1/auth/key/verify', { key });
    expect(await verify(KEY)).toEqual({
      status: 200,
      body: { message: 'Product key verified successfully.' },
    });
    expect(await verify('NOT-A-KEY')).toEqual({
      status: 400,
      body: { error: 'Invalid product key.' },
    });
    expect(await verify('ACEB-7Q2M-K9XD-41PF')).toEqual({
      status: 400,
      body: { error: 'Invalid product key.' },
    });
  });

  it('keeps an AWS Marketplace registration and refuses a bad e-mail', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const register = (email: string) =>
      anonymous(app, 'POST', '/api/v1/auth/aws/marketplace/fulfill/register-purchase', {
        company_name: 'Initech',
        contact_person: 'Bill Lumbergh',
        contact_phone: '+1 512 555 0100',
        email,
      });
    expect((await register('not-an-email')).body).toEqual({
      email: ['Enter a valid email address.'],
    });
    expect((await register('bill@initech.example')).status).toBe(200);
    expect(store.state.awsRegistrations).toEqual([
      expect.objectContaining({ email: 'bill@initech.example' }),
    ]);
  });
});

describe('step 2: the tenant and its admin', () => {
  it('creates both, signs the admin in and spends the key', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const created = await anonymous(app, 'POST', '/api/v1/tenants/', step2());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 3,
      subdomain_prefix: 'analytical',
      tenant_admin: { user: { email: ADMIN.email, role: 'super_admin', is_active: true } },
    });
    expect(store.state.licenceKeys.find((row) => row.key === KEY)?.tenantId).toBe(3);
    const refusedAgain = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({ admin: { email: 'someone.else@analytical.example' } }),
    );
    expect(refusedAgain).toEqual({
      status: 400,
      body: { error: 'Invalid product key.' },
    });
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    expect(await admin.post('/api/v1/tenant-subdomain/', { email: ADMIN.email })).toEqual({
      status: 200,
      body: { subdomain_prefix: 'analytical' },
    });
    expect(
      (await admin.post('/api/v1/tenant-subdomain/', { email: 'dana.whitfield@acme-cloud.com' }))
        .status,
    ).toBe(404);
  });

  it('answers field errors flat, password validators nested, a taken e-mail last, and creates nothing', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const tenants = store.state.tenants.length;
    const short = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({
        admin: { email: 'dana.whitfield@acme-cloud.com', first_name: 'A', password: 'short' },
      }),
    );
    // The e-mail has an account, but the request is refused for its own faults first.
    expect(short).toEqual({
      status: 400,
      body: {
        first_name: ['Ensure this field has at least 2 characters.'],
        password: ['This password is too short. It must contain at least 8 characters.'],
      },
    });
    const taken = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({ admin: { email: 'dana.whitfield@acme-cloud.com' } }),
    );
    expect(taken).toEqual({
      status: 400,
      body: { email: ['A user with this email already exists.'] },
    });
    const common = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({ admin: { password: 'password1' } }),
    );
    expect(common).toEqual({
      status: 400,
      body: { errors: { password: ['This password is too common.'] } },
    });
    expect(store.state.tenants).toHaveLength(tenants);
    expect(store.state.licenceKeys.find((row) => row.key === KEY)?.tenantId).toBeNull();
  });

  it("refuses a company name shorter than CompanyName and a one-letter last name, with the contract's field errors", async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const tenants = store.state.tenants.length;
    const refused = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({ company: { company_name: ' Ab ' }, admin: { last_name: 'L' } }),
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        company_name: ['Ensure this field has at least 3 characters.'],
        last_name: ['Ensure this field has at least 2 characters.'],
      },
    });
    expect(store.state.tenants).toHaveLength(tenants);
    expect(
      (
        await anonymous(
          app,
          'POST',
          '/api/v1/tenants/',
          step2({ company: { company_name: 'Abc' } }),
        )
      ).status,
    ).toBe(201);
  });

  it('derives a unique subdomain from the company name', async () => {
    const { app } = testSandbox({ inMemory: true });
    const created = await anonymous(
      app,
      'POST',
      '/api/v1/tenants/',
      step2({ company: { company_name: 'Acme Cloud Rivals' } }),
    );
    expect(created.body.subdomain_prefix).toBe('acme-cloud');
  });
});

describe('the wizard, step by step', () => {
  it('moves from step 3 to complete as the set-up really happens', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app, store } = testSandbox({ inMemory: true, now: () => clock });
    await anonymous(app, 'POST', '/api/v1/tenants/', step2());
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    expect(await stepOf(admin)).toEqual({ current_step: 3, message: null });

    const connect = (account: object) => admin.post('/api/v1/tenants/connections/', step3(account));
    expect(await connect({ username: 'someone@elsewhere.example' })).toEqual({
      status: 400,
      body: { email: ["user hasn't approved this consumer: someone@elsewhere.example"] },
    });
    expect(
      await connect({ is_salesforce_managed_package: false, consumer_key: 'not-a-key' }),
    ).toEqual({
      status: 400,
      body: { consumer_key: ['invalid_client_id: client identifier invalid'] },
    });
    expect((await connect({ account_type: 'salesforce_production' })).body).toHaveProperty(
      'account_type',
    );
    expect(await stepOf(admin)).toEqual({ current_step: 3, message: null });
    expect(await connect({})).toEqual({ status: 200, body: { message: 'Connected Successfully' } });
    expect(store.state.attributes.some((row) => row.is_salesforce && row.tenantId === 3)).toBe(
      true,
    );
    expect(await stepOf(admin)).toEqual({ current_step: 4, message: null });

    const invalid = await admin.post('/api/v1/tenants/add-policy/', step4('{"Version": '));
    expect(invalid).toEqual({
      status: 400,
      body: { policy: ['Upload a valid JSON policy file.'] },
    });
    const huge = await admin.post(
      '/api/v1/tenants/add-policy/',
      step4(new Blob(['x'.repeat(POLICY_MAX_BYTES + 1)])),
    );
    expect(huge).toEqual({ status: 413, body: { error: POLICY_TOO_LARGE } });
    expect(POLICY_TOO_LARGE).toBe(
      'File size too large. The policy file must be smaller than 1 MB.',
    );
    const atLimit = await admin.post(
      '/api/v1/tenants/add-policy/',
      step4(new Blob(['x'.repeat(POLICY_MAX_BYTES)])),
    );
    // Not too large: refused only as not JSON.
    expect(atLimit).toEqual({
      status: 400,
      body: { policy: ['Upload a valid JSON policy file.'] },
    });
    const addPolicy = (fields: { account_id?: string; external_role_arn?: string }) =>
      admin.post('/api/v1/tenants/add-policy/', step4(POLICY, '123456789012', fields));
    expect(await addPolicy({ account_id: '12345678901' })).toEqual({
      status: 400,
      body: { account_id: ['An AWS account id is 12 digits.'] },
    });
    // A role's path and name hold no white space (AwsRoleArn).
    expect(
      await addPolicy({ external_role_arn: 'arn:aws:iam::123456789012:role/AceBridge Role' }),
    ).toEqual({
      status: 400,
      body: {
        external_role_arn: ['Enter an IAM role ARN: arn:aws:iam::<account id>:role/<role name>.'],
      },
    });
    const otherAccount = await admin.post(
      '/api/v1/tenants/add-policy/',
      step4(POLICY, '210987654321'),
    );
    expect(otherAccount.body.error).toMatch(/^AccessDenied: /);
    expect(await stepOf(admin)).toEqual({ current_step: 4, message: null });
    // A role with a path, in another partition, is a role ARN too.
    expect(
      (
        await addPolicy({
          external_role_arn: 'arn:aws-us-gov:iam::123456789012:role/service-role/AceBridge',
        })
      ).status,
    ).toBe(200);
    expect(await stepOf(admin)).toEqual({ current_step: 5, message: null });
    expect((await admin.post('/api/v1/tenants/add-policy/', step4())).status).toBe(200);

    expect((await admin.get('/api/v1/tenants/check-connection/')).body).toEqual({
      salesforce_connection: 'connecting',
      aws_connection: 'connecting',
    });
    clock = new Date(clock.getTime() + 2500);
    expect((await admin.get('/api/v1/tenants/check-connection/')).body).toEqual({
      salesforce_connection: 'ok',
      aws_connection: 'ok',
    });

    const mandatory = store.state.attributes.find(
      (row) => row.is_aws_ace && row.is_mandatory && !isReserved(row),
    );
    const mapped = await admin.post('/api/v1/salesforce/data-mappings/', {
      aws_ace_attribute: mandatory?.id,
      is_dummy_value: true,
      dummy_value_description: 'Analytical Engines',
    });
    expect(mapped.status).toBe(201);
    expect(await stepOf(admin)).toEqual({ current_step: null, message: 'All steps are completed' });
  });

  it('reports Failed where the inputs say so', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app } = testSandbox({ inMemory: true, now: () => clock });
    await anonymous(app, 'POST', '/api/v1/tenants/', step2());
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    await admin.post('/api/v1/tenants/connections/', step3());
    const noPartnerCentral =
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}';
    expect((await admin.post('/api/v1/tenants/add-policy/', step4(noPartnerCentral))).status).toBe(
      200,
    );
    clock = new Date(clock.getTime() + 2500);
    expect((await admin.get('/api/v1/tenants/check-connection/')).body).toEqual({
      salesforce_connection: 'ok',
      aws_connection: 'Failed',
    });
  });

  it('lets only the company admin connect', async () => {
    const { app } = testSandbox({ inMemory: true });
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    const refused = await marcus.post(
      '/api/v1/tenants/connections/',
      step3({ username: 'x@acme-cloud.com' }),
    );
    expect(refused).toEqual({
      status: 400,
      body: { error: 'Only a super admin can connect Salesforce.' },
    });
    const uuid = await marcus.get('/api/v1/uuid_generate/');
    expect(uuid.body.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('the external id step 4 offers (uuid_generate)', () => {
  it('is the tenant’s own, the same on every call and after another sign-in, and kept in the store', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    expect((await anonymous(app, 'POST', '/api/v1/tenants/', step2())).status).toBe(201);
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const first = (await admin.get('/api/v1/uuid_generate/')).body.uuid;
    expect((await admin.get('/api/v1/uuid_generate/')).body.uuid).toBe(first);
    const again = await signIn(app, ADMIN.email, ADMIN.password);
    expect((await again.get('/api/v1/uuid_generate/')).body.uuid).toBe(first);
    expect(
      store.state.tenants.find((row) => row.company_name === 'Analytical Engines'),
    ).toMatchObject({ external_id: first });
    // Another company has its own: Acme's is the one saved with its AWS connection.
    const dana = await signIn(app, 'dana.whitfield@acme-cloud.com');
    const acme = store.state.tenants.find((row) => row.id === 1);
    expect((await dana.get('/api/v1/uuid_generate/')).body.uuid).toBe(acme?.aws?.external_id);
    expect(acme?.aws?.external_id).not.toBe(first);
  });
});
