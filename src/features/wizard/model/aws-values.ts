import type { CustomValidator, ErrorSchema } from '@rjsf/utils';

import { fileNameOf } from '@/components/schema-form/data-url';
import { serverErrorSchema } from '@/components/schema-form/errors';
import type { AddPolicyRequest } from '@generated/api/model';

import { INVALID_JSON_MESSAGE } from './form-schemas';

/** What the step-4 form holds (schemas/add-policy.schema.json). */
export interface AwsValues {
  has_policy_file?: boolean;
  /** The policy file as a data URL carrying its name. */
  policy?: string;
  region?: string;
  spm_id?: string;
  bucket_name?: string;
  kms_arn?: string;
  account_id?: string;
  external_id?: string;
  external_role_arn?: string;
}

export const INITIAL_AWS: AwsValues = { has_policy_file: true };

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s;

function decodeDataUrl(dataUrl: string): { type: string; bytes: Uint8Array } | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return undefined;
  const [, type = '', , base64, payload = ''] = match;
  try {
    const text = base64 ? atob(payload) : decodeURIComponent(payload);
    return { type, bytes: Uint8Array.from(text, (char) => char.charCodeAt(0)) };
  } catch {
    return undefined;
  }
}

/** True when a data URL holds a JSON document that parses. */
export function holdsJson(dataUrl: string): boolean {
  const decoded = decodeDataUrl(dataUrl);
  if (!decoded) return false;
  try {
    JSON.parse(new TextDecoder().decode(decoded.bytes));
    return true;
  } catch {
    return false;
  }
}

/** A policy whose file type says JSON but whose content does not parse is refused too. */
export const validatePolicyContent: CustomValidator<AwsValues> = (formData, errors) => {
  const policy = formData?.policy;
  if (formData?.has_policy_file !== false && policy?.startsWith('data:application/json')) {
    if (!holdsJson(policy)) errors.policy?.addError(INVALID_JSON_MESSAGE);
  }
  return errors;
};

function policyFile(dataUrl: string): File {
  const decoded = decodeDataUrl(dataUrl);
  const bytes = decoded?.bytes ?? new Uint8Array();
  return new File([bytes as BlobPart], fileNameOf(dataUrl) ?? 'policy.json', {
    type: 'application/json',
  });
}

/** Step 4's multipart payload: the policy file, or the bucket details without one. */
export function toAddPolicyRequest(values: AwsValues): AddPolicyRequest {
  const trim = (text: string | undefined) => (text ?? '').trim();
  const always = {
    account_id: trim(values.account_id),
    external_id: trim(values.external_id),
    external_role_arn: trim(values.external_role_arn),
  };
  if (values.has_policy_file !== false) {
    return { ...always, policy: policyFile(values.policy ?? '') };
  }
  return {
    ...always,
    region: trim(values.region),
    spm_id: trim(values.spm_id),
    bucket_name: trim(values.bucket_name),
    kms_arn: trim(values.kms_arn),
  };
}

const FIELDS = [
  'policy',
  'region',
  'spm_id',
  'bucket_name',
  'kms_arn',
  'account_id',
  'external_id',
  'external_role_arn',
] as const;

/** The server's field errors under the form's fields. */
export function awsServerErrors(body: unknown): ErrorSchema<AwsValues> | undefined {
  return serverErrorSchema(body, Object.fromEntries(FIELDS.map((field) => [field, field])));
}

/** The role ARN the admin creates on the AWS side, with the account id once it is known. */
export function roleArnPattern(accountId: string | undefined): string {
  const id = (accountId ?? '').trim();
  return `arn:aws:iam::${/^[0-9]{12}$/.test(id) ? id : '<account id>'}:role/<role name>`;
}
