import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import {
  isChosenScenarioReply,
  offerToScenarioSwitcher,
} from '@/features/scenario-switcher/scenario-switcher-queries';
import { toast } from '@/lib/toaster';

/** Per-query or per-mutation options read by the caches below. */
export interface AppMeta extends Record<string, unknown> {
  /** The screen shows this error itself (login marks fields, reset shows field messages). */
  silentErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/**
 * A client error will not get better by asking again: retry only network faults and 5xx. Nor will
 * a failure QA chose in the scenario switcher (development and preview builds): the mock gives the
 * same reply again, and the back-off would only keep it off the screen for seconds.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (!isApiError(error)) return false; // session ended, aborted, invalid tenant
  if (isChosenScenarioReply(error.url)) return false;
  return failureCount < 2;
}

/**
 * The one place where a failed call becomes toasts: a danger toast for each message that
 * `errorMessages` reads from its status and body; a call marked `silentErrors` shows none, and
 * neither does a call that got no answer while the banner says the API cannot be reached (the
 * banner is that message, once: decision 0033).
 */
export function presentError(error: unknown, meta: AppMeta | undefined): void {
  if (meta?.silentErrors) return;
  for (const message of errorMessages(error)) void toast.danger(message);
}

export interface QueryClientOptions {
  /**
   * `false` turns the retries of failed queries off. Tests do, to see a failure at once instead of
   * after the retries' back-off (1 s, then 2 s); the app keeps `shouldRetry`.
   */
  retry?: false;
}

export function createQueryClient({ retry }: QueryClientOptions = {}): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => presentError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => presentError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: retry ?? shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // The scenario switcher, where it is built in, refetches its queries when QA picks a reply.
  return offerToScenarioSwitcher(client);
}
