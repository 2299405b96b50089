/**
 * The sandbox's snapshot file: reading it at start (with migrations from older versions, and the
 * changes its journal holds: journal.ts) and writing it durably.
 *
 * A snapshot the sandbox cannot use is never replaced by the seed: start stops with a message that
 * names the file, what is wrong and the way out, and leaves the files as they were. So are
 * refused: a snapshot that cannot be read as JSON; one of a newer or unknown version; one of the
 * wrong shape (valid JSON of the right version that does not fit the State type: `users` not a
 * list, a user without `email`; state-shape.ts, checked once here, never per write); a journal
 * that does not follow its snapshot (it names another snapshot and holds changes, its changes are
 * not numbered 1, 2, 3…, or one does not apply) or has no snapshot. A snapshot of an older version
 * goes through the migrations, one version at a time, after a backup copy `<file>.v<N>.bak`.
 *
 * `--fresh` starts from the seed and keeps the old files aside, whatever they hold: the snapshot
 * renamed with the time (`<file>.before-fresh-<time>`, `<file>.corrupt-<time>` when it is not
 * JSON, `<file>.v<N>-<time>.bak` when of another version) and its journal beside it as
 * `<that name>.journal`; it never deletes one.
 *
 * A write is durable before it counts: the JSON goes to a temporary file, which is fsynced, then
 * renamed over the snapshot, then the directory is fsynced (so the rename itself survives a power
 * cut). A crash at any point leaves the old snapshot or the new one, never half of one.
 *
 * A start ends with a snapshot and an empty journal that follows it: the journal's changes are
 * replayed, then written into a new snapshot (compacted; the old journal is first closed with a
 * line naming that snapshot: journal.ts), so that a torn last line is never followed by the next
 * append. The journal is always of its snapshot's version: an older snapshot is compacted with its
 * journal at its own version (patches are plain JSON operations, whatever the shape), then
 * migrated. Every check comes before the first write.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { BOOLEAN_VALUES } from '../../../generated/rules/index';
import { writeFileDurably } from './durable-file';
import {
  closeJournalForSync,
  fingerprint,
  journalOf,
  readJournal,
  ReplayError,
  replayJournal,
  startJournalSync,
} from './journal';
import { STATE_VERSION, type State } from './state';
import { shapeProblem } from './state-shape';

/** Turns a snapshot of version `from` into one of version `from + 1`. */
interface Migration {
  from: number;
  migrate(snapshot: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The migrations, oldest first: one per version bump of `STATE_VERSION` (docs/sandbox.md, "Its
 * data", lists the versions). A migration returns the snapshot in the next version's shape; its
 * `version` field is set here, not by the migration.
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
  {
    // 3 -> 4: each tenant keeps the external id step 4 offers (`external_id`), the same on every
    // call. A tenant whose AWS connection is saved keeps the id saved with it; any other gets one
    // on its next call.
    from: 3,
    migrate: (snapshot) => ({
      ...snapshot,
      tenants: rowsOf(snapshot.tenants).map((row) => ({
        ...row,
        external_id: externalIdOf(row.aws),
      })),
    }),
  },
  {
    // 4 -> 5: one vocabulary for ACE values. An override of a Boolean ACE attribute saved as Yes or
    // No (the errors table offered those; the sync refuses them) becomes True or False, what it
    // meant, in any letter case; the contract's save refuses any other word from now on. Any other
    // value is left as it is, for the sync to refuse with a message that names it.
    from: 4,
    migrate: (snapshot) => {
      const booleans = new Set(
        rowsOf(snapshot.attributes)
          .filter((row) => row.is_aws_ace === true && row.data_type === 'Boolean')
          .map((row) => row.id),
      );
      return {
        ...snapshot,
        overrides: rowsOf(snapshot.overrides).map((row) => {
          const word = BOOLEAN_WORDS_OF_V4[String(row.dummy_value).trim().toLowerCase()];
          return booleans.has(row.aws_ace_attribute) && word ? { ...row, dummy_value: word } : row;
        }),
      };
    },
  },
  {
    // 5 -> 6: a run's counts name the records that were already the same on the other side
    // (`unchanged`), so that its parts add up to its total. A version 5 run counted those as
    // updated, and nothing tells them apart now: its counts keep their figures, with none
    // unchanged.
    from: 5,
    migrate: (snapshot) => ({
      ...snapshot,
      syncRuns: rowsOf(snapshot.syncRuns).map((row) => {
        const counts = (row.counts ?? {}) as Record<string, Record<string, unknown>>;
        return {
          ...row,
          counts: {
            lead: { ...counts.lead, unchanged: 0 },
            opportunity: { ...counts.opportunity, unchanged: 0 },
          },
        };
      }),
    }),
  },
  {
    // 6 -> 7: the activity log (`activity`), who changed what. Nothing of before was recorded, and
    // an event cannot be made up after the fact (its hash chains it to the ones before): the log
    // starts empty, and the first change after the upgrade is each tenant's first event.
    from: 6,
    migrate: (snapshot) => ({ ...snapshot, activity: [] }),
  },
  {
    // 7 -> 8: e-mail alerts. Each user's choice (`alertSettings`), the alerts waiting for a daily
    // digest (`pendingAlerts`) and what the connection check last found (`connectionAlerts`).
    // Nobody chose any alert before, so everyone has the defaults (all off) and nothing waits.
    from: 7,
    migrate: (snapshot) => ({
      ...snapshot,
      alertSettings: [],
      pendingAlerts: [],
      connectionAlerts: [],
    }),
  },
  {
    // 8 -> 9: signed webhooks per company (`webhooks`) and their deliveries
    // (`webhookDeliveries`). No company had any, so both start empty.
    from: 8,
    migrate: (snapshot) => ({ ...snapshot, webhooks: [], webhookDeliveries: [] }),
  },
  {
    // 9 -> 10: one outcome per run, one definition per figure, and saved values that follow their
    // record. See `toVersion10`.
    from: 9,
    migrate: (snapshot) => toVersion10(snapshot),
  },
];

type Row = Record<string, unknown>;
const COUNT = new Intl.NumberFormat('en-US');
type Counts = Record<'lead' | 'opportunity', Record<string, number>>;

const sumOf = (counts: Counts, parts: readonly string[]) =>
  (['lead', 'opportunity'] as const).reduce(
    (sum, entity) => sum + parts.reduce((part, name) => part + (counts[entity]?.[name] ?? 0), 0),
    0,
  );

/**
 * 9 -> 10, in three parts, each from what the snapshot already holds (nothing is made up):
 *
 * - A run that ended `succeeded` with failed records gets the state its counts give now:
 *   `completed_with_failures` when some records synced, `failed` (with the reason in words) when
 *   none did. Before, every run that went through read succeeded.
 * - Stats keep no `total_synced` (it is counted from what ACE holds when read). `last_synced`
 *   becomes the last full sync's created plus updated records and `last_unchanged` its unchanged
 *   ones, read from the run that finished at `last_synced_date`; a tenant whose run is no longer
 *   kept keeps its figure, with none unchanged.
 * - A saved value gets its `status` from whether its error is still open: open, `pending`; closed
 *   while the record has another open error, `pending` on that one (the newest about the same ACE
 *   attribute, else the newest); closed with the record failing no more, `used` at the tenant's
 *   last sync (a sync sent the record with it), or dropped when the tenant never synced (its errors
 *   were dismissed: a record whose open errors are all dismissed keeps no pending value).
 */
function toVersion10(snapshot: Record<string, unknown>): Record<string, unknown> {
  const runs = rowsOf(snapshot.syncRuns).map((row): Row => {
    const counts = row.counts as Counts;
    if (row.state !== 'succeeded') return row;
    const failed = sumOf(counts, ['failed']);
    if (failed === 0) return row;
    if (sumOf(counts, ['created', 'updated', 'unchanged']) > 0)
      return { ...row, state: 'completed_with_failures' };
    const all = sumOf(counts, ['created', 'updated', 'unchanged', 'skipped', 'failed']);
    const skipped = sumOf(counts, ['skipped']);
    // The words of sync/runs.ts `noneSyncedReason` (snapshot.test.ts checks that both agree).
    const format = (count: number) => COUNT.format(count);
    const held = skipped > 0 ? `, ${format(skipped)} held back by the filters` : '';
    return {
      ...row,
      state: 'failed',
      failure_reason:
        all === 1
          ? 'The one record did not sync: it failed.'
          : `None of the ${format(all)} records synced: ${format(failed)} failed${held}.`,
    };
  });
  const stats = rowsOf(snapshot.stats).map(({ total_synced: _total, ...row }): Row => {
    const last = runs.find(
      (run) =>
        run.tenantId === row.tenantId &&
        run.records === null &&
        row.last_synced_date !== null &&
        run.finished_at === row.last_synced_date,
    );
    if (!last) return { ...row, last_unchanged: { lead: 0, opportunity: 0 } };
    const counts = last.counts as Counts;
    const of = (entity: 'lead' | 'opportunity', parts: string[]) =>
      parts.reduce((sum, part) => sum + (counts[entity]?.[part] ?? 0), 0);
    return {
      ...row,
      last_synced: {
        lead: of('lead', ['created', 'updated']),
        opportunity: of('opportunity', ['created', 'updated']),
      },
      last_unchanged: {
        lead: of('lead', ['unchanged']),
        opportunity: of('opportunity', ['unchanged']),
      },
    };
  });
  const errors = rowsOf(snapshot.syncErrors);
  const lastSync = new Map<unknown, string>();
  for (const run of runs)
    if (typeof run.finished_at === 'string' && run.finished_at > (lastSync.get(run.tenantId) ?? ''))
      lastSync.set(run.tenantId, run.finished_at);
  for (const row of stats)
    if (
      typeof row.last_synced_date === 'string' &&
      row.last_synced_date > (lastSync.get(row.tenantId) ?? '')
    )
      lastSync.set(row.tenantId, row.last_synced_date);
  const overrides = rowsOf(snapshot.overrides).flatMap((row): Row[] => {
    const open = errors
      .filter(
        (error) => error.tenantId === row.tenantId && error.salesforce_id === row.salesforce_id,
      )
      .sort(
        (a, b) =>
          String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id),
      );
    if (open.some((error) => error.id === row.sync_error_id))
      return [{ ...row, status: 'pending', used_at: null }];
    const error = open.find((item) => item.attributeId === row.aws_ace_attribute) ?? open[0];
    if (error) return [{ ...row, sync_error_id: error.id, status: 'pending', used_at: null }];
    const at = lastSync.get(row.tenantId);
    return at === undefined ? [] : [{ ...row, status: 'used', used_at: at }];
  });
  return { ...snapshot, syncRuns: runs, stats, overrides };
}

/** The Boolean words of version 5 (the contract's BooleanValue) for the words a version 4 override held. */
const BOOLEAN_WORDS_OF_V4: Readonly<Record<string, string>> = {
  yes: BOOLEAN_VALUES[0],
  no: BOOLEAN_VALUES[1],
  true: BOOLEAN_VALUES[0],
  false: BOOLEAN_VALUES[1],
};

function externalIdOf(aws: unknown): string | null {
  if (typeof aws !== 'object' || aws === null) return null;
  const id = (aws as Record<string, unknown>).external_id;
  return typeof id === 'string' ? id : null;
}

function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

export interface SnapshotSchema {
  version: number;
  migrations: readonly Migration[];
}

const CURRENT: SnapshotSchema = { version: STATE_VERSION, migrations: MIGRATIONS };

/** Start refused: the snapshot or its journal exists but this sandbox cannot use it. Both are left as they were. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

const FRESH = '`npm start -- --fresh` (or `npm run sandbox -- --fresh`)';

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

/**
 * Where `--fresh` keeps a snapshot (its journal goes beside it, as `<that>.journal`): the time
 * tells one from the next. `parsed` is undefined when there is no snapshot, only a journal.
 */
function asideOf(file: string, parsed: Parsed | undefined, version: number, time: string): string {
  if (parsed && !parsed.ok) return `${file}.corrupt-${time}`;
  if (parsed && parsed.version !== version) return `${file}.v${parsed.version}-${time}.bak`;
  return `${file}.before-fresh-${time}`;
}

/** `name`, or `name-2`, `name-3`…: the first that is free with its journal (a rename never replaces a file). */
function freeName(name: string): string {
  let candidate = name;
  for (let count = 2; existsSync(candidate) || existsSync(journalOf(candidate)); count += 1)
    candidate = `${name}-${count}`;
  return candidate;
}

interface Refusal {
  /** The file at fault, named first. */
  what: 'snapshot' | 'journal';
  file: string;
  /** What is wrong, after the file's name. */
  why: string;
  /** How to keep the data. */
  wayOut: string;
}

/**
 * The start refused: the message names the file and what is wrong, how to keep the data, and
 * `--fresh` with where it would keep the files.
 */
function refusal(snapshotFile: string, keptAs: string | undefined) {
  return ({ what, file, why, wayOut }: Refusal): SnapshotError => {
    const journal = journalOf(snapshotFile);
    const hasSnapshot = existsSync(snapshotFile);
    const hasJournal = existsSync(journal);
    const left =
      hasSnapshot && hasJournal ? 'Both files were left as they are' : 'It was left as it is';
    const aside = keptAs ?? `${snapshotFile}.before-fresh-<time>`;
    const kept =
      hasSnapshot && hasJournal
        ? `the snapshot and its journal are then kept beside them as ${basename(aside)} and ${basename(journalOf(aside))}`
        : hasSnapshot
          ? `the snapshot is then kept beside it as ${basename(aside)}`
          : `the journal is then kept beside it as ${basename(journalOf(aside))}`;
    return new SnapshotError(
      `The sandbox ${what} ${file} ${why}. ${left}, and the sandbox did not start.\n` +
        `${wayOut}\n` +
        `To start from the seed instead: ${FRESH}; ${kept}.`,
    );
  };
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
 * Writes the state (its JSON) durably, then an empty journal that follows it; blocking: at start
 * only. The journal there (its good lines end at `journalEnd`) is first closed with a line naming
 * the new snapshot, so that a crash between the two writes leaves a journal that start knows the
 * snapshot holds. Returns the new journal's size.
 */
function compactSync(file: string, text: string, journalEnd: number | undefined): number {
  const hash = fingerprint(text);
  if (journalEnd !== undefined) closeJournalForSync(file, journalEnd, hash);
  writeDurablySync(file, text);
  return startJournalSync(file, hash);
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

/** A file beside `file` whose bytes hash to `hash` (a copy of the snapshot a journal follows). */
function copyOfSnapshot(file: string, hash: string): string | undefined {
  const directory = dirname(file);
  for (const name of readdirSync(directory).sort()) {
    if (!name.startsWith(`${basename(file)}.`) || /\.(journal|tmp)$/.test(name)) continue;
    const path = join(directory, name);
    try {
      if (statSync(path).isFile() && fingerprint(readFileSync(path)) === hash) return path;
    } catch {
      // Gone or unreadable: not it.
    }
  }
  return undefined;
}

/**
 * The state a start begins from: the snapshot (with its journal's changes, migrated if older), or
 * the seed when there is no snapshot or `fresh` asks for it. Throws a SnapshotError, leaving the
 * files untouched, when the snapshot or its journal cannot be used. With `fresh`, the old files
 * are moved aside, never deleted.
 */
export function loadSnapshot(
  file: string,
  { seed, fresh, schema = CURRENT }: { seed: () => State; fresh: boolean; schema?: SnapshotSchema },
): Loaded {
  if (fresh) return freshStart(file, seed, schema.version);
  const journal = journalOf(file);
  if (!existsSync(file)) {
    // A journal without its snapshot: its changes have nothing to apply to.
    const orphan = readJournal(file, '');
    const refuse = refusal(file, undefined);
    if (orphan.kind === 'foreign') {
      const copy = copyOfSnapshot(file, orphan.follows);
      throw refuse({
        what: 'journal',
        file: journal,
        why: `holds ${orphan.changes} change(s), but its snapshot ${file} is not there (moved or deleted?)`,
        wayOut: `Put the snapshot back as ${file}${copy ? ` (${copy} is a copy of it)` : ''} to keep them, or move the journal away to start from the seed without them.`,
      });
    }
    if (orphan.kind === 'unreadable' || orphan.kind === 'out-of-sequence')
      throw refuse({
        what: 'journal',
        file: journal,
        why: `is there without its snapshot ${file}, and ${orphan.why}`,
        wayOut: `Put the snapshot back as ${file}, or move the journal away to start from the seed.`,
      });
    // No journal, or one that holds no change.
    return freshState(file, seed);
  }
  const bytes = readFileSync(file);
  const parsed = parse(bytes.toString('utf8'));
  const refuse = refusal(file, asideOf(file, parsed, schema.version, '<time>'));
  if (!parsed.ok)
    throw refuse({
      what: 'snapshot',
      file,
      why: parsed.why,
      wayOut: 'Move it away, or repair it, to keep its data.',
    });
  if (parsed.version > schema.version)
    throw refuse({
      what: 'snapshot',
      file,
      why: `is of version ${parsed.version}, newer than this sandbox reads (${schema.version})`,
      wayOut: 'Update this checkout (git pull) to read it, or move it away.',
    });
  const hash = fingerprint(bytes);
  const read = readJournal(file, hash);
  const withoutJournal = `move the journal away to start from the snapshot ${file} alone, without its changes (\`mv ${journal} ${journal}.old\`)`;
  if (read.kind === 'unreadable' || read.kind === 'out-of-sequence')
    throw refuse({
      what: 'journal',
      file: journal,
      why: read.why,
      wayOut: `It holds the changes made since the snapshot ${file} was written. Repair it to keep them, or ${withoutJournal}.`,
    });
  if (read.kind === 'foreign') {
    const copy = copyOfSnapshot(file, read.follows);
    throw refuse({
      what: 'journal',
      file: journal,
      why: `does not follow the snapshot ${file}: it holds ${read.changes} change(s) made after another snapshot (was ${basename(file)} restored, copied or replaced by hand?)`,
      wayOut:
        `To keep those changes, put back the snapshot the journal follows${copy ? ` (${copy} is a copy of it)` : ''} as ${file}, ` +
        `and start again; or ${withoutJournal}.`,
    });
  }
  let snapshot = parsed.snapshot;
  const entries = read.kind === 'changes' ? read.entries : [];
  if (entries.length > 0)
    try {
      replayJournal(snapshot, entries);
    } catch (error) {
      if (!(error instanceof ReplayError)) throw error;
      throw refuse({
        what: 'journal',
        file: journal,
        why: `cannot be replayed onto the snapshot it names, ${file} (${error.message})`,
        wayOut: `Repair it, or ${withoutJournal}.`,
      });
    }
  const wrongShape = (problem: string): SnapshotError => {
    // With a journal replayed: the snapshot alone tells which of the two is at fault.
    const alone = entries.length > 0 ? shapeProblem(JSON.parse(bytes.toString('utf8'))) : problem;
    return alone === undefined
      ? refuse({
          what: 'journal',
          file: journal,
          why: `gives a state of the wrong shape once replayed onto its snapshot ${file} (${problem})`,
          wayOut: `Repair it, or ${withoutJournal}.`,
        })
      : refuse({
          what: 'snapshot',
          file,
          why: `does not have the shape of the sandbox's state (${alone})`,
          wayOut:
            'Repair it (its shape is the State type, tests/sandbox/store/state.ts), or move it away, to keep its data.',
        });
  };

  if (parsed.version === schema.version) {
    const problem = shapeProblem(snapshot);
    if (problem !== undefined) throw wrongShape(problem);
    const state = snapshot as unknown as State;
    if (entries.length > 0)
      return { state, journalSize: compactSync(file, JSON.stringify(state), read.end) };
    if (read.kind === 'changes' && !read.torn && !read.closed)
      return { state, journalSize: statSync(journal).size };
    // No journal, one of another snapshot that holds nothing to replay, or only a torn line or a
    // compaction's closing line: a new, empty one.
    return { state, journalSize: startJournalSync(file, hash) };
  }
  const steps: Migration[] = [];
  for (let version = parsed.version; version < schema.version; version += 1) {
    const step = schema.migrations.find((migration) => migration.from === version);
    if (!step)
      throw refuse({
        what: 'snapshot',
        file,
        why: `is of version ${parsed.version}, and no migration turns version ${version} into ${version + 1}`,
        wayOut: 'Move it away to keep its data.',
      });
    steps.push(step);
  }
  // The journal is of the old version: compacted at that version, before the backup copy.
  const compacted = entries.length > 0 ? JSON.stringify(snapshot) : undefined;
  for (const step of steps) snapshot = { ...step.migrate(snapshot), version: step.from + 1 };
  const problem = shapeProblem(snapshot);
  if (problem !== undefined)
    throw refuse({
      what: 'snapshot',
      file,
      why: `is of version ${parsed.version}, and migrated to version ${schema.version}${entries.length > 0 ? ' with its journal' : ''} does not have the shape of the sandbox's state (${problem})`,
      wayOut: `Repair it, or move it away, to keep its data (the migrations are in tests/sandbox/store/snapshot.ts).`,
    });
  let journalEnd = read.end;
  if (compacted !== undefined) journalEnd = compactSync(file, compacted, read.end);
  const backup = freeName(`${file}.v${parsed.version}.bak`);
  copyFileSync(file, backup);
  fsyncDirectorySync(dirname(file));
  const state = snapshot as unknown as State;
  const journalSize = compactSync(file, JSON.stringify(state), journalEnd);
  console.log(
    `sandbox: ${file} migrated from version ${parsed.version} to ${schema.version}; the old one is kept as ${backup}.`,
  );
  return { state, journalSize };
}

/**
 * `--fresh`: the seed, after the old snapshot and journal, whatever they hold, are moved aside
 * (renamed with the time; the message says where).
 */
function freshStart(file: string, seed: () => State, version: number): Loaded {
  const journal = journalOf(file);
  const hasSnapshot = existsSync(file);
  const hasJournal = existsSync(journal);
  if (hasSnapshot || hasJournal) {
    const parsed = hasSnapshot ? parse(readFileSync(file, 'utf8')) : undefined;
    const aside = freeName(asideOf(file, parsed, version, stamp()));
    const kept: string[] = [];
    if (hasSnapshot) {
      renameSync(file, aside);
      kept.push(`the snapshot as ${aside}`);
    }
    if (hasJournal) {
      renameSync(journal, journalOf(aside));
      kept.push(`${hasSnapshot ? 'its' : 'the'} journal as ${journalOf(aside)}`);
    }
    fsyncDirectorySync(dirname(file));
    const why =
      parsed && !parsed.ok
        ? ` (the snapshot ${parsed.why})`
        : parsed && parsed.version !== version
          ? ` (the snapshot was of version ${parsed.version})`
          : '';
    console.warn(`sandbox: --fresh: starting from the seed; kept ${kept.join(' and ')}${why}.`);
  }
  return freshState(file, seed);
}

function freshState(file: string, seed: () => State): Loaded {
  const state = seed();
  return { state, journalSize: compactSync(file, JSON.stringify(state), undefined) };
}
