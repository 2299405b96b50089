/**
 * The sandbox's store: the whole state in memory, kept on disk as a JSON snapshot and a journal of
 * the changes since (snapshot.ts: read at start, with migrations; journal.ts: the changes, as
 * immer patches, one line per write).
 *
 * A change is a transaction: `transact` hands a draft (immer) to the change and keeps the result
 * only if the change returns; a change that throws leaves the state, and the files, as they were.
 *
 * Writes are grouped: the changes of one turn of the event loop (and those made while a write is
 * under way) go to disk in ONE write, started on the next turn: their patches, appended to the
 * journal as one line by one synchronous write (O_DSYNC). `flushed()` resolves once every change
 * made so far is on disk; the HTTP layer awaits it before it replies, so a reply the client sees is
 * never about a change a crash could lose. Re-serialising the state for each change made 200
 * concurrent invites 3-4 times as slow as 200 reads; grouped, about 1.7 times (a 1.2 MB snapshot
 * per group); appended as patches, a write no longer grows with the state (a sync's progress,
 * written often, costs its own few rows too).
 *
 * Compaction: once the journal passes `journalLimit` bytes, and after a reset (which has no
 * patches: the seed replaces everything), the write is a whole snapshot instead (temporary file,
 * fsync, rename), followed by a new, empty journal; `close()` compacts too, so a clean start reads
 * one file. The old journal is first closed with a line naming the new snapshot: a crash between
 * the two leaves a journal that names the previous snapshot and says the new one holds its
 * changes, which start ignores (a journal of another snapshot without that line stops the start).
 *
 * A write that fails (disk full, permissions) undoes every change not yet on disk: the state in
 * memory goes back to the last state written, and everyone waiting in `flushed()` is refused
 * (their requests answer 500, so none is acknowledged). Memory never holds what disk does not once
 * a write has been tried; the next write is a compaction (so no line ever follows what the failed
 * append left). Between a change and its write, a concurrent read may see the change before it is
 * durable (it is then undone only if the write fails).
 */
import { statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

import { type Draft, enablePatches, type Patch, produce, setAutoFreeze } from 'immer';

import {
  appendJournal,
  closeJournalFor,
  fingerprint,
  journalOf,
  openJournal,
  startJournal,
} from './journal';
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
  /**
   * At a clean shutdown: waits for the writes, then folds the journal into the snapshot. Never
   * rejects (a failed write was refused to its client; the journal is then kept as it is).
   */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** The snapshot file; none keeps the state in memory only (unit tests). */
  file?: string;
  seed: () => State;
  /** Start from the seed even if a snapshot exists (`npm start -- --fresh`). */
  fresh?: boolean;
  /** The snapshot's version and migrations (tests of the migration mechanism). */
  schema?: SnapshotSchema;
  /**
   * The journal's size, in bytes, past which the next write is a new snapshot. By default the
   * larger of 4 MiB and the last snapshot's size: a snapshot is rewritten once the journal has
   * grown as large as it, so a big state (a --scale org, whose sync appends megabytes of patches)
   * is not serialised whole every few batches, each time holding up every request.
   */
  journalLimit?: number;
}

/** The journal or snapshot could not be written: the changes it held were undone, and are not acknowledged. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError';
}

interface Waiter {
  generation: number;
  resolve(): void;
  reject(error: Error): void;
}

const JOURNAL_LIMIT = 4 * 1024 * 1024;

export function createStore({
  file,
  seed,
  fresh = false,
  schema,
  journalLimit,
}: StoreOptions): Store {
  if (!file) return inMemoryStore(seed(), seed);
  const loaded = loadSnapshot(file, { seed, fresh, schema });
  let state = loaded.state;
  /** The snapshot's size on disk, for the default journal limit. */
  let snapshotSize = statSync(file).size;
  const limit = () => journalLimit ?? Math.max(JOURNAL_LIMIT, snapshotSize);

  /** The last state known to be on disk. */
  let durable = state;
  /** Counts the changes; `written` is the count on disk. */
  let changed = 0;
  let written = 0;
  let writing = false;
  let scheduled = false;
  let waiters: Waiter[] = [];
  /** The patches of the changes not yet written, oldest first. */
  let pending: Patch[] = [];
  /** The journal's size on disk; the next append goes there. */
  let journalSize = loaded.journalSize;
  /** The changes the journal holds (start leaves it empty): the next line is numbered one more. */
  let journalChanges = 0;
  /** The next write must be a snapshot: after a reset, or a failed write. */
  let mustCompact = false;
  /** Lines were appended since the last snapshot (start leaves an empty journal). */
  let appended = false;
  /** The journal, open for appends; opened at the first append after a snapshot. */
  let journal: FileHandle | undefined;
  const closeJournal = async () => {
    const handle = journal;
    journal = undefined;
    await handle?.close().catch(() => undefined);
  };
  const serialise = createSerialiser();

  const schedule = () => {
    if (writing || scheduled) return;
    scheduled = true;
    setImmediate(() => void write(file));
  };

  /**
   * A whole snapshot of `snapshot`, then an empty journal that follows it. The old journal is
   * first closed with a line naming the new snapshot (journal.ts): a crash before the new journal
   * leaves one that start knows the snapshot holds, not one it must refuse.
   */
  const compact = async (target: string, snapshot: State) => {
    const bytes = serialise(snapshot);
    const hash = fingerprint(bytes);
    await closeJournal();
    journalSize = await closeJournalFor(target, journalSize, hash);
    await writeSnapshot(target, bytes);
    snapshotSize = bytes.length;
    journalSize = await startJournal(target, hash);
    journalChanges = 0;
    appended = false;
  };

  const write = async (target: string) => {
    scheduled = false;
    writing = true;
    const generation = changed;
    const snapshot = state;
    const group = pending;
    pending = [];
    try {
      if (mustCompact || journalSize > limit()) {
        mustCompact = true;
        await compact(target, snapshot);
        mustCompact = false;
      } else {
        journal ??= await openJournal(target);
        journalSize = await appendJournal(journal, journalSize, journalChanges + 1, group);
        journalChanges += 1;
        appended = true;
      }
      durable = snapshot;
      written = generation;
      const done = waiters.filter((waiter) => waiter.generation <= generation);
      waiters = waiters.filter((waiter) => waiter.generation > generation);
      for (const waiter of done) waiter.resolve();
    } catch (cause) {
      const error = new StoreWriteError(
        `The sandbox could not write ${mustCompact ? `its snapshot ${target}` : `its journal ${journalOf(target)}`}: ${(cause as Error).message}. ` +
          'The changes not yet on disk were undone.',
        { cause },
      );
      console.error(`sandbox: ${error.message}`);
      state = durable;
      pending = [];
      written = changed;
      mustCompact = true;
      await closeJournal();
      const refused = waiters;
      waiters = [];
      for (const waiter of refused) waiter.reject(error);
    } finally {
      writing = false;
      if (changed > written) schedule();
    }
  };

  const commit = (next: State, patches: readonly Patch[] | undefined) => {
    state = next;
    if (patches) for (const patch of patches) pending.push(patch);
    else mustCompact = true;
    changed += 1;
    schedule();
  };

  const flushed = () => {
    if (written >= changed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      waiters.push({ generation: changed, resolve, reject });
    });
  };

  return {
    get state() {
      return state;
    },
    transact<T>(change: (draft: Draft<State>) => T): T {
      let result!: T;
      let patches: Patch[] = [];
      const next = produce(
        state,
        (draft) => {
          result = change(draft);
        },
        (made) => {
          patches = made;
        },
      );
      if (next !== state) commit(next, patches);
      return result;
    },
    reset() {
      commit(seed(), undefined);
    },
    flushed,
    async close() {
      for (;;) {
        await flushed().catch(() => undefined);
        if (!writing && !scheduled && written >= changed) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await closeJournal();
      if (!appended && !mustCompact) return;
      await compact(file, state).then(
        () => {
          mustCompact = false;
        },
        (error: unknown) => {
          console.error(`sandbox: the journal was kept as it is (${(error as Error).message}).`);
        },
      );
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
    close: () => Promise.resolve(),
  };
}
