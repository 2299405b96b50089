/**
 * The sandbox's store: the whole state in memory, written to one JSON snapshot after every change.
 *
 * A change is a transaction: `transact` hands a draft (immer) to the change and keeps the result
 * only if the change returns; a change that throws leaves the state, and the file, as they were.
 * The file is written to a temporary name and renamed over the old one, so a crash mid-write
 * never leaves half a snapshot.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { type Draft, enablePatches, produce, setAutoFreeze } from 'immer';

import { STATE_VERSION, type State } from './state';

enablePatches();
// Handlers hand rows out as replies; frozen rows would make every later copy slower, not safer.
setAutoFreeze(false);

export interface Store {
  /** The current state; treat it as read-only (change it through `transact`). */
  readonly state: State;
  /** Applies a change atomically and persists it; returns what the change returns. */
  transact<T>(change: (draft: Draft<State>) => T): T;
  /** Back to the seed. */
  reset(): void;
}

export interface StoreOptions {
  /** The snapshot file; none keeps the state in memory only (unit tests). */
  file?: string;
  seed: () => State;
  /** Start from the seed even if a snapshot exists (`npm start -- --fresh`). */
  fresh?: boolean;
}

function readSnapshot(file: string): State | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as State;
    return state.version === STATE_VERSION ? state : undefined;
  } catch {
    return undefined;
  }
}

function writeSnapshot(file: string, state: State): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

export function createStore({ file, seed, fresh = false }: StoreOptions): Store {
  let state = (!fresh && file && readSnapshot(file)) || seed();
  if (file) writeSnapshot(file, state);

  return {
    get state() {
      return state;
    },
    transact<T>(change: (draft: Draft<State>) => T): T {
      let result!: T;
      const next = produce(state, (draft) => {
        result = change(draft);
      });
      if (next !== state) {
        if (file) writeSnapshot(file, next);
        state = next;
      }
      return result;
    },
    reset() {
      state = seed();
      if (file) writeSnapshot(file, state);
    },
  };
}
