import { withTheme, type ThemeProps } from '@rjsf/core';
import type {
  RegistryWidgetsType,
  RJSFSchema,
  UiSchema,
  ValidatorType,
  CustomValidator,
} from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';

import type { FieldErrors } from '@/components/form/field-map';

import { errorSchemaIds, errorSchemaOf, mergeErrorSchemas, retargetRequired } from './errors';
import { SchemaFormStateContext, type SchemaFormState } from './form-context';
import {
  BaseInputTemplate,
  ErrorListTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
} from './templates';
import { CheckboxWidget, FileWidget, SelectWidget, SwitchWidget, TextareaWidget } from './widgets';

/** Our Blueprint theme for RJSF, made once. */
const theme: ThemeProps = {
  templates: {
    FieldTemplate,
    BaseInputTemplate,
    ObjectFieldTemplate,
    TitleFieldTemplate,
    ErrorListTemplate,
  },
  widgets: {
    SelectWidget,
    CheckboxWidget,
    TextareaWidget,
    FileWidget,
    switch: SwitchWidget,
  },
};

const ThemedForm = withTheme(theme);

export interface SchemaFormProps<T> {
  schema: RJSFSchema;
  uiSchema?: UiSchema<T>;
  /** From `formValidator(generated validator, schema)`. */
  validator: ValidatorType<T>;
  /** Controlled: the parent keeps what was typed, so nothing is lost on re-render or remount. */
  formData: T;
  onChange: (formData: T) => void;
  /** Called only with valid data. */
  onSubmit: (formData: T) => void;
  /** A refusal's field errors (see `FieldMap`), shown at once under their fields. */
  serverErrors?: FieldErrors;
  /** Rules across fields. */
  customValidate?: CustomValidator<T>;
  widgets?: RegistryWidgetsType<T>;
  disabled?: boolean;
  id?: string;
  /** The form's buttons; a `type="submit"` button submits. */
  children: ReactNode;
}

/**
 * The one schema form of the app: RJSF with our Blueprint theme and one validation policy.
 * Messages come from the schema (ajv-errors `errorMessage`); a field shows its errors once it
 * was touched or a submit was tried; server field errors show under their fields at once.
 */
export function SchemaForm<T>({
  schema,
  uiSchema,
  validator,
  formData,
  onChange,
  onSubmit,
  serverErrors,
  customValidate,
  widgets,
  disabled,
  id,
  children,
}: SchemaFormProps<T>) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const serverSchema = useMemo(() => errorSchemaOf<T>(serverErrors), [serverErrors]);
  const serverIds = useMemo(() => new Set(errorSchemaIds(serverSchema)), [serverSchema]);
  // Validated on every change (cheap: the validator is precompiled), so that a field that is
  // only touched — focused and left — already knows its message. RJSF merges these with the
  // server's errors; FieldTemplate shows a field's messages only once it may.
  const shownErrors = useMemo(() => {
    const { errorSchema } = validator.validateFormData(
      formData,
      schema,
      customValidate,
      retargetRequired,
      uiSchema,
    );
    return mergeErrorSchemas(errorSchema, serverSchema);
  }, [validator, formData, schema, customValidate, uiSchema, serverSchema]);
  const state = useMemo<SchemaFormState>(
    () => ({ showsErrors: (field) => submitted || touched.has(field) || serverIds.has(field) }),
    [submitted, touched, serverIds],
  );

  return (
    <SchemaFormStateContext.Provider value={state}>
      <ThemedForm
        id={id}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        widgets={widgets}
        disabled={disabled}
        extraErrors={shownErrors}
        customValidate={customValidate}
        transformErrors={retargetRequired}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onChange={(event) => onChange(event.formData as T)}
        onBlur={(field) =>
          setTouched((current) => (current.has(field) ? current : new Set(current).add(field)))
        }
        onError={() => setSubmitted(true)}
        onSubmit={(event) => {
          setSubmitted(true);
          onSubmit(event.formData as T);
        }}
      >
        {children}
      </ThemedForm>
    </SchemaFormStateContext.Provider>
  );
}
