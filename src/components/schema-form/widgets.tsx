import { Checkbox, FileInput, HTMLSelect, Intent, Switch, TextArea } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';

import { fileNameOf, withFileName } from './data-url';
import { helpId, useInvalid } from './form-context';
import styles from './schema-form.module.css';

/** A choice among enum values, as Blueprint's native select. */
export function SelectWidget(props: WidgetProps) {
  const { id, value, options, disabled, readonly, required, onChange, onBlur, onFocus } = props;
  const invalid = useInvalid(props);
  const choices = options.enumOptions ?? [];
  return (
    <HTMLSelect
      id={id}
      fill
      value={value ?? ''}
      disabled={disabled || readonly}
      required={required}
      aria-invalid={invalid || undefined}
      aria-describedby={helpId(id)}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      {value === undefined || value === '' ? <option value="">Select…</option> : null}
      {choices.map((choice) => (
        <option key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </HTMLSelect>
  );
}

/**
 * A boolean as a checkbox. The label may carry links: a uiSchema can give `ui:options.labelNode`
 * (a React node) instead of the plain title.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, label, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const invalid = useInvalid(props);
  const labelNode = (options.labelNode as ReactNode | undefined) ?? label;
  return (
    <Checkbox
      id={id}
      checked={Boolean(value)}
      disabled={disabled || readonly}
      labelElement={<span>{labelNode}</span>}
      aria-invalid={invalid || undefined}
      aria-describedby={helpId(id)}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** A boolean as a switch (`ui:widget: 'switch'`). */
export function SwitchWidget(props: WidgetProps) {
  const { id, value, label, disabled, readonly, onChange, onBlur, onFocus } = props;
  return (
    <Switch
      id={id}
      checked={Boolean(value)}
      label={label}
      disabled={disabled || readonly}
      aria-describedby={helpId(id)}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** Long text. */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, placeholder, disabled, readonly, options, schema, onChange, onBlur, onFocus } =
    props;
  const invalid = useInvalid(props);
  return (
    <TextArea
      id={id}
      fill
      value={value ?? ''}
      maxLength={schema.maxLength}
      placeholder={placeholder}
      disabled={disabled || readonly}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      aria-invalid={invalid || undefined}
      aria-describedby={helpId(id)}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => {
      resolve(withFileName(String(reader.result), file.name));
    };
    reader.readAsDataURL(file);
  });
}

/** A file, kept in the form data as a data URL with its name (`format: data-url`). */
export function FileWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur } = props;
  const invalid = useInvalid(props);
  const [reading, setReading] = useState(false);
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  return (
    <FileInput
      fill
      className={styles.fileInput}
      disabled={disabled || readonly || reading}
      text={fileNameOf(value) ?? 'Choose file...'}
      hasSelection={Boolean(value)}
      inputProps={{
        id,
        accept,
        'aria-invalid': invalid || undefined,
        'aria-describedby': helpId(id),
      }}
      onInputChange={(event) => {
        const file = event.currentTarget.files?.[0];
        if (!file) {
          onChange(undefined);
          return;
        }
        setReading(true);
        void readAsDataUrl(file)
          .then((url) => onChange(url))
          .finally(() => {
            setReading(false);
            onBlur(id, file.name);
          });
      }}
    />
  );
}
