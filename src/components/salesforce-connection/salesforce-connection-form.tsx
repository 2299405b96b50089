import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';

import type { FieldErrors } from '@/components/form/field-map';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { formValidator } from '@/components/schema-form/validator';
import rawSchema from '@generated/forms/create-salesforce-connection.schema.json';
import validateFns from '@generated/forms/create-salesforce-connection.validator';
import baseUiSchema from '@schemas/create-salesforce-connection.ui.json';

import { RadioWidget } from './radio-widget';
import {
  normaliseConnection,
  type SalesforceConnectionValues,
} from './salesforce-connection-values';

const schema = rawSchema as RJSFSchema;
const validator = formValidator(validateFns, schema);
const widgets = { RadioWidget };

export interface SalesforceConnectionFormProps {
  id?: string;
  formData: SalesforceConnectionValues;
  onChange: (values: SalesforceConnectionValues) => void;
  /** Called with valid data only. */
  onSubmit: (values: SalesforceConnectionValues) => void;
  serverErrors?: FieldErrors<keyof SalesforceConnectionValues>;
  /** Production can be chosen only when the tenant is production enabled. */
  productionEnabled?: boolean;
  /** The update modal has no environment selector. */
  showEnvironment?: boolean;
  disabled?: boolean;
  /** The buttons (a `type="submit"` one submits), or an empty fragment when they sit outside. */
  children: ReactNode;
}

/**
 * The Salesforce connection form (wizard step 3, the edit modal): username, consumer key choice
 * (the managed package's default, or a custom key revealed on demand) and the environment.
 */
export function SalesforceConnectionForm({
  id,
  formData,
  onChange,
  onSubmit,
  serverErrors,
  productionEnabled = false,
  showEnvironment = true,
  disabled,
  children,
}: SalesforceConnectionFormProps) {
  const uiSchema = useMemo<UiSchema<SalesforceConnectionValues>>(
    () => ({
      ...baseUiSchema,
      account_type: showEnvironment
        ? {
            ...baseUiSchema.account_type,
            'ui:enumDisabled': productionEnabled ? [] : ['salesforce_production'],
          }
        : { 'ui:widget': 'hidden' },
    }),
    [productionEnabled, showEnvironment],
  );
  return (
    <SchemaForm<SalesforceConnectionValues>
      id={id}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={widgets}
      formData={formData}
      onChange={(values) => onChange(normaliseConnection(values))}
      onSubmit={(values) => onSubmit(normaliseConnection(values))}
      serverErrors={serverErrors}
      disabled={disabled}
    >
      {children}
    </SchemaForm>
  );
}
