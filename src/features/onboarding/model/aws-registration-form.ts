import type { RJSFSchema, UiSchema } from '@rjsf/utils';

import type { FieldMap } from '@/components/form/field-map';
import { formValidator } from '@/components/schema-form/validator';
import type { AwsRegistrationRequest } from '@generated/api/model';
import rawSchema from '@generated/forms/register-aws-purchase.schema.json';
import validateFns from '@generated/forms/register-aws-purchase.validator';
import rawUiSchema from '@schemas/register-aws-purchase.ui.json';

/** What the form holds while it is filled in: every field may still be missing. */
export type AwsRegistrationFormData = Partial<AwsRegistrationRequest>;

export const registrationSchema = rawSchema as RJSFSchema;
export const registrationUiSchema = rawUiSchema as UiSchema<AwsRegistrationFormData>;
export const registrationValidator = formValidator(validateFns, registrationSchema);

/** The registration's field map: each server field under the form field of the same name. */
export const REGISTRATION_FIELDS: FieldMap<keyof AwsRegistrationFormData> = {
  contact_person: 'contact_person',
  email: 'email',
  contact_phone: 'contact_phone',
  company_name: 'company_name',
};

export const REGISTERED_TEXT = 'Successfully send register request.';
