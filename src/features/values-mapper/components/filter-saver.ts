import { MutationObserver, type QueryClient } from '@tanstack/react-query';

import { isApiError } from '@/api/api-error';
import { filterCountQueryOptions } from '@/components/filter-count/filter-count-queries';
import { createRefusalBoard } from '@/components/form/refusal-board';
import { toast } from '@/lib/toaster';
import type { EntityType, SyncFilter } from '@generated/api/model';
import {
  getCreateSyncFilterMutationOptions,
  getDeleteSyncFilterMutationOptions,
  getUpdateSyncFilterMutationOptions,
} from '@generated/api/sync-filters/sync-filters';

import {
  FILTER_FIELDS,
  rowSignature,
  rowValues,
  writeBody,
  type FilterRow,
} from '../model/filter-blocks';
import { saveDecision } from '../model/filter-rules';
import { syncFiltersQueryOptions } from '../values-mapper-queries';

const SAVER_TEXT = {
  saved: 'Sync filter saved successfully.',
  updated: 'Sync filter updated successfully.',
  deleted: 'Sync filter deleted successfully.',
} as const;

/** A save may be flushed as the page closes: keepalive lets the request finish without it. */
const REQUEST: RequestInit = { keepalive: true };
/** A refusal shows on the row that caused it (the saver's board), not as the cache's toast. */
const CALL = { request: REQUEST, mutation: { meta: { silentErrors: true } } };

export type SavedListener = (key: string, saved: { id: number; signature: string }) => void;

/**
 * Saves the conditions of one entity type, outside React so that a save flushed while the page or
 * tab goes away still completes. Calls for one row run one after another: an edit typed while the
 * row's POST is in flight becomes a PATCH of the id that POST returns, never a second POST.
 * A refused save's field errors go on the row that caused it (`refusals`), under the input they
 * are about; anything else is toasted once.
 */
export class FilterSaver {
  readonly #client: QueryClient;
  readonly entity: EntityType;
  /** The refused saves' messages, by row key; the row shows its own. */
  readonly refusals = createRefusalBoard(FILTER_FIELDS);
  readonly #chains = new Map<string, Promise<unknown>>();
  /** What the server holds for rows saved by this saver, by row key. */
  readonly #saved = new Map<string, { id: number; signature: string }>();
  readonly #removed = new Set<string>();
  readonly #listeners = new Set<() => void>();
  #pending = 0;
  readonly #savedListeners = new Set<SavedListener>();

  constructor(client: QueryClient, entity: EntityType) {
    this.#client = client;
    this.entity = entity;
  }

  /**
   * Saves the row as it is now, if it needs saving (see saveDecision). Resolves whether the server
   * now holds the row as it is: false while it is incomplete or invalid, or when the server refused.
   */
  save(row: FilterRow): Promise<boolean> {
    const snapshot = { ...row };
    return this.#enqueue(row.key, () => this.#save(snapshot));
  }

  /** Deletes the row's server copy, if any; resolves false when the server refused. */
  remove(row: FilterRow): Promise<boolean> {
    this.#removed.add(row.key);
    return this.#enqueue(row.key, async () => {
      const id = this.#saved.get(row.key)?.id ?? row.id;
      if (id === undefined) return true;
      try {
        await new MutationObserver(this.#client, getDeleteSyncFilterMutationOptions(CALL)).mutate({
          id,
        });
      } catch (error) {
        // Already gone on the server: the row can go too.
        if (!(isApiError(error) && error.status === 404)) {
          this.#removed.delete(row.key);
          this.refusals.refuse(error, row.key);
          return false;
        }
      }
      this.#saved.delete(row.key);
      this.refusals.clear(row.key);
      this.#updateCache((list) => list.filter((filter) => filter.id !== id));
      void toast.success(SAVER_TEXT.deleted);
      return true;
    });
  }

  /** Hears when a row got (or changed) its server copy; the mounted editor listens. */
  onSaved(listener: SavedListener): () => void {
    this.#savedListeners.add(listener);
    return () => this.#savedListeners.delete(listener);
  }

  /** How many calls are queued or in flight. */
  pendingCount = (): number => this.#pending;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  async #save(row: FilterRow): Promise<boolean> {
    if (this.#removed.has(row.key) || !row.attribute) return true;
    const known = this.#saved.get(row.key);
    const id = known?.id ?? row.id;
    const signature = rowSignature(row);
    const decision = saveDecision(
      rowValues(row),
      { id, signature: known?.signature ?? row.savedSignature },
      signature,
    );
    if (decision === 'skip') return false;
    if (decision === 'unchanged') return true;
    const data = writeBody({ ...row, attribute: row.attribute }, this.entity);
    let saved: SyncFilter;
    try {
      saved =
        decision === 'update' && id !== undefined
          ? await new MutationObserver(
              this.#client,
              getUpdateSyncFilterMutationOptions(CALL),
            ).mutate({ id, data })
          : await new MutationObserver(
              this.#client,
              getCreateSyncFilterMutationOptions(CALL),
            ).mutate({ data });
    } catch (error) {
      // The row stays as typed for another try, and says why it was refused.
      this.refusals.refuse(error, row.key);
      return false;
    }
    this.refusals.clear(row.key);
    const record = { id: saved.id, signature };
    this.#saved.set(row.key, record);
    this.#updateCache((list) =>
      decision === 'create'
        ? [...list, saved]
        : list.map((filter) => (filter.id === id ? saved : filter)),
    );
    void toast.success(decision === 'create' ? SAVER_TEXT.saved : SAVER_TEXT.updated);
    this.#savedListeners.forEach((listener) => listener(row.key, record));
    return true;
  }

  /**
   * Keeps the cached list equal to the server, so a later visit starts from what was saved, and
   * asks again how many records the filters now let through.
   */
  #updateCache(change: (list: SyncFilter[]) => SyncFilter[]): void {
    this.#client.setQueryData(syncFiltersQueryOptions(this.entity).queryKey, (list) =>
      list ? change(list) : list,
    );
    void this.#client.invalidateQueries({
      queryKey: filterCountQueryOptions(this.entity).queryKey,
    });
  }

  #enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (this.#chains.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    this.#chains.set(key, tail);
    this.#setPending(1);
    void tail.finally(() => {
      if (this.#chains.get(key) === tail) this.#chains.delete(key);
      this.#setPending(-1);
    });
    return run;
  }

  #setPending(delta: number): void {
    this.#pending += delta;
    this.#listeners.forEach((listener) => listener());
  }
}
