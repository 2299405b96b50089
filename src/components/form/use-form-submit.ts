import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { wait, waitMs } from '@/lib/timing';
import { toast } from '@/lib/toaster';

export interface FormSubmitOptions<TData, TError, TVariables, TFieldErrors> {
  /**
   * The form's field errors in a refusal's body (server field → form field), or `undefined` when
   * it names none of the form's fields. They show under the fields, and nothing is toasted.
   */
  fieldErrors?: (body: unknown) => TFieldErrors | undefined;
  /**
   * A failure without field errors, for a form that shows it its own way (login marks its fields,
   * the reset forms show a message under the form). Without it, the error catalogue's toasts.
   */
  onError?: (error: TError, variables: TVariables) => void;
  /** A success: its message, what it changes. An async one keeps the form busy until it is done. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /**
   * Where the form goes after a success, once the success message had its moment
   * (`waitMs('successShown')`). The form stays busy, and its fields locked, until then.
   */
  next?: (data: TData) => unknown;
}

export interface FormSubmit<TVariables, TFieldErrors> {
  /** Sends the form; ignored while a submit is in flight or its success is being acted on. */
  submit: (variables: TVariables) => void;
  /** In flight, or a success still being acted on: the submit button shows it as loading. */
  busy: boolean;
  /** A success is being acted on (its message's moment, then `next`): the fields are done. */
  finishing: boolean;
  /** The last refusal's field errors; cleared by the next submit. */
  fieldErrors: TFieldErrors | undefined;
  /** For a form that clears a field's server error once that field is edited. */
  setFieldErrors: Dispatch<SetStateAction<TFieldErrors | undefined>>;
}

/**
 * The one way a form sends itself and shows how that went: one submit at a time (a double click
 * or a second Enter sends once), the server's field errors under the form's fields, the error
 * catalogue's toast for any other failure, and after a success the success delay before moving
 * on. The form shows its failures itself, so the mutation never toasts through the cache.
 *
 * The callbacks are those of the render that submitted, as with `mutate`'s own callbacks.
 */
export function useFormSubmit<TData, TError, TVariables, TContext, TFieldErrors = never>(
  mutationOptions: UseMutationOptions<TData, TError, TVariables, TContext>,
  options: FormSubmitOptions<TData, TError, TVariables, TFieldErrors> = {},
): FormSubmit<TVariables, TFieldErrors> {
  const mutation = useMutation({
    ...mutationOptions,
    meta: { ...mutationOptions.meta, silentErrors: true },
  });
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>();
  const [finishing, setFinishing] = useState(false);
  // `isPending` alone cannot guard: it changes on the next render, after a double click's second
  // event was already handled. The flag also covers the moment after a success.
  const held = useRef(false);

  const succeed = async (data: TData, variables: TVariables) => {
    const { onSuccess, next } = options;
    try {
      const done = onSuccess?.(data, variables);
      if (!next && !(done instanceof Promise)) return;
      setFinishing(true);
      await done;
      if (next) {
        await wait(waitMs('successShown'));
        await next(data);
      }
      setFinishing(false);
    } finally {
      held.current = false;
    }
  };

  const fail = (error: TError, variables: TVariables) => {
    held.current = false;
    const fields = options.fieldErrors?.(isApiError(error) ? error.body : undefined);
    if (fields) setFieldErrors(() => fields);
    else if (options.onError) options.onError(error, variables);
    else errorMessages(error).forEach((message) => void toast.danger(message));
  };

  const submit = (variables: TVariables) => {
    if (held.current) return;
    held.current = true;
    setFieldErrors(undefined);
    mutation.mutate(variables, {
      onSuccess: (data) => void succeed(data, variables),
      onError: (error) => fail(error, variables),
    });
  };

  return {
    submit,
    busy: mutation.isPending || finishing,
    finishing,
    fieldErrors,
    setFieldErrors,
  };
}
