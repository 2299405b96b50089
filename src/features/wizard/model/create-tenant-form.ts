import type { RJSFSchema } from '@rjsf/utils';

import { formValidator } from '@/components/schema-form/validator';
import createTenantRaw from '@generated/forms/create-tenant.schema.json';
import createTenantFns from '@generated/forms/create-tenant.validator';

// The step-2 form's schema and its precompiled validator: loaded with that step only.
// The RJSFSchema type rejects ajv-errors' `errorMessage`: assert it where the schema is loaded.
export const createTenantSchema = createTenantRaw as RJSFSchema;
export const createTenantValidator = formValidator(createTenantFns, createTenantSchema);
