import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** One call's callbacks; `onSettled` may return a promise that keeps the flight held. */
type FlightOptions<TData, TError, TVariables, TContext> = Omit<
  MutateOptions<TData, TError, TVariables, TContext>,
  'onSettled'
> & {
  /**
   * The call succeeded or failed. A promise it returns keeps later calls ignored until it settles:
   * a form still acting on its success (its message's moment, then where it goes) sends nothing.
   */
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
};

/** Sends unless a call is in flight; returns whether it sent. */
type FlightMutate<TData, TError, TVariables, TContext> = (
  variables: TVariables,
  options?: FlightOptions<TData, TError, TVariables, TContext>,
) => boolean;

type Distribute<R, M> = R extends unknown ? Omit<R, 'mutate'> & { mutate: M } : never;

export type SingleFlight<TData, TError, TVariables, TContext> = Distribute<
  UseMutationResult<TData, TError, TVariables, TContext>,
  FlightMutate<TData, TError, TVariables, TContext>
>;

/**
 * The app's one guard against a double submit: the same mutation, whose `mutate` ignores calls
 * while one is in flight, so a double click or a second Enter sends once. (`isPending` alone is
 * not enough: it updates on the next render, after a double click's second event has already been
 * handled.) Buttons use it directly; every form sends itself through `useFormSubmit`
 * (components/form), which is built on it and also holds while a success is acted on.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): SingleFlight<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const { mutate: send } = mutation;
  const mutate = useCallback<FlightMutate<TData, TError, TVariables, TContext>>(
    (variables, options) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      const { onSettled, ...callbacks } = options ?? {};
      send(variables, {
        ...callbacks,
        onSettled: (data, error, settledVariables) => {
          const release = () => {
            inFlight.current = false;
          };
          try {
            const held = onSettled?.(data, error, settledVariables);
            if (held instanceof Promise) void held.finally(release);
            else release();
          } catch (thrown) {
            release();
            throw thrown;
          }
        },
      });
      return true;
    },
    [send],
  );
  return { ...mutation, mutate } as SingleFlight<TData, TError, TVariables, TContext>;
}
