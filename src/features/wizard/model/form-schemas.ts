import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';

import { retargetRequired } from '@/components/schema-form/errors';
import addPolicyRaw from '@generated/forms/add-policy.schema.json';

// Each form's schema and validator live in a module of their own (create-tenant-form.ts,
// add-policy-form.ts), so a step loads its own validator only, with the step.

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
