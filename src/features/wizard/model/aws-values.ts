import type { CustomValidator } from '@rjsf/utils';

import type { FieldMap } from '@/components/form/field-map';
import { fileNameOf } from '@/components/schema-form/data-url';
import type { AddPolicyRequest } from '@generated/api/model';
import { AWS_ACCOUNT_ID, POLICY_MAX_BYTES, POLICY_TOO_LARGE } from '@generated/rules';

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

/** Whether a data URL's content is larger than the contract's policy file limit (x-max-bytes). */
function tooLargeForPolicy(dataUrl: string): boolean {
  return (decodeDataUrl(dataUrl)?.bytes.length ?? 0) > POLICY_MAX_BYTES;
}

/**
 * A policy whose file type says JSON but whose content does not parse is refused too, and so is
 * one larger than the API takes, before it is sent, with the text of the API's 413.
 */
export const validatePolicyContent: CustomValidator<AwsValues> = (formData, errors) => {
  const policy = formData?.policy;
  if (formData?.has_policy_file !== false && policy?.startsWith('data:application/json')) {
    if (tooLargeForPolicy(policy)) errors.policy?.addError(POLICY_TOO_LARGE);
    else if (!holdsJson(policy)) errors.policy?.addError(INVALID_JSON_MESSAGE);
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

/** The text fields step 4 sends trimmed: white space pasted around an id is not part of it. */
const TRIMMED = [
  'account_id',
  'external_id',
  'external_role_arn',
  'region',
  'spm_id',
  'bucket_name',
  'kms_arn',
] as const;

/** The values as step 4 sends them (its text fields trimmed), which the form checks. */
export function awsValuesAsSent(values: AwsValues): AwsValues {
  const sent = { ...values };
  for (const field of TRIMMED) if (sent[field] !== undefined) sent[field] = sent[field].trim();
  return sent;
}

/** Step 4's multipart payload: the policy file, or the bucket details without one. */
export function toAddPolicyRequest(values: AwsValues): AddPolicyRequest {
  const sent = awsValuesAsSent(values);
  const always = {
    account_id: sent.account_id ?? '',
    external_id: sent.external_id ?? '',
    external_role_arn: sent.external_role_arn ?? '',
  };
  if (values.has_policy_file !== false) {
    return { ...always, policy: policyFile(values.policy ?? '') };
  }
  return {
    ...always,
    region: sent.region ?? '',
    spm_id: sent.spm_id ?? '',
    bucket_name: sent.bucket_name ?? '',
    kms_arn: sent.kms_arn ?? '',
  };
}

/** Step 4's field map: each server field under the form field of the same name. */
export const AWS_FIELDS: FieldMap = {
  policy: 'policy',
  region: 'region',
  spm_id: 'spm_id',
  bucket_name: 'bucket_name',
  kms_arn: 'kms_arn',
  account_id: 'account_id',
  external_id: 'external_id',
  external_role_arn: 'external_role_arn',
};

/** The role ARN the admin creates on the AWS side, with the account id once it is known. */
export function roleArnPattern(accountId: string | undefined): string {
  const id = (accountId ?? '').trim();
  return `arn:aws:iam::${AWS_ACCOUNT_ID.test(id) ? id : '<account id>'}:role/<role name>`;
}
