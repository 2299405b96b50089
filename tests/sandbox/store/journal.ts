/**
 * The sandbox's journal (a write-ahead log, as Redis's AOF or SQLite's WAL): `<snapshot>.journal`
 * holds the changes made since the snapshot was written, so that a change costs an append of its
 * immer patches, not a rewrite of the whole 1.2 MB state.
 *
 * The file is JSON lines. The first names the snapshot the journal follows, by the SHA-256 of the
 * snapshot's bytes: `{"journal":1,"snapshot":"<hex>"}`. Each next line is one group of changes (the
 * immer patches of the transactions of one write, in order), numbered from 1:
 * `{"seq":1,"patches":[…]}` (a journal written before the numbers holds bare `[…]` lines), appended
 * durably (a synchronous write) before any of them is acknowledged.
 *
 * Before a compaction writes the snapshot that holds the journal's changes, it closes the journal
 * with a line naming that snapshot: `{"compacted":"<hex>"}`. A journal that names another snapshot
 * is then told apart: one whose closing line names this snapshot was left by a compaction that died
 * before it replaced the journal (the snapshot holds its changes: nothing to replay); one with no
 * changes loses nothing; any other follows another snapshot (a snapshot restored or replaced by
 * hand) and stops the start, naming both files (snapshot.ts), as do numbers that do not run 1, 2,
 * 3… (lines lost, repeated or mixed in from another journal) and a change that does not apply.
 *
 * The last line may be torn (a crash in the middle of an append): it was never acknowledged, and
 * is ignored. Any other line that cannot be read stops the start, naming the file.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  ftruncateSync,
  fstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { Patch } from 'immer';

import { writeFileDurably } from './durable-file';

export const journalOf = (snapshotFile: string) => `${snapshotFile}.journal`;

/** The identity of a snapshot, as its journal names it. */
export const fingerprint = (bytes: Buffer | string) =>
  createHash('sha256').update(bytes).digest('hex');

const header = (snapshotHash: string) =>
  Buffer.from(`${JSON.stringify({ journal: 1, snapshot: snapshotHash })}\n`);

const closingLine = (snapshotHash: string) =>
  Buffer.from(`${JSON.stringify({ compacted: snapshotHash })}\n`);

/** One line of changes: its line number in the file (from 1, the header's) and its patches. */
interface JournalEntry {
  line: number;
  patches: Patch[];
}

export type JournalRead =
  /**
   * Nothing to replay: no journal (or no complete line), one a compaction left behind (its
   * changes are in the snapshot: `folded`), or one of another snapshot that holds no change
   * (`stale`). `end`: where the journal's last complete line ends, when it has a first line.
   */
  | { kind: 'none'; why: 'missing' | 'empty'; end?: undefined }
  | { kind: 'none'; why: 'folded' | 'stale'; end: number }
  /**
   * The changes to replay, oldest first; `torn` when a last, unfinished line was left out, `closed`
   * when a compaction closed the journal (it died before writing its snapshot).
   */
  | { kind: 'changes'; entries: JournalEntry[]; torn: boolean; closed: boolean; end: number }
  /** Follows another snapshot (`follows`, its SHA-256) and holds `changes` this one may lack. */
  | { kind: 'foreign'; follows: string; changes: number }
  /** A line other than the last cannot be read, or the lines are not numbered 1, 2, 3… */
  | { kind: 'unreadable'; why: string }
  | { kind: 'out-of-sequence'; why: string };

const OPS = new Set(['add', 'replace', 'remove']);

function isPatchGroup(value: unknown): value is Patch[] {
  return (
    Array.isArray(value) &&
    value.every(
      (patch: unknown) =>
        typeof patch === 'object' &&
        patch !== null &&
        OPS.has((patch as Patch).op) &&
        Array.isArray((patch as Patch).path),
    )
  );
}

type Line =
  | { kind: 'changes'; seq: number | undefined; patches: Patch[] }
  | { kind: 'closing'; snapshot: string }
  | undefined;

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function lineOf(text: string): Line {
  const value = parseLine(text);
  if (isPatchGroup(value)) return { kind: 'changes', seq: undefined, patches: value };
  if (typeof value !== 'object' || value === null) return undefined;
  const { seq, patches, compacted } = value as Record<string, unknown>;
  if (Number.isInteger(seq) && isPatchGroup(patches))
    return { kind: 'changes', seq: seq as number, patches };
  if (typeof compacted === 'string') return { kind: 'closing', snapshot: compacted };
  return undefined;
}

/** Reads the journal of a snapshot whose bytes hash to `snapshotHash`; blocking (at start). */
export function readJournal(snapshotFile: string, snapshotHash: string): JournalRead {
  const file = journalOf(snapshotFile);
  if (!existsSync(file)) return { kind: 'none', why: 'missing' };
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  // What follows the last newline was never completed (an append writes its line and its newline
  // at once, and is acknowledged only once the write is on disk): a torn append, or nothing.
  const unfinished = lines.pop() ?? '';
  let torn = unfinished.length > 0;
  if (lines.length === 0) return { kind: 'none', why: 'empty' };
  const first = parseLine(lines[0]!) as { journal?: unknown; snapshot?: unknown } | undefined;
  const isHeader =
    typeof first === 'object' &&
    first !== null &&
    first.journal === 1 &&
    typeof first.snapshot === 'string';
  if (!isHeader) {
    if (lines.length === 1) return { kind: 'none', why: 'empty' };
    return { kind: 'unreadable', why: 'does not start with the line that names its snapshot' };
  }
  const follows = first.snapshot as string;
  const total = lines.length + (unfinished ? 1 : 0);
  const entries: JournalEntry[] = [];
  /** The snapshots a compaction closed the journal for. */
  const compactedInto = new Set<string>();
  let end = Buffer.byteLength(lines[0]!) + 1;
  for (let index = 1; index < lines.length; index += 1) {
    const text = lines[index]!;
    const line = lineOf(text);
    if (line === undefined) {
      // The last complete line may hold garbage a crash left (a file's size can reach the disk
      // before its data): unfinished too.
      if (index === lines.length - 1 && !torn) {
        torn = true;
        continue;
      }
      return {
        kind: 'unreadable',
        why: `has a line that cannot be read (line ${index + 1} of ${total}: ${JSON.stringify(text.slice(0, 60))})`,
      };
    }
    if (line.kind === 'closing') compactedInto.add(line.snapshot);
    else if (compactedInto.size > 0)
      return {
        kind: 'unreadable',
        why: `has changes after the line that closed it for a compaction (line ${index + 1} of ${total})`,
      };
    else {
      const expected = entries.length + 1;
      if (line.seq !== undefined && line.seq !== expected)
        return {
          kind: 'out-of-sequence',
          why: `holds change ${line.seq} at line ${index + 1}, where change ${expected} belongs (lines lost, repeated or mixed in from another journal)`,
        };
      entries.push({ line: index + 1, patches: line.patches });
    }
    end += Buffer.byteLength(text) + 1;
  }
  if (follows === snapshotHash)
    return { kind: 'changes', entries, torn, closed: compactedInto.size > 0, end };
  if (compactedInto.has(snapshotHash)) return { kind: 'none', why: 'folded', end };
  if (entries.length === 0) return { kind: 'none', why: 'stale', end };
  return { kind: 'foreign', follows, changes: entries.length };
}

/** A change of the journal does not apply to the state it is replayed onto. */
export class ReplayError extends Error {
  override name = 'ReplayError';
}

/** Keys that would reach an object's prototype: a journal never holds one (immer refuses them too). */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Replays the journal's changes onto `state` (a snapshot just parsed: changed in place), each
 * checked first as immer's `applyPatches` does not: every step of a path must exist, and a list's
 * index must be one it has (or its end, for an `add`). A change that does not fit throws a
 * ReplayError naming its line: the journal does not follow this state. A key of an object may be
 * absent for a `replace` or a `remove`: a key that held undefined is not in the JSON.
 */
export function replayJournal(state: Record<string, unknown>, entries: readonly JournalEntry[]) {
  for (const { line, patches } of entries)
    for (const patch of patches) {
      const where = patch.path.join('/');
      const fail = (why: string) =>
        new ReplayError(`line ${line}: ${patch.op} at ${where || '(the whole state)'}: ${why}`);
      if (patch.path.length === 0) throw fail('a change never replaces the whole state');
      let parent: unknown = state;
      for (const [depth, key] of patch.path.entries()) {
        const isLast = depth === patch.path.length - 1;
        const reached = patch.path.slice(0, depth).join('/') || 'the state';
        if (Array.isArray(parent)) {
          const limit = isLast && patch.op === 'add' ? parent.length : parent.length - 1;
          if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key > limit)
            throw fail(`${reached} is a list of ${parent.length}, with no place ${String(key)}`);
          if (!isLast) {
            parent = parent[key];
            continue;
          }
          if (patch.op === 'add') parent.splice(key, 0, patch.value);
          else if (patch.op === 'replace') parent[key] = patch.value;
          else parent.splice(key, 1);
        } else if (isRecord(parent)) {
          if (typeof key !== 'string' || FORBIDDEN.has(key))
            throw fail(`${reached} has no key ${JSON.stringify(key)}`);
          if (!isLast) {
            if (!Object.hasOwn(parent, key)) throw fail(`${reached} has no ${key}`);
            parent = parent[key];
            continue;
          }
          if (patch.op === 'remove') delete parent[key];
          else parent[key] = patch.value;
        } else throw fail(`${reached} is ${JSON.stringify(parent)}, not a list or an object`);
      }
    }
}

function fsyncDirectorySync(directory: string): void {
  const handle = openSync(directory, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/** Starts an empty journal after the snapshot `snapshotHash`, replacing any journal; blocking. */
export function startJournalSync(snapshotFile: string, snapshotHash: string): number {
  const file = journalOf(snapshotFile);
  const temporary = `${file}.${process.pid}.tmp`;
  const bytes = header(snapshotHash);
  try {
    const handle = openSync(temporary, 'w');
    try {
      writeFileSync(handle, bytes);
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncDirectorySync(dirname(file));
  return bytes.length;
}

/**
 * Starts an empty journal after the snapshot `snapshotHash`, replacing the old one atomically
 * (temporary file, fsync, rename, fsync of the directory); resolves with its size.
 */
export async function startJournal(snapshotFile: string, snapshotHash: string): Promise<number> {
  const bytes = header(snapshotHash);
  await writeFileDurably(journalOf(snapshotFile), bytes);
  return bytes.length;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Closes the journal for a compaction, before the snapshot `snapshotHash` that holds its changes
 * is written: its closing line goes at `offset` (where its last good line ends: whatever a failed
 * append left after it is cut), durably. Resolves with the journal's new size; a journal that is
 * not there is left so (nothing to close).
 */
export async function closeJournalFor(
  snapshotFile: string,
  offset: number,
  snapshotHash: string,
): Promise<number> {
  let handle: FileHandle;
  try {
    handle = await open(journalOf(snapshotFile), constants.O_WRONLY | constants.O_DSYNC);
  } catch (error) {
    if (isMissing(error)) return offset;
    throw error;
  }
  try {
    const line = closingLine(snapshotHash);
    const { bytesWritten } = await handle.write(line, 0, line.length, offset);
    if (bytesWritten !== line.length)
      throw new Error(`only ${bytesWritten} of ${line.length} bytes were written`);
    const end = offset + line.length;
    if ((await handle.stat()).size > end) {
      await handle.truncate(end);
      await handle.datasync();
    }
    return end;
  } finally {
    await handle.close();
  }
}

/** closeJournalFor, blocking: at start. */
export function closeJournalForSync(
  snapshotFile: string,
  offset: number,
  snapshotHash: string,
): number {
  let handle: number;
  try {
    handle = openSync(journalOf(snapshotFile), constants.O_WRONLY | constants.O_DSYNC);
  } catch (error) {
    if (isMissing(error)) return offset;
    throw error;
  }
  try {
    const line = closingLine(snapshotHash);
    const written = writeSync(handle, line, 0, line.length, offset);
    if (written !== line.length)
      throw new Error(`only ${written} of ${line.length} bytes were written`);
    const end = offset + line.length;
    if (fstatSync(handle).size > end) {
      ftruncateSync(handle, end);
      fsyncSync(handle);
    }
    return end;
  } finally {
    closeSync(handle);
  }
}

/**
 * Opens the journal for appends. Each write is synchronous on disk (O_DSYNC: the write returns once
 * its data, and the file size, are there), so an append is one call, not a write and an fsync.
 * A journal that is gone is not re-created (it would lack its first line): the open fails.
 */
export function openJournal(snapshotFile: string): Promise<FileHandle> {
  return open(journalOf(snapshotFile), constants.O_RDWR | constants.O_DSYNC);
}

/**
 * Appends one group of changes, numbered `seq` (the journal's changes count from 1), at `offset`
 * (the journal's size as last written), durably; resolves with the new size. After a failed append
 * the store writes a snapshot and a new journal, so whatever the failed append left in the file is
 * never followed by another change.
 */
export async function appendJournal(
  journal: FileHandle,
  offset: number,
  seq: number,
  group: readonly Patch[],
): Promise<number> {
  const line = Buffer.from(`{"seq":${seq},"patches":${JSON.stringify(group)}}\n`);
  const { bytesWritten } = await journal.write(line, 0, line.length, offset);
  if (bytesWritten !== line.length)
    throw new Error(`only ${bytesWritten} of ${line.length} bytes were written`);
  return offset + line.length;
}
