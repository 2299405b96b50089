import { InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import { onSessionEnded } from '@/api/http';
import { OVERRIDE_VALUE_MAX_LENGTH } from '@generated/rules';

/** Typed override text reaches the form after the user pauses this long, not on every key. */
const OVERRIDE_TEXT_DEBOUNCE_MS = 2000;

export interface DebouncedTextInputProps {
  /** The committed value; a remount (new `key`) picks up a value changed elsewhere. */
  value: string;
  onCommit: (value: string) => void;
  label: string;
  invalid?: boolean;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  describedBy?: string;
  /** The box was left (after committing what was typed). */
  onBlur?: () => void;
}

/**
 * A text box whose value is committed 2 seconds after the last keystroke, at once on blur, on
 * unmount (a page or tab change), and when the session ends (the form keeps it as a draft), so
 * nothing typed is lost.
 */
export function DebouncedTextInput({
  value,
  onCommit,
  label,
  invalid = false,
  placeholder,
  inputMode = 'text',
  describedBy,
  onBlur,
}: DebouncedTextInputProps) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onCommit, OVERRIDE_TEXT_DEBOUNCE_MS, { flushOnExit: true });
  useEffect(() => onSessionEnded(() => void commit.flush()), [commit]);
  return (
    <InputGroup
      value={text}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      placeholder={placeholder}
      inputMode={inputMode}
      type={inputMode === 'email' ? 'email' : 'text'}
      maxLength={OVERRIDE_VALUE_MAX_LENGTH}
      onChange={(event) => {
        setText(event.target.value);
        commit(event.target.value);
      }}
      onBlur={() => {
        commit.flush();
        onBlur?.();
      }}
    />
  );
}
