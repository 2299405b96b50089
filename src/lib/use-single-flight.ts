import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * The same mutation, whose `mutate` ignores calls while one is in flight: a double click or a
 * second Enter sends once. (`isPending` alone is not enough: it updates on the next render, after
 * a double click's second event has already been handled.) For a one-off action such as a button;
 * a form sends itself with `useFormSubmit` (components/form), which also shows how the call went.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(variables, {
        ...options,
        onSettled: (...settled) => {
          inFlight.current = false;
          options?.onSettled?.(...settled);
        },
      });
    },
    [send],
  );
  return { ...mutation, mutate } as UseMutationResult<TData, TError, TVariables, TContext>;
}
