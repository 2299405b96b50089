/**
 * What ACE already holds when the sandbox starts, and the history of earlier syncs: Acme's runs of
 * the 30 days up to its last sync, written to agree with what ACE holds and with the errors they
 * raised, and Globex's real runs (it runs the domain's own sync for Globex, so it sits above the
 * domain and the store).
 *
 * The history meets the figures' definitions, as a live run does:
 * - every company whose set-up is complete is synced at 12:00 and 24:00 UTC (scheduled runs), with
 *   a few manual runs and a retry between;
 * - Total Synced is what ACE holds, and the runs' `created` add up to it (plus the one record ACE
 *   deleted since);
 * - Last Synced is the last full run's created plus updated, its unchanged apart;
 * - a run's Failed is the records of the errors it raised: the log lists each (`?run=`), and the
 *   open errors name the run that raised them;
 * - each run's state is the one its counts give (sync/runs.ts `endedState`).
 */
import type { Schemas } from '../contract';
import { recordName } from '../domain/sync/record-name';
import { endedState, queueRun, runAtOnce } from '../domain/sync/runs';
import { SCHEDULED_HOURS_UTC } from '../domain/sync/schedule';
import {
  nextId,
  type AceRecord,
  type SalesforceRecord,
  type State,
  type SyncErrorRow,
  type SyncRunRow,
} from '../store/state';

/** Held by ACE, gone from Salesforce: an aws_to_salesforce sync reports Record Not Found. */
const ACME_DELETED_IN_SALESFORCE = {
  Id: '0065g00000XyZ78AAB',
  name: 'Wayne Enterprises - Backup Modernisation',
};
/** Held by ACE as Closed Lost while Salesforce moves it back: Order of Operations. */
const ACME_CLOSED_LOST_IN_ACE = '0065g00000XyZ56AAB';
/** Acme's leads that earlier syncs sent to ACE: the first ones of its org. */
const ACME_LEADS_HELD = 60;
/** Acme's opportunities that earlier syncs sent to ACE: the first ones of its org. */
const ACME_OPPORTUNITIES_HELD = 50;
/** When Acme's last sync started: the seed's "now" is the day after (seed/live-dates.ts). */
const ACME_LAST_SYNC = Date.UTC(2026, 2, 2, 12, 0, 0);
/** Globex's first sync (manual, the day its set-up was done); the schedule took over after it. */
const GLOBEX_FIRST_SYNC = Date.UTC(2026, 1, 27, 9, 0, 0);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function aceRecord(record: SalesforceRecord, stage: string | null, syncedAt: string): AceRecord {
  return {
    salesforceId: record.Id,
    entity: record.entity,
    values: { name: recordName(record) },
    aceStage: stage,
    deleted: false,
    syncedAt,
  };
}

/**
 * What ACE holds of Acme after its earlier syncs: its first leads and opportunities (the Closed
 * Won ones since Launched), one opportunity that ACE deleted on its side, Stark Industries Closed
 * Lost, and Wayne Enterprises, gone from Salesforce.
 */
function acmeHeld(org: readonly SalesforceRecord[], at: string): AceRecord[] {
  const leads = org.filter((record) => record.entity === 'Lead');
  const opportunities = org.filter((record) => record.entity === 'Opportunity');
  const held: AceRecord[] = leads.slice(0, ACME_LEADS_HELD).map((row) => aceRecord(row, null, at));
  for (const record of opportunities.slice(0, ACME_OPPORTUNITIES_HELD))
    held.push(aceRecord(record, record.fields.StageName === 'Closed Won' ? 'Launched' : null, at));
  // One that ACE deleted on its side (and that the seeded filters let through): Record Not Found.
  const deletedInAce = opportunities
    .slice(60)
    .find(
      (record) =>
        String(record.fields.CloseDate) > '2026-01-01' && record.fields.StageName !== 'Closed Won',
    );
  if (deletedInAce) held.push({ ...aceRecord(deletedInAce, null, at), deleted: true });
  const stark = org.find((record) => record.Id === ACME_CLOSED_LOST_IN_ACE);
  if (stark) held.push(aceRecord(stark, 'Closed Lost', at));
  held.push({
    salesforceId: ACME_DELETED_IN_SALESFORCE.Id,
    entity: 'Opportunity',
    values: { name: ACME_DELETED_IN_SALESFORCE.name },
    aceStage: 'Launched',
    deleted: false,
    syncedAt: at,
  });
  return held;
}

/**
 * What ACE already holds before the first sync of the sandbox, and the runs that put it there:
 * Acme's history (its errors, logs and launches are the contract's examples), and for Globex one
 * real manual sync followed by the scheduled ones up to the seed's last sync.
 */
export function seedSyncHistory(state: State): void {
  const acme = state.salesforce['1'];
  if (acme) {
    state.ace['1'] = acmeHeld(acme, iso(ACME_LAST_SYNC));
    seedAcmeRuns(state);
  }
  if (state.salesforce['2'] && state.tenants.some((tenant) => tenant.id === 2)) {
    const first = queueRun(
      state,
      2,
      { trigger: 'manual', direction: 'both' },
      new Date(GLOBEX_FIRST_SYNC),
    );
    runAtOnce(state, first.id, new Date(GLOBEX_FIRST_SYNC), new Date(GLOBEX_FIRST_SYNC + 6_000));
    for (let at = nextSlot(GLOBEX_FIRST_SYNC); at <= ACME_LAST_SYNC; at = nextSlot(at)) {
      const run = queueRun(state, 2, { trigger: 'scheduled', direction: 'both' }, new Date(at));
      runAtOnce(state, run.id, new Date(at), new Date(at + 5_000));
    }
  }
}

/** The scheduled time after `at` (12:00 or 24:00 UTC). */
function nextSlot(at: number): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const times = [day, day + DAY_MS].flatMap((start) =>
    SCHEDULED_HOURS_UTC.map((hour) => start + hour * HOUR_MS),
  );
  return times.find((time) => time > at) as number;
}

/**
 * A small deterministic PRNG (the history is the same at every seed): a linear congruential
 * generator read from its high bits (its low bits repeat within a few draws).
 */
function counter(seed: number): (min: number, max: number) => number {
  let a = seed;
  return (min, max) => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return min + Math.floor((a / 2147483648) * (max - min + 1));
  };
}

type EntityKey = 'lead' | 'opportunity';
const ENTITIES: readonly EntityKey[] = ['lead', 'opportunity'];

/** One of Acme's past runs, before its counts are worked out. */
interface Plan {
  at: number;
  trigger: Schemas['SyncRunTrigger'];
  /** How it ended when it did not go over every record. */
  stop?: { state: 'failed' | 'interrupted'; share: number };
  /** The errors it raised that the contract's examples give (the rest are made alike). */
  logged: SyncErrorRow[];
  created: Record<EntityKey, number>;
  updated: Record<EntityKey, number>;
  failed: Record<EntityKey, number>;
}

const FAULT =
  'ACE refused the connection: the AWS role AceBridgeAccess could not be assumed (AccessDenied). Check the AWS connection in Settings.';

/**
 * Acme's runs of the 30 days up to its last sync (2026-03-02 12:00 UTC): a scheduled run at each
 * 12:00 and 24:00 UTC, a manual one every six days, a retry, one run that stopped on a fault and
 * one that a restart interrupted. Each full run goes over every record ACE held then (updated,
 * unchanged or failed) and the filters' usual handful; the first of them created most of what ACE
 * holds, and the runs' created add up to it. Each run raised exactly the errors of its failed
 * records: the contract's example errors and logs at their own times (the open ones name their
 * run), the others made alike, on the same records that keep failing.
 */
function seedAcmeRuns(state: State): void {
  const random = counter(28);
  const examples = state.syncErrors.filter((row) => row.tenantId === 1);
  // The contract's older log entries, of errors the later runs replaced: made errors, to place.
  const closed: SyncErrorRow[] = state.syncLogs
    .filter((log) => log.tenantId === 1)
    .filter(
      (log) =>
        !examples.some(
          (error) =>
            error.salesforce_id === log.salesforce_id && error.created_at === log.created_at,
        ),
    )
    .map((log) => {
      const like = examples.find((error) => error.salesforce_id === log.salesforce_id);
      return {
        ...log,
        id: 0,
        entity: like?.entity ?? 'Opportunity',
        attributeId: like?.attributeId ?? null,
      } as SyncErrorRow;
    });
  const byRunTime = new Map<number, SyncErrorRow[]>();
  for (const error of [...examples, ...closed]) {
    const at = Date.parse(error.created_at);
    const slot = at - (at % (12 * HOUR_MS));
    byRunTime.set(slot, [...(byRunTime.get(slot) ?? []), error]);
  }
  const entityOf = (row: { entity: string }): EntityKey =>
    row.entity === 'Lead' ? 'lead' : 'opportunity';

  const plans: Plan[] = [];
  const firstSlot = ACME_LAST_SYNC - 29 * DAY_MS;
  for (let at = firstSlot; at <= ACME_LAST_SYNC; at += 12 * HOUR_MS) {
    const day = Math.floor((at - firstSlot) / DAY_MS);
    const noon = new Date(at).getUTCHours() === 12;
    plans.push(
      plan(at, 'scheduled', day === 14 && noon ? { state: 'failed', share: 0.4 } : undefined),
    );
    if (noon && day % 6 === 3)
      plans.push(
        plan(
          at + 3 * HOUR_MS,
          'manual',
          day === 21 ? { state: 'interrupted', share: 0.55 } : undefined,
        ),
      );
    if (noon && day === 24) plans.push(plan(at - 2 * HOUR_MS, 'retry'));
  }
  plans.sort((a, b) => a.at - b.at);

  function plan(at: number, trigger: Plan['trigger'], stop?: Plan['stop']): Plan {
    const logged = byRunTime.get(at) ?? [];
    const failedOf = (entity: EntityKey) =>
      new Set(logged.filter((row) => entityOf(row) === entity).map((row) => row.salesforce_id))
        .size;
    const retry = trigger === 'retry';
    return {
      at,
      trigger,
      stop,
      logged,
      // A run that stopped created nothing that stayed (in this history).
      created: {
        lead: !stop && (retry || random(0, 4) === 0) ? 1 : 0,
        opportunity: !stop && (retry || random(0, 4) === 0) ? 1 : 0,
      },
      updated: {
        lead: retry ? 0 : random(2, 9),
        opportunity: retry ? 1 : random(6, 22),
      },
      failed: {
        lead: logged.length > 0 ? failedOf('lead') : retry ? 0 : random(0, 1),
        opportunity: logged.length > 0 ? failedOf('opportunity') : retry ? 1 : random(0, 3),
      },
    };
  }

  // The last run: the contract's example figures (12 leads and 37 opportunities synced).
  const last = plans.at(-1) as Plan;
  last.created = { lead: 2, opportunity: 6 };
  last.updated = { lead: 10, opportunity: 31 };
  // The first run created what the others did not of what ACE holds (a record ACE deleted since
  // was created too).
  const heldAtEnd = (entity: EntityKey) =>
    (state.ace['1'] ?? []).filter((row) => entityOf(row) === entity).length;
  const first = plans[0] as Plan;
  for (const entity of ENTITIES) {
    const others = plans.slice(1).reduce((sum, item) => sum + item.created[entity], 0);
    first.created[entity] = Math.max(0, heldAtEnd(entity) - others);
    first.updated[entity] = 0;
  }

  // The records that keep failing, by entity: the contract's errors (the retry's are one-way).
  const templates = (entity: EntityKey, direction: Schemas['SyncRunDirection']) =>
    examples.filter(
      (row) =>
        entityOf(row) === entity && (direction === 'both' || row.sync_direction === direction),
    );
  const held: Record<EntityKey, number> = { lead: 0, opportunity: 0 };
  let rotation = 0;
  let lastFull: SyncRunRow | undefined;
  for (const item of plans) {
    const direction: Schemas['SyncRunDirection'] =
      item.trigger === 'retry' ? 'salesforce_to_aws' : 'both';
    const whole: Schemas['SyncRunCounts'] = {
      lead: { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
      opportunity: { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
    };
    for (const entity of ENTITIES) {
      const full = item.trigger !== 'retry';
      const failed = Math.min(item.failed[entity], templates(entity, direction).length);
      const updated = Math.min(item.updated[entity], Math.max(0, held[entity] - failed));
      whole[entity] = {
        created: item.created[entity],
        updated,
        // A full run goes over every record ACE held: those it did not update or find failing
        // were the same.
        unchanged: full ? Math.max(0, held[entity] - updated - failed) : 0,
        skipped: full ? (entity === 'lead' ? 3 : 2) : 0,
        failed,
      };
    }
    const total = ENTITIES.reduce(
      (sum, entity) => sum + Object.values(whole[entity]).reduce((a, b) => a + b, 0),
      0,
    );
    // A run that stopped went over a share of its records: what it counted so far.
    const counts = item.stop ? partOf(whole, item.stop.share) : whole;
    for (const entity of ENTITIES) held[entity] += counts[entity].created;
    const processed = ENTITIES.reduce(
      (sum, entity) => sum + Object.values(counts[entity]).reduce((a, b) => a + b, 0),
      0,
    );
    const id = nextId(state, 'syncRuns');
    // Its errors: the examples at their own times, or made alike, a few seconds apart.
    const errors: SyncErrorRow[] = [];
    for (const entity of ENTITIES) {
      const own = item.logged.filter((row) => entityOf(row) === entity);
      if (own.length > 0) {
        errors.push(...own);
        continue;
      }
      const pool = templates(entity, direction);
      for (let index = 0; index < counts[entity].failed; index += 1) {
        const like = pool[(rotation + index) % pool.length] as SyncErrorRow;
        errors.push({
          ...like,
          id: 0,
          created_at: iso(item.at + (errors.length + 2) * 1_000 + random(0, 900)),
        });
      }
      rotation += 1;
    }
    // At the default pace (60 records a second), plus a moment to read; long enough to have
    // raised its errors.
    const raised = errors.reduce((latest, row) => Math.max(latest, Date.parse(row.created_at)), 0);
    const finished = Math.max(
      item.at + Math.max(2, Math.round(processed / 60) + 1) * 1_000,
      raised + 2_000,
    );
    const ended = item.stop
      ? {
          state: item.stop.state,
          failure_reason:
            item.stop.state === 'failed'
              ? FAULT
              : `The sync service restarted during the run; ${processed} of ${total} records were processed. Start a sync to process the rest.`,
        }
      : endedState(counts);
    const run: SyncRunRow = {
      id,
      tenantId: 1,
      trigger: item.trigger,
      direction,
      ...ended,
      phase: 'done',
      queued_at: iso(item.at),
      started_at: iso(item.at),
      finished_at: iso(finished),
      processed,
      total,
      counts,
      records: item.trigger === 'retry' ? retried(errors, counts, templates) : null,
    };
    state.syncRuns.push(run);
    for (const error of errors) error.runId = id;
    // The errors made alike are added to the log (the contract's are in it already).
    const logOnly = errors.filter((row) => !examples.includes(row) && !closed.includes(row));
    state.syncLogs.push(
      ...logOnly.map(({ id: _id, entity: _entity, attributeId: _attribute, ...log }) => log),
    );
    if (!item.stop && item.trigger !== 'retry') lastFull = run;
  }
  // The contract's log entries of the open errors name the run that raised them.
  for (const log of state.syncLogs) {
    if (log.tenantId !== 1 || log.runId !== null) continue;
    const error = [...examples, ...closed].find(
      (row) => row.salesforce_id === log.salesforce_id && row.created_at === log.created_at,
    );
    log.runId = error?.runId ?? null;
  }
  const stats = state.stats.find((row) => row.tenantId === 1);
  if (stats && lastFull) {
    const { counts } = lastFull;
    stats.last_synced = {
      lead: counts.lead.created + counts.lead.updated,
      opportunity: counts.opportunity.created + counts.opportunity.updated,
    };
    stats.last_unchanged = {
      lead: counts.lead.unchanged,
      opportunity: counts.opportunity.unchanged,
    };
    stats.last_synced_date = lastFull.finished_at;
  }
}

/**
 * The records a retry ran over: those of the errors it raised, and as many more of the records
 * that kept failing as it created or updated.
 */
function retried(
  errors: readonly SyncErrorRow[],
  counts: Schemas['SyncRunCounts'],
  templates: (entity: EntityKey, direction: 'salesforce_to_aws') => SyncErrorRow[],
): string[] {
  const records = new Set(errors.map((row) => row.salesforce_id));
  for (const entity of ENTITIES) {
    const more = templates(entity, 'salesforce_to_aws')
      .map((row) => row.salesforce_id)
      .filter((id) => !records.has(id))
      .slice(0, counts[entity].created + counts[entity].updated);
    for (const id of more) records.add(id);
  }
  return [...records];
}

/** The counts of a run that went over `share` of its records (whole records, each part rounded down). */
function partOf(whole: Schemas['SyncRunCounts'], share: number): Schemas['SyncRunCounts'] {
  const part = (counts: Schemas['SyncRunEntityCounts']) =>
    Object.fromEntries(
      Object.entries(counts).map(([name, count]) => [name, Math.floor(count * share)]),
    ) as Schemas['SyncRunEntityCounts'];
  return { lead: part(whole.lead), opportunity: part(whole.opportunity) };
}
