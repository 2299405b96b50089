import { Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import {
  type BaseInputTemplateProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
  getInputProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

import { FormErrors } from '@/components/form/form-errors';

import { helpId, useSchemaFormState } from './form-context';
import styles from './schema-form.module.css';

/** Blueprint's FormGroup around each field: label, required mark, helper text, error text. */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    required,
    displayLabel,
    rawErrors = [],
    rawHelp,
    hidden,
    children,
    schema,
  } = props;
  const { showsErrors } = useSchemaFormState();
  if (hidden) return <div hidden>{children}</div>;
  // Objects lay out their own fields; only leaves get a FormGroup.
  if (schema.type === 'object') return children;
  const errors = showsErrors(id) ? [...new Set(rawErrors)] : [];
  const intent = errors.length > 0 ? Intent.DANGER : Intent.NONE;
  const help = errors.length > 0 ? <FormErrors messages={errors} /> : rawHelp;
  return (
    <FormGroup
      label={displayLabel ? label : undefined}
      labelFor={id}
      labelInfo={displayLabel && required ? <span aria-hidden="true">*</span> : undefined}
      intent={intent}
      // The helper line is always there (empty when nothing to say): an error appearing on blur
      // then never moves the fields and buttons below, so the click that caused the blur lands.
      helperText={
        <span id={helpId(id)} className={styles.help}>
          {help}
        </span>
      }
    >
      {children}
    </FormGroup>
  );
}

/** Text, email, password and number inputs as Blueprint InputGroups. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    value,
    type,
    placeholder,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
    options,
    schema,
    rawErrors = [],
  } = props;
  const { showsErrors } = useSchemaFormState();
  const invalid = showsErrors(id) && rawErrors.length > 0;
  const inputProps = getInputProps(schema, type, options);
  const change = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <InputGroup
      id={id}
      name={id}
      {...inputProps}
      // The contract's bound, from the form schema: typing stops there and a paste is cut.
      maxLength={schema.maxLength}
      value={value === undefined || value === null ? '' : String(value)}
      placeholder={placeholder}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      aria-describedby={helpId(id)}
      onChange={onChangeOverride ?? change}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
    />
  );
}

/** Sections of a form (a schema object with a title) become headed groups. */
export function ObjectFieldTemplate({ title, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.path.length === 0;
  const content = properties.map((property) => (
    <div key={property.name} hidden={property.hidden}>
      {property.content}
    </div>
  ));
  if (isRoot || !title) return <>{content}</>;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend className={Classes.HEADING} style={{ fontSize: 16, marginBottom: 8 }}>
        {title}
      </legend>
      {content}
    </fieldset>
  );
}

/** Titles are rendered by ObjectFieldTemplate as legends. */
export function TitleFieldTemplate(_props: TitleFieldProps) {
  return null;
}

/** Errors show under their fields, never as a list at the top. */
export function ErrorListTemplate() {
  return null;
}
