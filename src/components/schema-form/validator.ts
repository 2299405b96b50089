import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
// The precompiled validator alone: importing the package root would pull AJV's compiler in.
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';

import { withoutBlankText } from '@/lib/required-text';

/**
 * The precompiled validator, checking required text trimmed: a field of white space only is
 * missing, so it shows the schema's "required" message (a `minLength` would count the spaces).
 * Only validation sees the trimmed data; the form keeps and submits what was typed. A form that
 * changes its values before sending them (`asSent`, e.g. trims them) is checked as sent.
 */
class TrimmedRequiredValidator<T> extends AJV8PrecompiledValidator<T> {
  constructor(
    validateFns: ValidatorFunctions,
    schema: RJSFSchema,
    private readonly asSent: (formData: T) => T,
  ) {
    super(validateFns, schema);
  }

  override validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T>,
    transformErrors?: ErrorTransformer<T>,
    uiSchema?: UiSchema<T>,
  ): ValidationData<T> {
    return super.validateFormData(
      withoutBlankText(formData === undefined ? formData : this.asSent(formData)),
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
  }
}

/**
 * A form validator from the functions `npm run generate` compiled for a schema
 * (generated/forms/<name>.validator.js): no AJV compiler at run time. `asSent`: the values as the
 * form sends them, when it changes them first (the contract's rules hold for what is sent).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RJSF's own default form data type
export function formValidator<T = any>(
  validateFns: ValidatorFunctions,
  schema: RJSFSchema,
  asSent: (formData: T) => T = (formData) => formData,
): ValidatorType<T> {
  return new TrimmedRequiredValidator<T>(validateFns, schema, asSent);
}
