import { describe, expect, it } from 'vitest';

import { holdsJson, roleArnPattern, toAddPolicyRequest } from './aws-values';

const dataUrl = (text: string, type = 'application/json', name = 'policy.json') =>
  `data:${type};name=${encodeURIComponent(name)};base64,${btoa(text)}`;

const COMMON = {
  account_id: ' 123456789012 ',
  external_id: '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c',
  external_role_arn: 'arn:aws:iam::123456789012:role/AceBridge',
};

describe('step 4 values', () => {
  it('tells a JSON document from anything else', () => {
    expect(holdsJson(dataUrl('{"Version":"2012-10-17"}'))).toBe(true);
    expect(holdsJson(dataUrl('{ not json'))).toBe(false);
    expect(holdsJson('not a data url')).toBe(false);
  });

  it('uploads the policy as a JSON file with its name, and not the bucket details', async () => {
    const request = toAddPolicyRequest({
      has_policy_file: true,
      policy: dataUrl('{"a":1}', 'application/json', 'my policy.json'),
      region: 'left over',
      ...COMMON,
    });
    expect(request).not.toHaveProperty('region');
    expect(request.account_id).toBe('123456789012');
    const file = request.policy as File;
    expect(file.name).toBe('my policy.json');
    expect(file.type).toBe('application/json');
    expect(await file.text()).toBe('{"a":1}');
  });

  it('without a policy file sends the bucket details instead', () => {
    expect(
      toAddPolicyRequest({
        has_policy_file: false,
        policy: dataUrl('{}'),
        region: 'us-west-2',
        spm_id: 'spm-1',
        bucket_name: 'bucket',
        kms_arn: 'arn:kms',
        ...COMMON,
      }),
    ).toEqual({
      region: 'us-west-2',
      spm_id: 'spm-1',
      bucket_name: 'bucket',
      kms_arn: 'arn:kms',
      account_id: '123456789012',
      external_id: COMMON.external_id,
      external_role_arn: COMMON.external_role_arn,
    });
  });

  it('fills the account id into the role ARN pattern once it is valid', () => {
    expect(roleArnPattern(undefined)).toBe('arn:aws:iam::<account id>:role/<role name>');
    expect(roleArnPattern('1234')).toBe('arn:aws:iam::<account id>:role/<role name>');
    expect(roleArnPattern('123456789012')).toBe('arn:aws:iam::123456789012:role/<role name>');
  });
});
