import type { RJSFSchema } from '@rjsf/utils';

import { formValidator } from '@/components/schema-form/validator';
import addPolicyRaw from '@generated/forms/add-policy.schema.json';
import addPolicyFns from '@generated/forms/add-policy.validator';

import { awsValuesAsSent, type AwsValues } from './aws-values';

// The step-4 form's schema and its precompiled validator: loaded with that step only.
// The RJSFSchema type rejects ajv-errors' `errorMessage`: assert it where the schema is loaded.
export const addPolicySchema = addPolicyRaw as RJSFSchema;
// Checked as sent: the account id and role ARN trimmed, as the contract's patterns take them.
export const addPolicyValidator = formValidator<AwsValues>(
  addPolicyFns,
  addPolicySchema,
  awsValuesAsSent,
);
