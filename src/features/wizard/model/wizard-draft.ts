import type { SalesforceConnectionValues } from '@/components/salesforce-connection/salesforce-connection-values';
import { AwsPartnerStatus } from '@generated/api/model';

import type { AccountValues } from './account-values';
import type { AwsValues } from './aws-values';
import { parseWizardStep, type WizardStep } from './recovery';

/**
 * What the wizard keeps of a set-up under way in this tab, so that a reload resumes it where it
 * was: the step shown, and what was typed in the steps not done yet. Never a password (the
 * admin's, step 2) nor a file (the policy, step 4, which a browser never fills in again either):
 * after a reload those are typed or chosen again.
 */
export interface WizardDraft {
  step: WizardStep;
  /** Step 2 without `admin.password`; kept only until the company exists. */
  account?: AccountValues;
  salesforce?: SalesforceConnectionValues;
  /** Step 4 without `policy`. */
  aws?: AwsValues;
}

interface WizardValues {
  account: AccountValues;
  salesforce: SalesforceConnectionValues;
  aws: AwsValues;
}

/** The draft of the wizard at `step` with `values`: no password, no file. */
export function wizardDraftOf(step: WizardStep, values: WizardValues): WizardDraft {
  const { password: _password, ...admin } = values.account.admin;
  const { policy: _policy, ...aws } = values.aws;
  return {
    step,
    // Step 2 makes the company and its admin: once it is done, what was typed there is the
    // server's, and a draft has nothing of it to keep.
    ...(step <= 2 ? { account: { ...values.account, admin } } : {}),
    salesforce: values.salesforce,
    aws,
  };
}

type FieldType = 'string' | 'boolean' | readonly string[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose every field is one `shape` names, of the type it names (or a value it lists). */
function hasShape(value: unknown, shape: Readonly<Record<string, FieldType>>): boolean {
  return (
    isRecord(value) &&
    Object.entries(value).every(([field, item]) => {
      const type = shape[field];
      if (type === undefined) return false;
      return typeof type === 'string' ? typeof item === type : type.includes(item as string);
    })
  );
}

const COMPANY = {
  company_name: 'string',
  aws_partner_status: Object.values(AwsPartnerStatus),
  industry: 'string',
  email: 'string',
} as const;
// No password: a draft that holds one is not the wizard's.
const ADMIN = { name: 'string', email: 'string' } as const;
const SALESFORCE = {
  username: 'string',
  consumer_key_choice: ['default', 'custom'],
  consumer_key: 'string',
  account_type: ['salesforce_beta', 'salesforce_production'],
} as const;
// No policy file: a draft that holds one is not the wizard's.
const AWS = {
  has_policy_file: 'boolean',
  region: 'string',
  spm_id: 'string',
  bucket_name: 'string',
  kms_arn: 'string',
  account_id: 'string',
  external_id: 'string',
  external_role_arn: 'string',
} as const;

function isAccountDraft(value: unknown): value is AccountValues {
  if (!isRecord(value)) return false;
  const { company, admin, ...rest } = value;
  return (
    hasShape(company, COMPANY) &&
    hasShape(admin, ADMIN) &&
    hasShape(rest, { is_term_and_conditions_accepted: 'boolean' })
  );
}

/** A stored value that is a wizard draft, field by field (it goes back into the forms as it is). */
export function isWizardDraft(value: unknown): value is WizardDraft {
  if (!isRecord(value)) return false;
  const { step, account, salesforce, aws, ...rest } = value;
  return (
    parseWizardStep(step) !== undefined &&
    Object.keys(rest).length === 0 &&
    (account === undefined || isAccountDraft(account)) &&
    (salesforce === undefined || hasShape(salesforce, SALESFORCE)) &&
    (aws === undefined || hasShape(aws, AWS))
  );
}
