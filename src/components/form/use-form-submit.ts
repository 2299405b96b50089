import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { wait, waitMs } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';

import { fieldErrorsOf, withoutField, type FieldErrors, type FieldMap } from './field-map';

export interface FormSubmitOptions<TData, TError, TVariables, TField extends string = never> {
  /**
   * The form's field map (kept in its feature's `model/`): a refusal whose body names any of its
   * server fields shows those messages under the form's fields, and nothing is toasted.
   */
  fields?: FieldMap<TField>;
  /**
   * The form shows a refusal without the server's words: `onError` marks what it must (the fields
   * invalid, or the wait of too many attempts), no field map is read and nothing is toasted.
   */
  quietRefusal?: boolean;
  /**
   * A failure without field errors, for a form that shows it its own way (the reset forms show a
   * message under the form, the invitation the reply's `error`). Without it, the error
   * catalogue's toasts.
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

export interface FormSubmit<TVariables, TField extends string = never> {
  /** Sends the form; ignored while a submit is in flight or its success is being acted on. */
  submit: (variables: TVariables) => void;
  /** In flight, or a success still being acted on: the submit button shows it as loading. */
  busy: boolean;
  /** A success is being acted on (its message's moment, then `next`): the fields are done. */
  finishing: boolean;
  /** The last refusal's field errors, by form field; cleared by the next submit. */
  fieldErrors: FieldErrors<TField> | undefined;
  /** A field was edited: its server error goes. Without a field, every one goes. */
  clearFieldErrors: (field?: TField) => void;
}

/**
 * The one way a form sends itself and shows how that went: one submit at a time (a double click
 * or a second Enter sends once, `useSingleFlight`), a refusal's field errors under the fields the
 * form's field map names, the error catalogue's toast for any other failure, and after a success
 * the success delay before moving on. The form shows its failures itself, so the mutation never
 * toasts through the cache.
 *
 * The callbacks are those of the render that submitted, as with `mutate`'s own callbacks.
 */
export function useFormSubmit<TData, TError, TVariables, TContext, TField extends string = never>(
  mutationOptions: UseMutationOptions<TData, TError, TVariables, TContext>,
  options: FormSubmitOptions<TData, TError, TVariables, TField> = {},
): FormSubmit<TVariables, TField> {
  const mutation = useSingleFlight(
    useMutation({
      ...mutationOptions,
      meta: { ...mutationOptions.meta, silentErrors: true },
    }),
  );
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<TField>>();
  const [finishing, setFinishing] = useState(false);

  const succeed = async (data: TData, variables: TVariables) => {
    const { onSuccess, next } = options;
    const done = onSuccess?.(data, variables);
    if (!next && !(done instanceof Promise)) return;
    setFinishing(true);
    try {
      await done;
      if (next) {
        await wait(waitMs('successShown'));
        await next(data);
      }
    } finally {
      setFinishing(false);
    }
  };

  const fail = (error: TError, variables: TVariables) => {
    // The deliberate exception to "a refusal shows where it was caused": a refused sign-in or
    // licence key shows no server words (the spec: both fields invalid, no message; a key's
    // validity is the server's alone), so that a refusal never hints which part was wrong.
    if (options.quietRefusal) return options.onError?.(error, variables);
    const fields = options.fields
      ? fieldErrorsOf(isApiError(error) ? error.body : undefined, options.fields)
      : undefined;
    if (fields) setFieldErrors(fields);
    else if (options.onError) options.onError(error, variables);
    else errorMessages(error).forEach((message) => void toast.danger(message));
  };

  const submit = (variables: TVariables) => {
    const sent = mutation.mutate(variables, {
      onSettled: (data, error, settled) =>
        error === null ? succeed(data as TData, settled) : fail(error, settled),
    });
    if (sent) setFieldErrors(undefined);
  };

  return {
    submit,
    busy: mutation.isPending || finishing,
    finishing,
    fieldErrors,
    clearFieldErrors: (field) =>
      setFieldErrors((current) => (field === undefined ? undefined : withoutField(current, field))),
  };
}
