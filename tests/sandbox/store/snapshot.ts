/**
 * The sandbox's snapshot file: reading it at start (with migrations from older versions, and the
 * changes its journal holds: journal.ts) and writing it durably.
 *
 * A snapshot that cannot be read is never replaced by the seed: start stops with a message that
 * names the file and the way out (`--fresh`, which moves the file aside, never deletes it). A
 * snapshot of an older version goes through the migrations, one version at a time, after a backup
 * copy `<file>.v<N>.bak`; a newer or unknown version is refused.
 *
 * A write is durable before it counts: the JSON goes to a temporary file, which is fsynced, then
 * renamed over the snapshot, then the directory is fsynced (so the rename itself survives a power
 * cut). A crash at any point leaves the old snapshot or the new one, never half of one.
 *
 * A start ends with a snapshot and an empty journal that follows it: the journal's changes are
 * replayed, then written into a new snapshot (compacted), so that a torn last line is never
 * followed by the next append. A journal that cannot be read stops the start like a snapshot that
 * cannot be read. The journal is always of its snapshot's version: an older snapshot is compacted
 * with its journal at its own version (patches are plain JSON operations, whatever the shape),
 * then migrated.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';

import { applyPatches, enablePatches } from 'immer';

import { writeFileDurably } from './durable-file';
import { fingerprint, journalOf, readJournal, startJournalSync } from './journal';
import { STATE_VERSION, type State } from './state';

enablePatches();

/** Turns a snapshot of version `from` into one of version `from + 1`. */
interface Migration {
  from: number;
  migrate(snapshot: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The migrations, oldest first: one per version bump of `STATE_VERSION` (README, "The sandbox",
 * lists the versions). A migration returns the snapshot in the next version's shape; its `version`
 * field is set here, not by the migration.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    // 1 -> 2: sessions that end. Refresh tokens rotate within a session (`sessions`), and every
    // token carries its session's id (`sid`). A version 1 token has none, so version 2 refuses it:
    // its holders sign in again, once. The list of refresh tokens a logout revoked
    // (`revokedRefresh`) is dropped, not carried over: it only held version 1 tokens, all refused.
    from: 1,
    migrate: ({ revokedRefresh: _revoked, ...snapshot }) => ({ ...snapshot, sessions: [] }),
  },
  {
    // 2 -> 3: sync runs are kept (`syncRuns` becomes the history of runs, with progress and
    // counts) and every open error and log entry names the run that raised it (`runId`). A version
    // 2 run was only a lock (tenant, direction, start and end times, no counts): the history starts
    // empty, and the errors and log entries of before have no run (null).
    from: 2,
    migrate: (snapshot) => ({
      ...snapshot,
      syncRuns: [],
      syncErrors: rowsOf(snapshot.syncErrors).map((row) => ({ ...row, runId: null })),
      syncLogs: rowsOf(snapshot.syncLogs).map((row) => ({ ...row, runId: null })),
    }),
  },
];

function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

export interface SnapshotSchema {
  version: number;
  migrations: readonly Migration[];
}

const CURRENT: SnapshotSchema = { version: STATE_VERSION, migrations: MIGRATIONS };

/** Start refused: the snapshot exists but this sandbox cannot use it. The file is left as it was. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function refuse(
  file: string,
  why: string,
  wayOut: string,
  what: 'snapshot' | 'journal' = 'snapshot',
): SnapshotError {
  return new SnapshotError(
    `The sandbox ${what} ${file} ${why}. It was left as it is, and the sandbox did not start.\n` +
      `${wayOut}\n` +
      `To start from the seed instead: \`npm start -- --fresh\` (or \`npm run sandbox -- --fresh\`); ` +
      `the file is then kept beside it as ${basename(file)}.corrupt-<time>.`,
  );
}

type Parsed =
  { ok: true; snapshot: Record<string, unknown>; version: number } | { ok: false; why: string };

function parse(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const truncated = text.length === 0 ? 'it is empty' : (error as Error).message;
    return { ok: false, why: `cannot be read as JSON (${truncated}; truncated or corrupt?)` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, why: 'is not a sandbox snapshot (not a JSON object)' };
  const snapshot = value as Record<string, unknown>;
  const { version } = snapshot;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, why: `has no valid version (${JSON.stringify(version)})` };
  return { ok: true, snapshot, version };
}

/** fsyncs a directory, so that a rename or a new file in it survives a crash. */
function fsyncDirectorySync(directory: string): void {
  const handle = openSync(directory, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/** Writes `text` to `file` durably (temp file, fsync, rename, fsync of the directory); blocking. */
function writeDurablySync(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const handle = openSync(temporary, 'w');
    try {
      writeFileSync(handle, text);
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncDirectorySync(dirname(file));
}

/**
 * Writes the state durably, then an empty journal that follows it; blocking: at start only.
 * Returns the journal's size.
 */
function compactSync(file: string, state: Record<string, unknown> | State): number {
  const text = JSON.stringify(state);
  writeDurablySync(file, text);
  return startJournalSync(file, fingerprint(text));
}

/**
 * Serialises states to the bytes JSON.stringify would give, re-serialising only the tables that
 * changed since the last call. Changes go through immer, which gives a changed table a new
 * identity and keeps the others as they were; so an invitation re-serialises users, link tokens,
 * the outbox and the sequences, not the 1.2 MB of attributes and Salesforce records (about 20 ms
 * of blocked event loop per write, and as much again to encode it as UTF-8).
 */
export function createSerialiser(): (state: State) => Buffer {
  let cache = new WeakMap<object, Buffer>();
  const comma = Buffer.from(',');
  return (state) => {
    const next = new WeakMap<object, Buffer>();
    const parts: Buffer[] = [];
    for (const [key, value] of Object.entries(state) as Array<[string, unknown]>) {
      if (value === undefined) continue;
      const isObject = typeof value === 'object' && value !== null;
      const part =
        (isObject ? cache.get(value) : undefined) ??
        Buffer.from(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
      if (isObject) next.set(value, part);
      if (parts.length > 0) parts.push(comma);
      parts.push(part);
    }
    cache = next;
    return Buffer.concat([Buffer.from('{'), ...parts, Buffer.from('}')]);
  };
}

/** Writes a serialised state durably without blocking the event loop. */
export const writeSnapshot = (file: string, bytes: Buffer): Promise<void> =>
  writeFileDurably(file, bytes);

/** What a start begins from: the state, and the size of its (empty) journal. */
export interface Loaded {
  state: State;
  journalSize: number;
}

/**
 * The state a start begins from: the snapshot (with its journal's changes, migrated if older), or
 * the seed when there is no snapshot or `fresh` asks for it. Throws a SnapshotError, leaving the
 * files untouched, when the snapshot or its journal cannot be used. With `fresh`, an unreadable
 * snapshot or journal is moved aside, never deleted.
 */
export function loadSnapshot(
  file: string,
  { seed, fresh, schema = CURRENT }: { seed: () => State; fresh: boolean; schema?: SnapshotSchema },
): Loaded {
  if (!existsSync(file)) return freshState(file, seed);
  const bytes = readFileSync(file);
  const parsed = parse(bytes.toString('utf8'));
  const journal = journalOf(file);
  if (fresh) {
    // Asked for the seed: a snapshot this sandbox could not have used is kept, not overwritten,
    // and so is its journal, or a journal that cannot be read.
    if (!parsed.ok || parsed.version !== schema.version) {
      const aside = parsed.ok
        ? `${file}.v${parsed.version}-${stamp()}.bak`
        : `${file}.corrupt-${stamp()}`;
      renameSync(file, aside);
      if (existsSync(journal)) renameSync(journal, journalOf(aside));
      console.warn(
        `sandbox: ${file} ${parsed.ok ? `was of version ${parsed.version}` : parsed.why}; kept as ${aside}.`,
      );
    } else if (readJournal(file, fingerprint(bytes)).kind === 'unreadable') {
      const aside = `${journal}.corrupt-${stamp()}`;
      renameSync(journal, aside);
      console.warn(`sandbox: ${journal} could not be read; kept as ${aside}.`);
    }
    return freshState(file, seed);
  }
  if (!parsed.ok) throw refuse(file, parsed.why, 'Move it away, or repair it, to keep its data.');
  if (parsed.version > schema.version)
    throw refuse(
      file,
      `is of version ${parsed.version}, newer than this sandbox reads (${schema.version})`,
      'Update this checkout (git pull) to read it, or move it away.',
    );
  const read = readJournal(file, fingerprint(bytes));
  if (read.kind === 'unreadable')
    throw refuse(
      journal,
      read.why,
      `It holds the changes made since the snapshot ${file} was written. Repair it to keep them, ` +
        'or move it away to start from the snapshot alone.',
      'journal',
    );
  let snapshot = parsed.snapshot;
  const groups = read.kind === 'changes' ? read.groups : [];
  if (groups.length > 0)
    try {
      snapshot = applyPatches(snapshot, groups.flat());
    } catch (error) {
      throw refuse(
        journal,
        `cannot be replayed onto the snapshot it names (${(error as Error).message})`,
        `Repair it, or move it away to start from the snapshot ${file} alone.`,
        'journal',
      );
    }
  if (parsed.version === schema.version) {
    const state = snapshot as unknown as State;
    if (groups.length > 0) return { state, journalSize: compactSync(file, state) };
    if (read.kind === 'changes' && !read.torn)
      return { state, journalSize: statSync(journal).size };
    // No journal, one of another snapshot, or only a torn line: a new, empty one.
    return { state, journalSize: startJournalSync(file, fingerprint(bytes)) };
  }
  const steps: Migration[] = [];
  for (let version = parsed.version; version < schema.version; version += 1) {
    const step = schema.migrations.find((migration) => migration.from === version);
    if (!step)
      throw refuse(
        file,
        `is of version ${parsed.version}, and no migration turns version ${version} into ${version + 1}`,
        'Move it away to keep its data.',
      );
    steps.push(step);
  }
  // The journal is of the old version: compacted at that version, before the backup copy.
  if (groups.length > 0) compactSync(file, snapshot);
  for (const step of steps) snapshot = { ...step.migrate(snapshot), version: step.from + 1 };
  const backup = `${file}.v${parsed.version}.bak`;
  copyFileSync(file, backup);
  fsyncDirectorySync(dirname(file));
  const state = snapshot as unknown as State;
  const journalSize = compactSync(file, state);
  console.log(
    `sandbox: ${file} migrated from version ${parsed.version} to ${schema.version}; the old one is kept as ${backup}.`,
  );
  return { state, journalSize };
}

function freshState(file: string, seed: () => State): Loaded {
  const state = seed();
  return { state, journalSize: compactSync(file, state) };
}
