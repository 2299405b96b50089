import { useCallback, useSyncExternalStore } from 'react';

import { isApiError } from '@/api/api-error';
import { errorMessages } from '@/api/error-messages';
import { toast } from '@/lib/toaster';

import { fieldMessages, type FieldErrors, type FieldMap } from './field-map';

/** Where a message of a refused save shows: on this row (or pair), in these words. */
export interface RefusalPlace {
  key: string;
  text: string;
}

/**
 * The row a refused save was about: its key when the save was one row's, or, for a save of
 * several, where each message belongs (undefined where the editor has no place for it).
 */
type RefusalTarget = string | ((message: string) => RefusalPlace | undefined);

/**
 * How an autosaving editor (the sync filters, the dashboard's override pairs, the mapper) shows a
 * refused save: each field error its field map names goes on the row or pair that caused it,
 * under the field it is about, until that row is edited or saved. A toast remains only for what
 * has no place on screen (a refusal that names no field of the row, a failure of the service),
 * and then once: a refusal told already (one failed call seen by two callers) is not told again,
 * and the same text in the same intent is one toast.
 */
export interface RefusalBoard<TField extends string> {
  refuse(error: unknown, target: RefusalTarget): void;
  /** The row was edited or saved: its messages go. Without a key, every row's go. */
  clear(key?: string): void;
  errorsOf(key: string): FieldErrors<TField> | undefined;
  subscribe(listener: () => void): () => void;
}

export function createRefusalBoard<TField extends string>(
  map: FieldMap<TField>,
): RefusalBoard<TField> {
  let byRow = new Map<string, FieldErrors<TField>>();
  const told = new WeakSet<object>();
  const listeners = new Set<() => void>();
  const changed = (next: Map<string, FieldErrors<TField>>) => {
    byRow = next;
    listeners.forEach((listener) => listener());
  };

  return {
    refuse(error, target) {
      if (typeof error === 'object' && error !== null) {
        if (told.has(error)) return;
        told.add(error);
      }
      const placeOf =
        typeof target === 'string'
          ? (message: string): RefusalPlace => ({ key: target, text: message })
          : target;
      const messages = fieldMessages(isApiError(error) ? error.body : undefined, map);
      const next = new Map(byRow);
      const unplaced: string[] = [];
      for (const { field, message } of messages) {
        const place = placeOf(message);
        if (!place) {
          unplaced.push(message);
          continue;
        }
        const errors: Partial<Record<TField, readonly string[]>> = { ...next.get(place.key) };
        errors[field] = [...(errors[field] ?? []), place.text];
        next.set(place.key, errors);
      }
      if (unplaced.length < messages.length) changed(next);
      const toasts = messages.length === 0 ? errorMessages(error) : unplaced;
      toasts.forEach((message) => void toast.danger(message));
    },
    clear(key) {
      if (key === undefined ? byRow.size === 0 : !byRow.has(key)) return;
      const next = new Map(key === undefined ? [] : byRow);
      if (key !== undefined) next.delete(key);
      changed(next);
    },
    errorsOf: (key) => byRow.get(key),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A row's messages on the board, kept current. */
export function useRefusal<TField extends string>(
  board: RefusalBoard<TField>,
  key: string,
): FieldErrors<TField> | undefined {
  const read = useCallback(() => board.errorsOf(key), [board, key]);
  return useSyncExternalStore(board.subscribe, read);
}
