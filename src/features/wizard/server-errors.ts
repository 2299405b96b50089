import type { ErrorSchema } from '@rjsf/utils';
import { errorMessages } from '@/api/error-messages';
import { toast } from '@/lib/toaster';

/**
 * A failed wizard call: field errors show under their fields (the caller keeps them); a reply
 * without any is toasted with the error catalogue's text (spec section 8).
 */
export function toastUnlessFieldErrors<T>(
  error: unknown,
  fieldErrors: ErrorSchema<T> | undefined,
): void {
  if (fieldErrors) return;
  errorMessages(error).forEach((message) => void toast.danger(message));
}
