/**
 * The sandbox's journal (a write-ahead log, as Redis's AOF or SQLite's WAL): `<snapshot>.journal`
 * holds the changes made since the snapshot was written, so that a change costs an append of its
 * immer patches, not a rewrite of the whole 1.2 MB state.
 *
 * The file is JSON lines. The first names the snapshot the journal follows, by the SHA-256 of the
 * snapshot's bytes: `{"journal":1,"snapshot":"<hex>"}`. Each next line is one group of changes (the
 * immer patches of the transactions of one write, in order), appended durably (a synchronous
 * write) before any of them is acknowledged.
 *
 * A journal that names another snapshot is stale: a compaction wrote the snapshot (which then holds
 * every change of the journal) and died before it replaced the journal. It is ignored. The last
 * line may be torn (a crash in the middle of an append): it was never acknowledged, and is ignored
 * too. Any other line that cannot be read stops the start, naming the file.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
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

export type JournalRead =
  /** No journal, or one that follows another snapshot: nothing to replay. */
  | { kind: 'none'; why: 'missing' | 'stale' | 'empty' }
  /** The groups to replay, oldest first; `torn` when a last, unfinished line was left out. */
  | { kind: 'changes'; groups: Patch[][]; torn: boolean }
  /** A line other than the last cannot be read. */
  | { kind: 'unreadable'; why: string };

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

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
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
  if (first.snapshot !== snapshotHash) return { kind: 'none', why: 'stale' };
  const groups: Patch[][] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const group = parseLine(lines[index]!);
    if (isPatchGroup(group)) {
      groups.push(group);
      continue;
    }
    // The last complete line may hold garbage a crash left (a file's size can reach the disk
    // before its data): unfinished too.
    if (index === lines.length - 1 && !torn) {
      torn = true;
      continue;
    }
    return {
      kind: 'unreadable',
      why: `has a line that cannot be read (line ${index + 1} of ${lines.length + (unfinished ? 1 : 0)}: ${JSON.stringify(lines[index]!.slice(0, 60))})`,
    };
  }
  return { kind: 'changes', groups, torn };
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

/**
 * Opens the journal for appends. Each write is synchronous on disk (O_DSYNC: the write returns once
 * its data, and the file size, are there), so an append is one call, not a write and an fsync.
 * A journal that is gone is not re-created (it would lack its first line): the open fails.
 */
export function openJournal(snapshotFile: string): Promise<FileHandle> {
  return open(journalOf(snapshotFile), constants.O_RDWR | constants.O_DSYNC);
}

/**
 * Appends one group of changes at `offset` (the journal's size as last written), durably; resolves
 * with the new size. After a failed append the store writes a snapshot and a new journal, so
 * whatever the failed append left in the file is never followed by another line.
 */
export async function appendJournal(
  journal: FileHandle,
  offset: number,
  group: readonly Patch[],
): Promise<number> {
  const line = Buffer.from(`${JSON.stringify(group)}\n`);
  const { bytesWritten } = await journal.write(line, 0, line.length, offset);
  if (bytesWritten !== line.length)
    throw new Error(`only ${bytesWritten} of ${line.length} bytes were written`);
  return offset + line.length;
}
