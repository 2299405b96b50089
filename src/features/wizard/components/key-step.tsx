import { Button, Intent } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';

import { tooManyAttemptsMessage } from '@/api/error-messages';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { isBlank } from '@/lib/required-text';
import { getVerifyProductKeyMutationOptions } from '@generated/api/onboarding/onboarding';
import { PRODUCT_KEY_MAX_LENGTH } from '@generated/rules';

import styles from '../wizard.module.css';
import { WizardNav } from './wizard-nav';

type KeyStatus = 'none' | 'valid' | 'invalid';

export interface KeyState {
  key: string;
  status: KeyStatus;
  /** The server's words for an accepted key, or why a key could not be checked (the wait). */
  message?: string;
}

export interface KeyStepProps {
  value: KeyState;
  onChange: (value: KeyState) => void;
  /** The server accepted `key`. */
  onVerified: (key: string) => void;
  onNext: () => void;
}

/** Step 1: the licence key, checked by the server; Next waits for an accepted key. */
export function KeyStep({ value, onChange, onVerified, onNext }: KeyStepProps) {
  // A refused key shows as an invalid input, without a message; too many checks show the wait.
  const verify = useFormSubmit(getVerifyProductKeyMutationOptions(), {
    quietRefusal: true,
    onSuccess: (reply, { data: { key } }) => {
      onChange({ key, status: 'valid', message: reply?.message });
      onVerified(key);
    },
    onError: (error) =>
      onChange({ key: value.key, status: 'invalid', message: tooManyAttemptsMessage(error) }),
  });
  const key = value.key.trim();

  const authorize = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(key)) onChange({ key: value.key, status: 'invalid' });
    else verify.submit({ data: { key } });
  };

  return (
    <>
      <form onSubmit={authorize} noValidate className={styles.keyRow}>
        <TextField
          label="Licence Key"
          maxLength={PRODUCT_KEY_MAX_LENGTH}
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={value.key}
          invalid={value.status === 'invalid'}
          errors={value.status === 'invalid' && value.message ? [value.message] : []}
          validMessage={value.status === 'valid' ? (value.message ?? 'Verified') : undefined}
          onChange={(event) => onChange({ key: event.target.value, status: 'none' })}
        />
        <Button
          className={styles.keyButton}
          type="submit"
          intent={Intent.PRIMARY}
          text="Authorize"
          loading={verify.busy}
        />
      </form>
      <p>
        <Link to="/login">Login</Link>
      </p>
      <WizardNav onNext={onNext} nextDisabled={value.status !== 'valid'} />
    </>
  );
}
