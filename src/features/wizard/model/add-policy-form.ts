import type { RJSFSchema } from '@rjsf/utils';

import { formValidator } from '@/components/schema-form/validator';
import addPolicyFns from '@generated/forms/add-policy.validator';
import addPolicyRaw from '@schemas/add-policy.schema.json';

// The step-4 form's schema and its precompiled validator: loaded with that step only.
// The RJSFSchema type rejects ajv-errors' `errorMessage`: assert it where the schema is loaded.
export const addPolicySchema = addPolicyRaw as RJSFSchema;
export const addPolicyValidator = formValidator(addPolicyFns, addPolicySchema);
