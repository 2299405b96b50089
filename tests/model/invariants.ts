/**
 * The model of the model-based suite, and the invariants checked after every step, through the
 * API, as a client sees the state.
 *
 * The model is a few plain numbers and sets, not a second sandbox: the figures as the last check
 * read them (to check how they moved), the runs seen ended (they must never change), the values
 * the client saved (they must stay), the chain head noted, the users invited, and a mirror of what
 * the commands pick from (refreshed at each check).
 */
import {
  api,
  ENTITIES,
  TERMINAL,
  type Cause,
  type Override,
  type Run,
  type SyncError,
} from './api';
import { rule } from './rules';
import type { World } from './world';

type Counts = { lead: number; opportunity: number };

/** listSyncRuns: the backend keeps at least 30 days of runs. */
const RUNS_KEPT_DAYS = 30;

export interface Model {
  /** TOTAL SYNCED as the last check read it, and the newest run it accounted for. */
  total: Counts;
  lastRunId: number;
  /** Runs seen ended: their view as first seen (JSON). */
  finished: Map<number, string>;
  /** Runs whose failed count was checked against their errors (their log never changes). */
  errorsChecked: Set<number>;
  /**
   * The values saved, `<salesforce id>|<ACE attribute id>` -> value, as the acknowledged saves and
   * reverts left them; null after a step whose effect on them the contract leaves open (the next
   * check takes the server's).
   */
  overrides: Map<string, string> | null;
  /** The values pending at the last check (the keys of `overrides`). */
  pending: Set<string>;
  /** Errors ever seen open: id -> Salesforce id (a client may still hold them). */
  seenErrors: Map<number, string>;
  /** The chain head noted at the last check. */
  head: { hash: string; count: number };
  /** Addresses invited (acknowledged). */
  invited: string[];
  invitations: number;
  /** The activity events of the saves this sequence made (what "clear" reverts). */
  saves: number[];
  /** For each override event this sequence made (saves, reverts): the values just before it. */
  overrideStates: Map<number, Map<string, string>>;
  /** Mirror of the server at the last check, for the commands' `check`. */
  openErrors: number;
}

export const overrideKey = (salesforceId: string, aceId: number) => `${salesforceId}|${aceId}`;

export function overrideMap(rows: readonly Override[]): Map<string, string> {
  return new Map(
    rows.map((row) => [overrideKey(row.salesforce_id, row.aws_ace_attribute), row.dummy_value]),
  );
}

const show = (value: unknown) => JSON.stringify(value);

function mapsEqual(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}

export function mapDiff(expected: Map<string, string>, actual: Map<string, string>): string {
  const lines: string[] = [];
  for (const [key, value] of expected)
    if (actual.get(key) !== value)
      lines.push(`  ${key}: expected ${show(value)}, got ${show(actual.get(key))}`);
  for (const [key, value] of actual)
    if (!expected.has(key)) lines.push(`  ${key}: not expected, got ${show(value)}`);
  return lines.join('\n');
}

/** Σ over both entities of one part of a run's counts. */
export function part(run: Run, name: keyof Run['counts']['lead']): number {
  return ENTITIES.reduce((sum, entity) => sum + run.counts[entity][name], 0);
}

const synced = (run: Run) => part(run, 'created') + part(run, 'updated') + part(run, 'unchanged');

/** The state the contract gives a run that ended with these counts (SyncRunState). */
export function expectedState(run: Run): string {
  if (run.state === 'interrupted') return 'interrupted';
  // A run that did not process its total stopped on a fault: failed, with its reason.
  if (run.processed < run.total) return 'failed';
  const failed = part(run, 'failed');
  if (failed === 0) return 'succeeded';
  return synced(run) > 0 ? 'completed_with_failures' : 'failed';
}

/** The error's ACE attribute (from the causes), null when the problem is the record's. */
export function attributeOfErrors(causes: readonly Cause[]): Map<number, number | null> {
  const map = new Map<number, number | null>();
  for (const cause of causes)
    for (const id of cause.error_ids) map.set(id, cause.ace_attribute?.id ?? null);
  return map;
}

const newer = (a: SyncError, b: SyncError) =>
  a.created_at.localeCompare(b.created_at) || a.id - b.id;

/**
 * The open errors a pending value of (record, ACE field) may name: the newest ones about that
 * field, else the record's newest (the contract names "the newest"; errors of one sync share
 * their time, so any of the newest of them).
 */
function errorsFor(
  open: readonly SyncError[],
  attributes: Map<number, number | null>,
  salesforceId: string,
  aceId: number,
): SyncError[] {
  const record = open.filter((error) => error.salesforce_id === salesforceId);
  const about = record.filter((error) => attributes.get(error.id) === aceId);
  const pool = about.length > 0 ? about : record;
  const newest = pool.reduce<string | null>(
    (max, error) => (max === null || error.created_at > max ? error.created_at : max),
    null,
  );
  return pool.filter((error) => error.created_at === newest).sort(newer);
}

/** The first check, from the seed: the figures and the head to follow. */
export async function initialModel(world: World): Promise<Model> {
  const runs = await api.runs(world.dana);
  const stats = await api.stats(world.dana);
  const chain = await api.verify(world.dana);
  const saved = await api.overrides(world.dana);
  const seedRunId = Math.max(0, ...runs.map((run) => run.id));
  const model: Model = {
    total: { ...stats.total_synced },
    lastRunId: seedRunId,
    finished: new Map(),
    errorsChecked: new Set(),
    overrides: overrideMap(saved),
    pending: new Set(),
    seenErrors: new Map(),
    head: chain.head,
    invited: [],
    invitations: 0,
    saves: [],
    overrideStates: new Map(),
    openErrors: 0,
  };
  await checkInvariants(world, model);
  return model;
}

/** Every rule that reads the whole state, after every step. */
export async function checkInvariants(world: World, model: Model): Promise<void> {
  const client = world.dana;
  const runs = await api.runs(client);
  await checkRuns(world, model, runs);
  await checkFigures(world, model, runs);
  await checkErrorsAndOverrides(world, model);
  await checkActivity(world, model);
  await checkUsersAndSessions(world, model);
}

async function checkRuns(world: World, model: Model, runs: Run[]): Promise<void> {
  const listed = new Set(runs.map((run) => run.id));
  // The backend keeps at least 30 days of runs (listSyncRuns): an older one may go.
  const kept = world.clock.now().getTime() - RUNS_KEPT_DAYS * 86_400_000;
  for (const [id, view] of model.finished) {
    if (listed.has(id)) continue;
    const { started_at: started, finished_at: finished } = JSON.parse(view) as Run;
    const at = Date.parse(started ?? finished ?? '');
    rule(
      at < kept,
      'finished-run-unchanged',
      () => `run ${id} (started ${started}) is no longer listed`,
    );
    model.finished.delete(id);
  }
  for (const run of runs) {
    rule(TERMINAL.has(run.state), 'run-ends', () => `run ${run.id} is still ${run.state}`);
    if (!TERMINAL.has(run.state)) continue;
    const parts = ENTITIES.map((entity) =>
      Object.values(run.counts[entity]).reduce((sum, n) => sum + n, 0),
    ).reduce((a, b) => a + b, 0);
    rule(
      parts === run.processed && run.processed <= run.total,
      'run-parts-add-up',
      () =>
        `run ${run.id}: parts ${parts}, processed ${run.processed}, total ${run.total}: ${show(run.counts)}`,
    );
    if (run.state === 'succeeded' || run.state === 'completed_with_failures')
      rule(
        run.processed === run.total,
        'run-parts-add-up',
        () => `run ${run.id} ${run.state} with ${run.processed} of ${run.total} processed`,
      );
    rule(
      run.state === expectedState(run),
      'run-state-agrees-with-counts',
      () =>
        `run ${run.id} (${run.trigger}, ${run.direction}) is ${run.state}, its counts say ${expectedState(run)}: processed ${run.processed} of ${run.total}, failed ${part(run, 'failed')}, synced ${synced(run)} ${show(run.counts)}`,
    );
    if (run.state === 'failed')
      rule(
        Boolean(run.failure_reason),
        'run-state-agrees-with-counts',
        () => `run ${run.id} failed without a failure_reason`,
      );
    const seen = model.finished.get(run.id);
    if (seen === undefined) model.finished.set(run.id, show(run));
    else {
      const { changes_before: was, ...before } = JSON.parse(seen) as Run;
      const { changes_before: now, ...after } = run;
      rule(
        show(before) === show(after),
        'finished-run-unchanged',
        () => `run ${run.id} changed after it ended:\n  was ${show(before)}\n  now ${show(after)}`,
      );
      rule(
        show(was) === show(now),
        'changes-before-kept',
        () =>
          `run ${run.id}'s changes_before changed after it ended:\n  was ${show(was)}\n  now ${show(now)}`,
      );
      model.finished.set(run.id, show(run));
    }
    if (!model.errorsChecked.has(run.id)) {
      model.errorsChecked.add(run.id);
      const logs = await api.logs(world.dana, run.id);
      const records = new Set(logs.map((log) => log.salesforce_id));
      rule(
        records.size === part(run, 'failed'),
        'run-failed-equals-errors',
        () =>
          `run ${run.id} (${run.trigger}) counts ${part(run, 'failed')} failed records, its errors (${logs.length}) name ${records.size} records`,
      );
    }
  }
}

async function checkFigures(world: World, model: Model, runs: Run[]): Promise<void> {
  const stats = await api.stats(world.dana);
  const ended = runs.filter((run) => run.id > model.lastRunId && TERMINAL.has(run.state));
  for (const entity of ENTITIES) {
    const created = ended.reduce((sum, run) => sum + run.counts[entity].created, 0);
    rule(
      stats.total_synced[entity] - model.total[entity] === created,
      'total-synced-moves-by-created',
      () =>
        `${entity}: TOTAL SYNCED went from ${model.total[entity]} to ${stats.total_synced[entity]}, the runs ended since (${ended.map((run) => `${run.id} ${run.trigger} ${run.direction}`).join(', ') || 'none'}) created ${created}`,
    );
  }
  model.total = { ...stats.total_synced };
  if (ended.length > 0) model.lastRunId = Math.max(...ended.map((run) => run.id));

  // The newest sync that went through and is not a retry (a run interrupted or stopped replaces
  // no figure), the seed's included, when it is a full sync: both ways (after a one-direction run
  // nothing is checked, the contract's "full" being unclear about it).
  const newest = runs
    .filter(
      (run) =>
        run.trigger !== 'retry' &&
        TERMINAL.has(run.state) &&
        run.state !== 'interrupted' &&
        run.processed === run.total,
    )
    .sort((a, b) => b.id - a.id)[0];
  if (newest?.direction === 'both') {
    for (const entity of ENTITIES) {
      const counts = newest.counts[entity];
      rule(
        stats.last_synced[entity] === counts.created + counts.updated &&
          (stats.last_unchanged === undefined || stats.last_unchanged[entity] === counts.unchanged),
        'last-synced-is-last-full-sync',
        () =>
          `${entity}: last_synced ${stats.last_synced[entity]}, last_unchanged ${stats.last_unchanged?.[entity]}; the last full sync (run ${newest.id}) ${show(counts)}`,
      );
    }
    rule(
      stats.last_synced_date === newest.finished_at,
      'last-synced-is-last-full-sync',
      () =>
        `last_synced_date ${stats.last_synced_date}, the last full sync ended ${newest.finished_at}`,
    );
  }
}

async function checkErrorsAndOverrides(world: World, model: Model): Promise<void> {
  const client = world.dana;
  const open = await api.openErrors(client);
  const causes = await api.causes(client);
  const saved = await api.overrides(client);
  model.openErrors = open.length;
  for (const error of open) model.seenErrors.set(error.id, error.salesforce_id);

  const openIds = new Set(open.map((error) => error.id));
  const grouped = causes.flatMap((cause) => cause.error_ids);
  rule(
    grouped.length === open.length &&
      new Set(grouped).size === grouped.length &&
      grouped.every((id) => openIds.has(id)) &&
      causes.every((cause) => cause.count === cause.error_ids.length),
    'causes-cover-open-errors',
    () => `open errors ${show([...openIds].sort())}, the causes group ${show(grouped.sort())}`,
  );

  const attributes = attributeOfErrors(causes);
  const failing = new Set(open.map((error) => error.salesforce_id));
  const keys = new Set<string>();
  for (const row of saved) {
    const key = overrideKey(row.salesforce_id, row.aws_ace_attribute);
    rule(
      !keys.has(key),
      'override-status-consistent',
      () => `two values for ${key}: ${show(saved)}`,
    );
    keys.add(key);
    if (row.status === 'pending') {
      const allowed = errorsFor(open, attributes, row.salesforce_id, row.aws_ace_attribute);
      rule(
        allowed.some((error) => error.id === row.sync_error_id),
        'pending-override-points-to-open-error',
        () =>
          `${show(row)}: its record's open errors ${show(open.filter((error) => error.salesforce_id === row.salesforce_id).map((error) => [error.id, attributes.get(error.id), error.created_at]))}, it should name one of ${show(allowed.map((error) => error.id))}`,
      );
      rule(
        row.used_at === null,
        'override-status-consistent',
        () => `pending with used_at: ${show(row)}`,
      );
    } else {
      rule(
        row.status === 'used' && row.used_at !== null && !openIds.has(row.sync_error_id),
        'override-status-consistent',
        () => `${show(row)} is not pending, so it must be used, with used_at, naming no open error`,
      );
    }
    rule(
      !failing.has(row.salesforce_id) || row.status === 'pending',
      'override-status-consistent',
      () => `${show(row)}: its record has open errors, so the value is pending`,
    );
  }
  const actual = overrideMap(saved);
  if (model.overrides !== null) {
    // A value may go only when it can be neither pending nor used: it was pending, its record has
    // no open error left (all dismissed, or a sync held the record back by the filters and so
    // closed them), and no sync sent it. The contract names the dismissal; the filters' case is
    // the same for the value (it has no error left to wait on).
    const expected = new Map(
      [...model.overrides].filter(
        ([key]) =>
          actual.has(key) || !model.pending.has(key) || failing.has(key.slice(0, key.indexOf('|'))),
      ),
    );
    rule(mapsEqual(expected, actual), 'saved-values-kept', () => mapDiff(expected, actual));
  }
  model.overrides = actual;
  model.pending = new Set(
    saved
      .filter((row) => row.status === 'pending')
      .map((row) => overrideKey(row.salesforce_id, row.aws_ace_attribute)),
  );
}

async function checkActivity(world: World, model: Model): Promise<void> {
  const check = await api.verify(world.dana, model.head.hash);
  rule(
    check.ok && check.noted_found !== false && check.head.count >= model.head.count,
    'activity-chain-verifies',
    () => `verifyActivity with the head noted (${model.head.count} events): ${show(check)}`,
  );
  model.head = check.head;
}

async function checkUsersAndSessions(world: World, model: Model): Promise<void> {
  if (model.invited.length > 0) {
    const emails = new Set((await api.users(world.dana)).map((user) => user.email));
    const lost = model.invited.filter((email) => !emails.has(email));
    rule(lost.length === 0, 'write-sticks', () => `invited users not listed: ${lost.join(', ')}`);
  }
  for (const old of world.signedOut) {
    const { status } = await old.get('/api/v1/users/me/alerts/');
    rule(
      status === 401,
      'signed-out-stays-out',
      () => `a session signed out answers ${status} (restarts: ${world.restarts})`,
    );
  }
}

/** What a client can read of the whole state: a restart must change none of it. */
export async function observe(world: World): Promise<Record<string, unknown>> {
  const client = world.dana;
  const chain = await api.verify(client);
  return {
    runs: await api.runs(client),
    stats: await api.stats(client),
    openErrors: await api.openErrors(client),
    logs: await api.logs(client),
    causes: await api.causes(client),
    overrides: await api.overrides(client),
    mappings: await api.mappings(client),
    filters: await api.filters(client),
    users: await api.users(client),
    activityHead: chain.head,
    activityOk: chain.ok,
  };
}
