import type { FieldMap } from '@/components/form/field-map';
import { isBlank } from '@/lib/required-text';

/** The password change form's messages. */
export const PASSWORD_CHANGE_MESSAGES = {
  mandatory: 'New password, old password and confirm password are mandatory.',
  mismatch: 'New password and confirm password should match.',
} as const;

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The form's field map: each server field under the form field it belongs to. */
export const PASSWORD_CHANGE_FIELDS: FieldMap<keyof PasswordChangeValues> = {
  old_password: 'oldPassword',
  new_password: 'newPassword',
  confirm_password: 'confirmPassword',
};

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The form's message, or undefined when it may be sent: all three are needed, two must match. */
export function passwordChangeProblem(values: PasswordChangeValues): string | undefined {
  if (
    isBlank(values.oldPassword) ||
    isBlank(values.newPassword) ||
    isBlank(values.confirmPassword)
  ) {
    return PASSWORD_CHANGE_MESSAGES.mandatory;
  }
  if (values.newPassword !== values.confirmPassword) return PASSWORD_CHANGE_MESSAGES.mismatch;
  return undefined;
}
