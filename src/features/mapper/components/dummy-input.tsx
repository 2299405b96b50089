import { InputGroup } from '@blueprintjs/core';

import { DUMMY_VALUE_MAX_LENGTH } from '@generated/rules';

import styles from '../mapper.module.css';

export interface DummyInputProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** The text box of the dummy option; the row saves it 300 ms after the last keystroke. */
export function DummyInput({ label, value, onChange }: DummyInputProps) {
  return (
    <InputGroup
      className={styles.dummy}
      size="small"
      aria-label={label}
      maxLength={DUMMY_VALUE_MAX_LENGTH}
      value={value}
      onValueChange={onChange}
    />
  );
}
