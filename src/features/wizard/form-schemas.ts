import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import addPolicyFns from '@generated/forms/add-policy.validator';
import createTenantFns from '@generated/forms/create-tenant.validator';
import addPolicyRaw from '@schemas/add-policy.schema.json';
import createTenantRaw from '@schemas/create-tenant.schema.json';
import { retargetRequired } from '@/components/schema-form/errors';
import { formValidator } from '@/components/schema-form/validator';

// The RJSFSchema type rejects ajv-errors' `errorMessage`: assert it where the schema is loaded.
export const createTenantSchema = createTenantRaw as RJSFSchema;
export const createTenantValidator = formValidator(createTenantFns, createTenantSchema);

export const addPolicySchema = addPolicyRaw as RJSFSchema;
export const addPolicyValidator = formValidator(addPolicyFns, addPolicySchema);

/** The step-4 message for a policy that is not JSON, read from its schema. */
export const INVALID_JSON_MESSAGE: string =
  addPolicyRaw.then.properties.policy.errorMessage.pattern;

/** A form's messages by field path (`company.email`), as the form would show them. */
export function fieldMessages<T>(
  validator: ValidatorType<T>,
  schema: RJSFSchema,
  formData: T,
): Record<string, string[]> {
  const { errors } = validator.validateFormData(formData, schema, undefined, retargetRequired);
  return messagesByField(errors);
}

/** Validation errors grouped by field; the schema-level `if` notices carry no message. */
export function messagesByField(errors: RJSFValidationError[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    if (error.name === 'if' || !error.message) continue;
    const field = (error.property ?? '').replace(/^\./, '');
    (byField[field] ??= []).push(error.message);
  }
  return byField;
}
