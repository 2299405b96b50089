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
 * Only validation sees the trimmed data; the form keeps and submits what was typed.
 */
class TrimmedRequiredValidator<T> extends AJV8PrecompiledValidator<T> {
  override validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T>,
    transformErrors?: ErrorTransformer<T>,
    uiSchema?: UiSchema<T>,
  ): ValidationData<T> {
    return super.validateFormData(
      withoutBlankText(formData),
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
  }
}

/**
 * A form validator from the functions `npm run generate` compiled for a schema
 * (generated/forms/<name>.validator.js): no AJV compiler at run time.
 */
export function formValidator(validateFns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  return new TrimmedRequiredValidator(validateFns, schema);
}
