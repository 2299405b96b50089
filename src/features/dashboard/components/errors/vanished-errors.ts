import { isApiError } from '@/api/api-error';
import { firstOfFields } from '@/lib/field-errors';

/** The fields a refusal names when the chosen errors are gone (fixed, dismissed, replaced). */
const VANISHED_FIELDS = ['cause_id', 'error_ids'] as const;

/**
 * Why a retry or a dismissal of a cause was refused because its errors are no longer open (the
 * 400's field error), or undefined for any other failure.
 */
export function vanishedErrors(error: unknown): string | undefined {
  const body = isApiError(error) && error.status === 400 ? error.body : undefined;
  return firstOfFields(body, VANISHED_FIELDS);
}
