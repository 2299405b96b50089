import { useState } from 'react';

import type { FieldErrors } from '@/components/form/field-map';
import { TextField } from '@/components/form/text-field';
import { PASSWORD_MAX_LENGTH } from '@generated/rules';

import { validatePasswordPair, type PasswordPairErrors } from '../model/password-pair';

export interface PasswordPairFieldsProps {
  newPassword: string;
  confirmPassword: string;
  onChange: (next: { newPassword: string; confirmPassword: string }) => void;
  /** A submit was tried: show every message, touched or not. */
  submitted: boolean;
  /** A refusal's messages, per field (see `INVITE_PASSWORD_FIELDS`). */
  serverErrors?: FieldErrors<keyof PasswordPairErrors>;
}

/** New password and confirm password, with the spec's messages once touched or submitted. */
export function PasswordPairFields({
  newPassword,
  confirmPassword,
  onChange,
  submitted,
  serverErrors = {},
}: PasswordPairFieldsProps) {
  const [touched, setTouched] = useState({ newPassword: false, confirmPassword: false });
  const errors = validatePasswordPair(newPassword, confirmPassword);
  const shown = (field: 'newPassword' | 'confirmPassword') => [
    ...(submitted || touched[field] ? errors[field] : []),
    ...(serverErrors[field] ?? []),
  ];
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        required
        value={newPassword}
        errors={shown('newPassword')}
        onChange={(event) => onChange({ newPassword: event.target.value, confirmPassword })}
        onBlur={() => setTouched((state) => ({ ...state, newPassword: true }))}
      />
      <TextField
        label="Confirm Password"
        type="password"
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        required
        value={confirmPassword}
        errors={shown('confirmPassword')}
        onChange={(event) => onChange({ newPassword, confirmPassword: event.target.value })}
        onBlur={() => setTouched((state) => ({ ...state, confirmPassword: true }))}
      />
    </>
  );
}
