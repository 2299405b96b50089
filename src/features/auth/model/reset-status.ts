import { firstOfFields } from '@/lib/field-errors';

/** Status of a reset form: none (-1), failure (0), success (1). */
export type ResetStatus = -1 | 0 | 1;

export const SERVICE_PROBLEM = 'We have problems with the service, please try again later';

/**
 * The message of a failed reset confirm: the first of confirm_password, new_password,
 * non_field_errors, or error, with 'This field' named after the field.
 */
export function resetFailureMessage(body: unknown): string {
  const confirm = firstOfFields(body, ['confirm_password']);
  if (confirm) return confirm.replace('This field', 'Confirm password field');
  const fresh = firstOfFields(body, ['new_password']);
  if (fresh) return fresh.replace('This field', 'New password field');
  return firstOfFields(body, ['non_field_errors', 'error']) ?? SERVICE_PROBLEM;
}

/** The message of a failed reset request: the server's email error, or error, or the fallback. */
export function resetRequestFailureMessage(body: unknown): string {
  return firstOfFields(body, ['email', 'error']) ?? SERVICE_PROBLEM;
}
