import { FormGroup, InputGroup, Intent, type InputGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

import { FormErrors } from './form-errors';

export interface TextFieldProps extends Omit<InputGroupProps, 'intent' | 'id'> {
  label: string;
  /** Messages to show under the field; the field is marked invalid while there are any. */
  errors?: readonly string[];
  /** Marks the field invalid without a message (login's failed attempt). */
  invalid?: boolean;
  /** Shown under the field in the success colour (a valid result from the server). */
  validMessage?: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled Blueprint text input with its error and helper texts tied to it for screen readers. */
export function TextField({
  label,
  errors = [],
  invalid = false,
  validMessage,
  helperText,
  required,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hasErrors = errors.length > 0;
  const intent = hasErrors || invalid ? Intent.DANGER : validMessage ? Intent.SUCCESS : Intent.NONE;
  const help = hasErrors ? <FormErrors messages={errors} /> : (validMessage ?? helperText);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? <span aria-hidden="true">*</span> : undefined}
      intent={intent}
      helperText={help ? <span id={`${id}-help`}>{help}</span> : undefined}
    >
      <InputGroup
        id={id}
        intent={intent}
        aria-invalid={hasErrors || invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={help ? `${id}-help` : undefined}
        {...input}
      />
    </FormGroup>
  );
}
