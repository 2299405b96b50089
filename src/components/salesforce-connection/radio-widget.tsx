import { Radio } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

import { helpId } from '@/components/schema-form/form-context';

/**
 * A choice among enum values as Blueprint radios (`ui:widget: 'radio'`). Honours
 * `ui:enumDisabled` (an option offered but not selectable) and `ui:options.inline`.
 */
export function RadioWidget(props: WidgetProps) {
  const { id, value, label, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const choices = options.enumOptions ?? [];
  const disabledValues = (options.enumDisabled ?? []) as unknown[];
  return (
    <div role="radiogroup" id={id} aria-label={label} aria-describedby={helpId(id)}>
      {choices.map((choice, index) => (
        <Radio
          key={String(choice.value)}
          id={`${id}-${index}`}
          name={id}
          value={String(choice.value)}
          label={choice.label}
          inline={Boolean(options.inline)}
          checked={value === choice.value}
          disabled={disabled || readonly || disabledValues.includes(choice.value)}
          onChange={() => onChange(choice.value)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      ))}
    </div>
  );
}
