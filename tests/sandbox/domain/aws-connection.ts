/**
 * Wizard step 4: the AWS side of the connection, from a multipart form.
 *
 * `account_id`, `external_id` and `external_role_arn` are always required; then either the
 * assume-role policy as a JSON file in `policy` (at most the contract's `x-max-bytes`, as a file
 * part or as a text field, else 413; it must be a JSON object with a `Statement`), or all of
 * `region`, `spm_id`, `bucket_name` and `kms_arn`. The backend assumes the role to check it: a role in another account
 * than `account_id` cannot be assumed with this external id (AccessDenied).
 */
import {
  AWS_ACCOUNT_ID,
  AWS_ROLE_ARN,
  POLICY_MAX_BYTES,
  POLICY_TOO_LARGE,
} from '../../../generated/rules/index';
import type { AwsSetup } from '../store/state';
import { fieldErrors, refused, TooLarge } from './failure';

type FormValue = string | File | Array<string | File> | undefined;
export type PolicyForm = Record<string, FormValue>;

const BUCKET_FIELDS = ['region', 'spm_id', 'bucket_name', 'kms_arn'] as const;

function text(form: PolicyForm, field: string): string | null {
  const value = form[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

async function readPolicy(value: FormValue): Promise<unknown> {
  const file = Array.isArray(value) ? value[0] : value;
  if (file === undefined || file === '') return null;
  // The limit holds however the policy comes: a file part, or the same JSON as a text field
  // (which used to bypass it and store megabytes).
  const size = typeof file === 'string' ? Buffer.byteLength(file, 'utf8') : file.size;
  if (size > POLICY_MAX_BYTES) throw new TooLarge(POLICY_TOO_LARGE);
  const content = typeof file === 'string' ? file : await file.text();
  let policy: unknown;
  try {
    policy = JSON.parse(content);
  } catch {
    throw fieldErrors({ policy: ['Upload a valid JSON policy file.'] });
  }
  if (
    typeof policy !== 'object' ||
    policy === null ||
    Array.isArray(policy) ||
    !('Statement' in policy)
  )
    throw fieldErrors({ policy: ['Upload a valid JSON policy file.'] });
  return policy;
}

/** The setup to store, or the form's refusal. */
export async function checkAwsForm(form: PolicyForm): Promise<AwsSetup> {
  const errors: Record<string, string[]> = {};
  const required = (field: string) => {
    const value = text(form, field);
    if (!value) errors[field] = ['This field is required.'];
    return value;
  };
  const accountId = required('account_id');
  const externalId = required('external_id');
  const roleArn = required('external_role_arn');
  if (accountId && !AWS_ACCOUNT_ID.test(accountId))
    errors.account_id = ['An AWS account id is 12 digits.'];
  if (roleArn && !AWS_ROLE_ARN.test(roleArn))
    errors.external_role_arn = [
      'Enter an IAM role ARN: arn:aws:iam::<account id>:role/<role name>.',
    ];

  const policy = await readPolicy(form.policy);
  const bucket = Object.fromEntries(BUCKET_FIELDS.map((field) => [field, text(form, field)]));
  if (policy === null) {
    if (BUCKET_FIELDS.every((field) => !bucket[field]))
      errors.policy = ['Upload the assume-role policy file, or give the bucket details instead.'];
    else for (const field of BUCKET_FIELDS) if (!bucket[field]) required(field);
    if (bucket.region && !/^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(bucket.region))
      errors.region = ['Enter an AWS region, for example us-west-2.'];
    if (bucket.kms_arn && !/^arn:aws[a-z-]*:kms:/.test(bucket.kms_arn))
      errors.kms_arn = ['Enter a KMS key ARN: arn:aws:kms:<region>:<account id>:key/<key id>.'];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  // arn:<partition>:iam::<account id>:role/<path/name>: the role's account is the fifth field.
  if ((roleArn ?? '').split(':')[4] !== accountId)
    throw refused(`AccessDenied: User is not authorized to perform sts:AssumeRole on ${roleArn}`);
  return {
    account_id: accountId ?? '',
    external_id: externalId ?? '',
    external_role_arn: roleArn ?? '',
    policy,
    region: policy === null ? (bucket.region ?? null) : null,
    spm_id: policy === null ? (bucket.spm_id ?? null) : null,
    bucket_name: policy === null ? (bucket.bucket_name ?? null) : null,
    kms_arn: policy === null ? (bucket.kms_arn ?? null) : null,
  };
}
