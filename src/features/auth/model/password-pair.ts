import type { FieldMap } from '@/components/form/field-map';
import { isBlank } from '@/lib/required-text';

/** The invite screen's messages, also used by the reset screen. */
const PASSWORD_PAIR_MESSAGES = {
  newRequired: 'New password field is required.',
  confirmRequired: 'Confirm password field is required.',
  mismatch: 'New password and Confirm password should match.',
} as const;

/**
 * The invitation's field map: a refused password, or a confirmation that does not match, shows
 * under the field it is about (the body may nest them under `errors`).
 */
export const INVITE_PASSWORD_FIELDS: FieldMap<keyof PasswordPairErrors> = {
  password: 'newPassword',
  confirm_password: 'confirmPassword',
};

export interface PasswordPairErrors {
  newPassword: string[];
  confirmPassword: string[];
}

export function validatePasswordPair(
  newPassword: string,
  confirmPassword: string,
): PasswordPairErrors {
  const errors: PasswordPairErrors = { newPassword: [], confirmPassword: [] };
  if (isBlank(newPassword)) errors.newPassword.push(PASSWORD_PAIR_MESSAGES.newRequired);
  if (isBlank(confirmPassword)) errors.confirmPassword.push(PASSWORD_PAIR_MESSAGES.confirmRequired);
  else if (!isBlank(newPassword) && newPassword !== confirmPassword) {
    errors.confirmPassword.push(PASSWORD_PAIR_MESSAGES.mismatch);
  }
  return errors;
}

/** Save stays disabled while the new password is empty or differs from its confirmation. */
export function canSavePasswordPair(newPassword: string, confirmPassword: string): boolean {
  return !isBlank(newPassword) && newPassword === confirmPassword;
}
