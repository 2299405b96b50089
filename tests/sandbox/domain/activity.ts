/**
 * The activity log: who changed what, one event per change made through the API, and per sign-in.
 *
 * - Append-only: `record` is the one way in, and it only appends; nothing edits or deletes an
 *   event, and nothing prunes the table (events must be kept at least 365 days; the sync runs'
 *   30-day pruning in sync/runs.ts touches its own table only).
 * - Same transaction: `record` takes the draft of the change it records, so a change that throws
 *   leaves no event, and an acknowledged change always has its event.
 * - Hash-chained per tenant: each event's `hash` is the SHA-256 of the canonical JSON of its
 *   fields (tenant included, so an event moved to another tenant breaks too) with the previous
 *   event's hash of the same tenant. `verifyChain` recomputes it, so an event edited behind the
 *   API (in the snapshot, say) shows where the chain breaks.
 * - Refused sign-ins at an address that names no account belong to no tenant (tenantId null):
 *   no tenant ever reads them, and the typed address is kept only as the target's label.
 */
import { createHash } from 'node:crypto';

import type { Schemas } from '../contract';
import {
  nextId,
  type ActivityRow,
  type State,
  type SyncRunRow,
  type UserRow,
} from '../store/state';
import { fieldErrors } from './failure';

type ActivityArea = Schemas['ActivityArea'];
type Actor = Schemas['ActivityActor'];
type Target = Schemas['ActivityTarget'];

/** Who made a change, when, and in which request. */
export interface Origin {
  /** The tenant whose log gets the event; null only for a sign-in refused at an unknown address. */
  tenantId: number | null;
  actor: Actor | null;
  requestId: string;
  at: Date;
}

/** What changed: `before` and `after` are plain JSON (drafts are copied as they are now). */
export interface Change {
  area: ActivityArea;
  action: `${ActivityArea}.${string}`;
  target: { kind: string; id: string | number | null; label: string };
  before?: unknown;
  after?: unknown;
  /** On a revert, the event it reverts. */
  reverts?: number;
}

/** The `prev_hash` of a tenant's first event. */
const GENESIS_HASH = '0'.repeat(64);

/** ISO date-time without milliseconds, as the contract's examples write them. */
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A JSON copy of a value (an immer draft included), undefined as null. */
function plain(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** The user as an event names them: their name and address at the time of the change. */
export function actorOf(
  user: Pick<UserRow, 'id' | 'first_name' | 'middle_name' | 'last_name' | 'email'>,
): Actor {
  const name = [user.first_name, user.middle_name, user.last_name]
    .filter((part) => part && part.trim() !== '')
    .join(' ');
  return { id: user.id, name, email: user.email };
}

/** JSON with every object's keys sorted and no spaces: the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash of an event: every field but `hash` itself, `prev_hash` and the tenant included. */
function eventHash(row: Omit<ActivityRow, 'hash'> & { hash?: string }): string {
  const { hash: _hash, ...fields } = row;
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/** The hash of the tenant's newest event, or the genesis hash. */
function headOf(rows: readonly ActivityRow[], tenantId: number | null): string {
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index];
    if (row && row.tenantId === tenantId) return row.hash;
  }
  return GENESIS_HASH;
}

/**
 * Appends the event of `change` to the tenant's chain, inside the transaction that makes the change
 * (the one way an event is written).
 */
export function record(draft: State, origin: Origin, change: Change): ActivityRow {
  const { target } = change;
  const fields: Omit<ActivityRow, 'hash'> = {
    id: nextId(draft, 'activity'),
    tenantId: origin.tenantId,
    at: stamp(origin.at),
    actor: origin.actor && { ...origin.actor },
    area: change.area,
    action: change.action,
    target: {
      kind: target.kind,
      id: target.id === null ? null : String(target.id),
      label: target.label,
    } satisfies Target,
    before: plain(change.before),
    after: plain(change.after),
    request_id: origin.requestId,
    prev_hash: headOf(draft.activity, origin.tenantId),
    // Only a revert carries it: an absent key leaves every other event's hash as it was.
    ...(change.reverts === undefined ? {} : { reverts: change.reverts }),
  };
  const row: ActivityRow = { ...fields, hash: eventHash(fields) };
  draft.activity.push(row);
  return row;
}

/**
 * Re-hashes events built outside `record` (the seed, whose dates are moved to the real clock), in
 * id order, each tenant's chain on its own.
 */
export function chained(rows: readonly Omit<ActivityRow, 'hash' | 'prev_hash'>[]): ActivityRow[] {
  const heads = new Map<number | null, string>();
  return [...rows]
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const fields = { ...row, prev_hash: heads.get(row.tenantId) ?? GENESIS_HASH };
      const hashed = { ...fields, hash: eventHash(fields) };
      heads.set(row.tenantId, hashed.hash);
      return hashed;
    });
}

/**
 * The contract's verdict on a tenant's chain, oldest event first, with its head (newest hash and
 * count). A chain cut short at its end still holds; `noted`, a head hash noted earlier, catches
 * that: the chain must still hold an event with that hash.
 */
export function verifyChain(
  state: State,
  tenantId: number,
  noted?: string,
): Schemas['ActivityChainCheck'] {
  let previous = GENESIS_HASH;
  let checked = 0;
  const rows = state.activity
    .filter((row) => row.tenantId === tenantId)
    .sort((a, b) => a.id - b.id);
  const head = { hash: rows.at(-1)?.hash ?? GENESIS_HASH, count: rows.length };
  const notedFound = noted === undefined ? null : rows.some((row) => row.hash === noted);
  for (const row of rows) {
    checked += 1;
    const broken = (reason: string) => ({
      ok: false,
      checked,
      broken_at: row.id,
      reason,
      head,
      noted_found: notedFound,
    });
    if (row.prev_hash !== previous)
      return broken("The event's prev_hash is not the hash of the event before it.");
    if (row.hash !== eventHash(row)) return broken("The event's hash does not match its content.");
    previous = row.hash;
  }
  if (notedFound === false)
    return {
      ok: false,
      checked,
      broken_at: null,
      reason: 'The chain no longer holds the head noted earlier; events were removed from its end.',
      head,
      noted_found: false,
    };
  return { ok: true, checked, broken_at: null, reason: null, head, noted_found: notedFound };
}

/**
 * The actions a revert can put back: one target's state before and after, which the edit's own
 * domain function can restore. AutoMatch and imports change many fields at once, and the other
 * areas (sign-ins, syncs, users, passwords...) are not settings to put back.
 */
const REVERTIBLE_ACTIONS: ReadonlySet<string> = new Set([
  'mapping.changed',
  'mapping.reverted',
  'sync_filter.created',
  'sync_filter.changed',
  'sync_filter.deleted',
  'sync_filter.reverted',
  'override.saved',
  'override.reverted',
  'rule.changed',
  'rule.reverted',
]);

export function isRevertible(row: Pick<ActivityRow, 'action'>): boolean {
  return REVERTIBLE_ACTIONS.has(row.action);
}

/** What the contract shows of an event. */
export function eventView(row: ActivityRow): Schemas['ActivityEvent'] {
  const { tenantId: _tenant, ...event } = row;
  return { ...event, revertible: isRevertible(row) };
}

export interface ActivityFilters {
  person?: string;
  area?: string;
  target?: string;
  from?: string;
  to?: string;
  search?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const AREAS: readonly ActivityArea[] = [
  'mapping',
  'sync_filter',
  'override',
  'rule',
  'user',
  'company',
  'environment',
  'launch',
  'sync',
  'password',
  'sign_in',
];

/** An instant with its offset (Z or ±hh:mm), as a date-time query value is written. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const DAY_MS = 86_400_000;

/**
 * A bound of the filters in ms: a day (UTC) is its start, and for `to` the start of the next day
 * (the day is included); an instant is itself (`to` excluded). A 400 names the field otherwise.
 */
function bound(value: string | undefined, field: string, end: boolean): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (INSTANT.test(value)) {
    const time = Date.parse(value);
    if (Number.isNaN(time)) throw fieldErrors({ [field]: ['Enter a valid date or date-time.'] });
    return time;
  }
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw fieldErrors({ [field]: ['Enter a valid date (YYYY-MM-DD).'] });
  return end ? time + DAY_MS : time;
}

/**
 * The events a caller may read, newest first, with the filters applied: the tenant's (never
 * another's, never the tenant-less refused sign-ins); a `user` only their own. A filter that is
 * not valid answers the contract's 400 naming it.
 */
export function readableEvents(
  state: State,
  caller: { tenantId: number; userId: number; role: Schemas['Role'] },
  filters: ActivityFilters,
): ActivityRow[] {
  const person =
    filters.person === undefined || filters.person === '' ? undefined : Number(filters.person);
  if (person !== undefined && (!Number.isInteger(person) || person < 1))
    throw fieldErrors({ person: ['A valid integer is required.'] });
  const area = filters.area === undefined || filters.area === '' ? undefined : filters.area;
  if (area !== undefined && !AREAS.includes(area as ActivityArea))
    throw fieldErrors({ area: [`"${area}" is not a valid choice.`] });
  const from = bound(filters.from, 'from', false);
  const until = bound(filters.to, 'to', true);
  // A day `to` ends where the next begins: a `to` day before `from`'s leaves until <= from. An
  // instant `to` may equal `from` (an empty window, such as two runs queued in one second).
  const empty =
    filters.to !== undefined && INSTANT.test(filters.to) ? until! < from! : until! <= from!;
  if (from !== undefined && until !== undefined && empty)
    throw fieldErrors({ to: ['Ensure this day is not before "from".'] });
  const target = filters.target === undefined || filters.target === '' ? undefined : filters.target;
  const search = filters.search?.trim().toLowerCase() || undefined;
  const own = caller.role === 'user' ? caller.userId : undefined;
  return state.activity
    .filter((row) => row.tenantId === caller.tenantId)
    .filter((row) => own === undefined || row.actor?.id === own)
    .filter((row) => person === undefined || row.actor?.id === person)
    .filter((row) => area === undefined || row.area === area)
    .filter((row) => target === undefined || row.target.id === target)
    .filter((row) => from === undefined || Date.parse(row.at) >= from)
    .filter((row) => until === undefined || Date.parse(row.at) < until)
    .filter((row) => search === undefined || searchText(row).includes(search))
    .sort((a, b) => b.id - a.id);
}

/** What `search` looks in: the actor, the target and the action. */
function searchText(row: ActivityRow): string {
  return [row.actor?.name, row.actor?.email, row.target.kind, row.target.label, row.action]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

/** The areas whose events are changes a sync run sees (not sign-ins, syncs, launches, passwords). */
const CHANGE_AREAS: ReadonlySet<ActivityArea> = new Set([
  'mapping',
  'sync_filter',
  'override',
  'rule',
  'user',
  'company',
  'environment',
]);

/** How many events a run shows of the changes before it. */
const RUN_CHANGES_SHOWN = 5;

/**
 * The changes the caller may read made after the run before (ever, for the first) and before
 * `run` was queued: their count and the newest few. A run's activity mark bounds it exactly (a
 * second holds many events); a run stored without one is bounded by the times it was queued.
 */
export function changesBefore(
  state: State,
  caller: { tenantId: number; userId: number; role: Schemas['Role'] },
  run: Pick<SyncRunRow, 'queued_at' | 'activity_mark'>,
  previous: Pick<SyncRunRow, 'queued_at' | 'activity_mark'> | undefined,
): Schemas['SyncRunChanges'] {
  // Each end by its mark when the run has one, else by the time it was queued.
  const upTo = run.activity_mark;
  const after = previous?.activity_mark;
  const rows = readableEvents(state, caller, {
    from: after === undefined ? previous?.queued_at : undefined,
    to: upTo === undefined ? run.queued_at : undefined,
  })
    .filter(
      (row) => (upTo === undefined || row.id <= upTo) && (after === undefined || row.id > after),
    )
    .filter((row) => CHANGE_AREAS.has(row.area));
  return {
    count: rows.length,
    from: previous?.queued_at ?? null,
    events: rows.slice(0, RUN_CHANGES_SHOWN).map(eventView),
  };
}
