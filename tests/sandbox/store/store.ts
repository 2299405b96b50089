/**
 * The sandbox's store: the whole state in memory, kept on disk as one JSON snapshot
 * (snapshot.ts: read at start, with migrations; written durably).
 *
 * A change is a transaction: `transact` hands a draft (immer) to the change and keeps the result
 * only if the change returns; a change that throws leaves the state, and the file, as they were.
 *
 * Writes are grouped: the changes of one turn of the event loop (and those made while a write is
 * under way) go to disk in ONE snapshot write, started on the next turn. `flushed()` resolves once
 * every change made so far is on disk; the HTTP layer awaits it before it replies, so a reply the
 * client sees is never about a change a crash could lose. Re-serialising the state for each change
 * made 200 concurrent invites 3-4 times as slow as 200 reads; grouped, they cost about as much.
 *
 * A write that fails (disk full, permissions) undoes every change not yet on disk: the state in
 * memory goes back to the last snapshot written, and everyone waiting in `flushed()` is refused
 * (their requests answer 500, so none is acknowledged). Memory never holds what disk does not once
 * a write has been tried; the next change tries to write again. Between a change and its write, a
 * concurrent read may see the change before it is durable (it is then undone only if the write fails).
 */
import { type Draft, enablePatches, produce, setAutoFreeze } from 'immer';

import { createSerialiser, loadSnapshot, writeSnapshot, type SnapshotSchema } from './snapshot';
import type { State } from './state';

enablePatches();
// Handlers hand rows out as replies; frozen rows would make every later copy slower, not safer.
setAutoFreeze(false);

export interface Store {
  /** The current state; treat it as read-only (change it through `transact`). */
  readonly state: State;
  /** Applies a change atomically (the write to disk follows: see `flushed`); returns what the change returns. */
  transact<T>(change: (draft: Draft<State>) => T): T;
  /** Back to the seed. */
  reset(): void;
  /**
   * Resolves once every change made so far is on disk (at once when the store is in memory only).
   * Rejects with a StoreWriteError when the write failed: those changes were undone.
   */
  flushed(): Promise<void>;
}

export interface StoreOptions {
  /** The snapshot file; none keeps the state in memory only (unit tests). */
  file?: string;
  seed: () => State;
  /** Start from the seed even if a snapshot exists (`npm start -- --fresh`). */
  fresh?: boolean;
  /** The snapshot's version and migrations (tests of the migration mechanism). */
  schema?: SnapshotSchema;
}

/** The snapshot could not be written: the changes it held were undone, and are not acknowledged. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError';
}

interface Waiter {
  generation: number;
  resolve(): void;
  reject(error: Error): void;
}

export function createStore({ file, seed, fresh = false, schema }: StoreOptions): Store {
  let state = file ? loadSnapshot(file, { seed, fresh, schema }) : seed();
  if (!file) return inMemoryStore(state, seed);

  /** The last state known to be on disk. */
  let durable = state;
  /** Counts the changes; `written` is the count on disk. */
  let changed = 0;
  let written = 0;
  let writing = false;
  let scheduled = false;
  let waiters: Waiter[] = [];
  const serialise = createSerialiser();

  const schedule = () => {
    if (writing || scheduled) return;
    scheduled = true;
    setImmediate(() => void write(file));
  };

  const write = async (target: string) => {
    scheduled = false;
    writing = true;
    const generation = changed;
    const snapshot = state;
    try {
      await writeSnapshot(target, serialise(snapshot));
      durable = snapshot;
      written = generation;
      const done = waiters.filter((waiter) => waiter.generation <= generation);
      waiters = waiters.filter((waiter) => waiter.generation > generation);
      for (const waiter of done) waiter.resolve();
    } catch (cause) {
      const error = new StoreWriteError(
        `The sandbox could not write its snapshot ${target}: ${(cause as Error).message}. ` +
          'The changes not yet on disk were undone.',
        { cause },
      );
      console.error(`sandbox: ${error.message}`);
      state = durable;
      written = changed;
      const refused = waiters;
      waiters = [];
      for (const waiter of refused) waiter.reject(error);
    } finally {
      writing = false;
      if (changed > written) schedule();
    }
  };

  const commit = (next: State) => {
    state = next;
    changed += 1;
    schedule();
  };

  return {
    get state() {
      return state;
    },
    transact<T>(change: (draft: Draft<State>) => T): T {
      let result!: T;
      const next = produce(state, (draft) => {
        result = change(draft);
      });
      if (next !== state) commit(next);
      return result;
    },
    reset() {
      commit(seed());
    },
    flushed() {
      if (written >= changed) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ generation: changed, resolve, reject });
      });
    },
  };
}

function inMemoryStore(initial: State, seed: () => State): Store {
  let state = initial;
  return {
    get state() {
      return state;
    },
    transact<T>(change: (draft: Draft<State>) => T): T {
      let result!: T;
      state = produce(state, (draft) => {
        result = change(draft);
      });
      return result;
    },
    reset() {
      state = seed();
    },
    flushed: () => Promise.resolve(),
  };
}
