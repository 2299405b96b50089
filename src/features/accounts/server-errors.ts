import type { ErrorSchema } from '@rjsf/utils';
import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { serverErrorSchema } from '@/components/schema-form/errors';
import { toast } from '@/lib/toaster';

/**
 * A failed form call: field errors the form can show under its fields (server field → form
 * path), or, when the reply names none of them, the error catalogue's toasts (spec section 8).
 */
export function formServerErrors<T>(
  error: unknown,
  fields: Record<string, string>,
): ErrorSchema<T> | undefined {
  const schema = serverErrorSchema(isApiError(error) ? error.body : undefined, fields);
  if (!schema) errorMessages(error).forEach((message) => void toast.danger(message));
  return schema as ErrorSchema<T> | undefined;
}
