import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
// The precompiled validator alone: importing the package root would pull AJV's compiler in.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';

/**
 * A form validator from the functions `npm run generate` compiled for a schema
 * (generated/forms/<name>.validator.js): no AJV compiler at run time.
 */
export function formValidator(validateFns: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  return createPrecompiledValidator(validateFns, schema);
}
