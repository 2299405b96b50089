import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import type { WidgetProps } from '@rjsf/utils';

import { helpId, useInvalid } from '@/components/schema-form/form-context';
import { copyToClipboard } from '@/lib/clipboard';

/**
 * A text input with a copy button, for values the admin pastes on the AWS side. The button
 * copies `ui:options.copyText` when given (a pattern to fill in), else the field's value.
 */
export function CopyTextWidget(props: WidgetProps) {
  const { id, value, label, placeholder, readonly, disabled, options } = props;
  const { onChange, onBlur, onFocus } = props;
  const invalid = useInvalid(props);
  const text = typeof value === 'string' ? value : '';
  const copyText = typeof options.copyText === 'string' ? options.copyText : text;
  const copyLabel =
    typeof options.copyLabel === 'string' ? options.copyLabel : `Copy ${label.toLowerCase()}`;
  return (
    <InputGroup
      id={id}
      name={id}
      value={text}
      placeholder={placeholder}
      readOnly={readonly}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      aria-invalid={invalid || undefined}
      aria-describedby={helpId(id)}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      rightElement={
        <Button
          variant="minimal"
          icon={<DuplicateIcon />}
          aria-label={copyLabel}
          title={copyLabel}
          disabled={!copyText}
          onClick={() => void copyToClipboard(copyText)}
        />
      }
    />
  );
}
