import { describe, expect, it } from 'vitest';

import { POLICY_TOO_LARGE } from '@generated/rules';

import { addPolicySchema, addPolicyValidator } from './add-policy-form';
import { validatePolicyContent } from './aws-values';
import { createTenantSchema, createTenantValidator } from './create-tenant-form';
import { fieldMessages } from './form-schemas';

const VALID_TENANT = {
  company: {
    company_name: 'Acme Cloud Solutions',
    aws_partner_status: 'advance',
    email: 'info@acme-cloud.com',
  },
  admin: { name: 'Dana Whitfield', email: 'dana@acme-cloud.com', password: 'Sup3r-Secret!' },
  is_term_and_conditions_accepted: true,
};

type Tenant = typeof VALID_TENANT;
const tenantWith = (change: (data: Tenant) => void): Tenant => {
  const data = structuredClone(VALID_TENANT);
  change(data);
  return data;
};
const tenantMessages = (data: unknown) =>
  fieldMessages(createTenantValidator, createTenantSchema, data);

describe('step 2 schema (create-tenant): every validation message of the company and admin form', () => {
  it('accepts a complete form, with or without an industry', () => {
    expect(tenantMessages(VALID_TENANT)).toEqual({});
    expect(
      tenantMessages(tenantWith((d) => Object.assign(d.company, { industry: 'SaaS' }))),
    ).toEqual({});
  });

  it.each<[string, (data: Tenant) => void, string, string]>([
    [
      'no company name',
      (d) => delete (d.company as Partial<Tenant['company']>).company_name,
      'company.company_name',
      'Company Name is required',
    ],
    [
      'a short company name',
      (d) => (d.company.company_name = 'Ac'),
      'company.company_name',
      'Company Name must be at least 3 characters',
    ],
    [
      'no partner status',
      (d) => delete (d.company as Partial<Tenant['company']>).aws_partner_status,
      'company.aws_partner_status',
      'AWS partner status is required',
    ],
    [
      'an unknown partner status',
      (d) => (d.company.aws_partner_status = 'gold'),
      'company.aws_partner_status',
      'AWS partner status is required',
    ],
    [
      'no company email',
      (d) => delete (d.company as Partial<Tenant['company']>).email,
      'company.email',
      'Company Email is required',
    ],
    [
      'a bad company email',
      (d) => (d.company.email = 'info@'),
      'company.email',
      'Company Email is not valid',
    ],
    [
      'no admin name',
      (d) => delete (d.admin as Partial<Tenant['admin']>).name,
      'admin.name',
      'Admin Name is required',
    ],
    ['a blank admin name', (d) => (d.admin.name = '   '), 'admin.name', 'Admin Name is required'],
    [
      'a one-part admin name',
      (d) => (d.admin.name = 'Dana'),
      'admin.name',
      'Admin Name must at least contain First name and Last name',
    ],
    [
      'a one-letter part',
      (d) => (d.admin.name = 'Dana W'),
      'admin.name',
      'Admin Name must at least contain 2 characters in each part of the name',
    ],
    [
      'no admin email',
      (d) => delete (d.admin as Partial<Tenant['admin']>).email,
      'admin.email',
      'Admin Email is required',
    ],
    [
      'a bad admin email',
      (d) => (d.admin.email = 'dana'),
      'admin.email',
      'Admin Email is not valid',
    ],
    [
      'no admin password',
      (d) => delete (d.admin as Partial<Tenant['admin']>).password,
      'admin.password',
      'Admin Password is required',
    ],
    [
      'a short admin password',
      (d) => (d.admin.password = 'short12'),
      'admin.password',
      'Admin Password must be at least 8 characters',
    ],
    [
      'terms not ticked',
      (d) => (d.is_term_and_conditions_accepted = false as true),
      'is_term_and_conditions_accepted',
      'You must accept the Terms and Conditions and the Privacy Policy..',
    ],
    [
      'terms never touched',
      (d) => delete (d as Partial<Tenant>).is_term_and_conditions_accepted,
      'is_term_and_conditions_accepted',
      'You must accept the Terms and Conditions and the Privacy Policy..',
    ],
  ])('%s: %s → "%s"', (_case, change, field, message) => {
    expect(tenantMessages(tenantWith(change))).toEqual({ [field]: [message] });
  });

  it("a one-letter name of one part breaks both rules of a person's name, and says both", () => {
    expect(tenantMessages(tenantWith((d) => (d.admin.name = 'D')))).toEqual({
      'admin.name': [
        'Admin Name must at least contain First name and Last name',
        'Admin Name must at least contain 2 characters in each part of the name',
      ],
    });
  });

  it('accepts names of three or more parts', () => {
    expect(tenantMessages(tenantWith((d) => (d.admin.name = 'Dana Maria de Whitfield')))).toEqual(
      {},
    );
  });
});

const FILE = 'data:application/json;name=policy.json;base64,e30=';
const COMMON = {
  account_id: '123456789012',
  external_id: '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c',
  external_role_arn: 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole',
};
const BUCKET = {
  region: 'us-west-2',
  spm_id: 'spm-8f2d1c',
  bucket_name: 'ace-pc',
  kms_arn: 'arn:kms',
};
const policyMessages = (data: Record<string, unknown>) =>
  fieldMessages(addPolicyValidator, addPolicySchema, data);

describe('step 4 schema (add-policy)', () => {
  it('accepts the policy file, or the bucket details without one', () => {
    expect(policyMessages({ has_policy_file: true, policy: FILE, ...COMMON })).toEqual({});
    expect(policyMessages({ has_policy_file: false, ...BUCKET, ...COMMON })).toEqual({});
  });

  it.each([
    ['policy', { has_policy_file: true, ...COMMON }],
    ['account_id', { has_policy_file: true, policy: FILE, ...COMMON, account_id: undefined }],
    ['external_id', { has_policy_file: true, policy: FILE, ...COMMON, external_id: undefined }],
    [
      'external_role_arn',
      { has_policy_file: true, policy: FILE, ...COMMON, external_role_arn: undefined },
    ],
    ['region', { has_policy_file: false, ...BUCKET, ...COMMON, region: undefined }],
    ['spm_id', { has_policy_file: false, ...BUCKET, ...COMMON, spm_id: undefined }],
    ['bucket_name', { has_policy_file: false, ...BUCKET, ...COMMON, bucket_name: undefined }],
    ['kms_arn', { has_policy_file: false, ...BUCKET, ...COMMON, kms_arn: undefined }],
  ])('a missing %s: "Please fill all the fields."', (field, data) => {
    expect(policyMessages(data)).toEqual({ [field]: ['Please fill all the fields.'] });
  });

  it('the toggle decides which fields are required', () => {
    // Checked: the bucket details are not asked for. Unchecked: the policy file is not.
    expect(policyMessages({ has_policy_file: true, policy: FILE, ...COMMON })).toEqual({});
    expect(Object.keys(policyMessages({ has_policy_file: false, ...COMMON })).sort()).toEqual([
      'bucket_name',
      'kms_arn',
      'region',
      'spm_id',
    ]);
  });

  it('a file that is not JSON: "Please input a valid json file."', () => {
    const text = 'data:text/plain;name=policy.txt;base64,aGVsbG8=';
    expect(policyMessages({ has_policy_file: true, policy: text, ...COMMON })).toEqual({
      policy: ['Please input a valid json file.'],
    });
  });

  it('takes an account id and a role ARN with white space around them (the app trims it), in any partition and with a path', () => {
    expect(
      policyMessages({
        has_policy_file: true,
        policy: FILE,
        ...COMMON,
        account_id: ' 123456789012\t',
        external_role_arn: ' arn:aws-cn:iam::123456789012:role/service-role/AceBridge ',
      }),
    ).toEqual({});
  });

  it('refuses a role ARN with white space in its name, as the API does', () => {
    expect(
      policyMessages({
        has_policy_file: true,
        policy: FILE,
        ...COMMON,
        external_role_arn: 'arn:aws:iam::123456789012:role/AceBridge Role',
      }),
    ).toEqual({
      external_role_arn: [
        'External Role ARN must look like arn:aws:iam::<account id>:role/<role name>',
      ],
    });
  });

  it('refuses a policy file larger than the API takes, before sending it, with the text of its 413', () => {
    const policyOf = (bytes: number) =>
      `data:application/json;name=policy.json;base64,${btoa(`"${'x'.repeat(bytes - 2)}"`)}`;
    const messages = (policy: string) => {
      const { errors } = addPolicyValidator.validateFormData(
        { has_policy_file: true, policy, ...COMMON },
        addPolicySchema,
        validatePolicyContent,
      );
      return errors.map((error) => error.message);
    };
    expect(messages(policyOf(1024 * 1024 + 1))).toEqual([POLICY_TOO_LARGE]);
    expect(POLICY_TOO_LARGE).toBe(
      'File size too large. The policy file must be smaller than 1 MB.',
    );
    expect(messages(policyOf(1024 * 1024))).toEqual([]);
  });

  it('checks the account id and role ARN the contract requires', () => {
    expect(
      policyMessages({ has_policy_file: true, policy: FILE, ...COMMON, account_id: '1234' }),
    ).toEqual({
      account_id: ['AWS Account Id must be 12 digits'],
    });
    expect(
      policyMessages({
        has_policy_file: true,
        policy: FILE,
        ...COMMON,
        account_id: '1234567890123',
      }),
    ).toEqual({
      account_id: ['AWS Account Id must be 12 digits'],
    });
    expect(
      policyMessages({ has_policy_file: true, policy: FILE, ...COMMON, external_role_arn: 'role' }),
    ).toEqual({
      external_role_arn: [
        'External Role ARN must look like arn:aws:iam::<account id>:role/<role name>',
      ],
    });
  });
});
