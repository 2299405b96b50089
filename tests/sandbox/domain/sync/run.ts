/**
 * One sync of a tenant, as plain functions over the state. Salesforce to ACE: each record of the
 * simulated org that passes the filters is transformed, checked as ACE would, and either lands in
 * what ACE holds or becomes a sync error. ACE to Salesforce: each record ACE holds must still exist
 * in Salesforce (else Record Not Found). When the sync ends, the tenant's open errors of the
 * directions that ran (of the retried records only, for a retry) are replaced by this sync's
 * errors (so an override that fixed its error makes it disappear), the errors are appended to the
 * log, the saved values move with their records (used, or pending on the record's new error:
 * errors.ts `overridesAfterSync`), Last Synced and the last sync date move; opportunities that
 * reach Launched in ACE reach the inbox as they are sent. Total Synced is what ACE holds
 * (stats.ts), so a run adds exactly the records it created.
 *
 * Every record the sync goes over has exactly one outcome (created, updated, unchanged, skipped by
 * the filters, or failed), so the run's counts add up to its total, and the dashboard's progress,
 * toast and Last Synced count the same records. A record read from Salesforce in the first
 * direction is not checked again in the second: reading it proved that it still exists there.
 *
 * A sync goes in batches (`planSync`, then `syncBatch` until it says done, then `finishSync`), so
 * the runner can pace it and show its progress, each batch in its own store transaction.
 * `runSync` does all three at once.
 */
import type { Schemas } from '../../contract';
import {
  type AceRecord,
  type Entity,
  type SalesforceRecord,
  type State,
  type SyncErrorRow,
  type TenantRow,
  nextId,
} from '../../store/state';
import { anyoneWants } from '../alerts';
import { openCauseIds } from './causes';
import { checkRecord, type SyncProblem } from './checks';
import { overrideKey, overridesAfterSync } from './errors';
import { recordPasses } from './filters';
import { recordName } from './record-name';
import { createTransformer, transformRecord, type AceDraft } from './transform';
import type { SyncDirection } from './types';

/** One direction of a sync: the contract's SyncDirection (the Source column of an error). */
type SyncSide = Schemas['SyncDirection'];

/** What the sync does with one Salesforce record: the same path a preview of the record takes. */
export interface RecordOutcome {
  record: SalesforceRecord;
  ace: AceDraft;
  /** False when the tenant's filters leave the record out of the sync. */
  passesFilters: boolean;
  problems: SyncProblem[];
}

export interface SyncSummary {
  /** Records synced: created or updated (what Last Synced counts). */
  synced: { lead: number; opportunity: number };
  /** Records sent to ACE that it already held with the same values. */
  unchanged: { lead: number; opportunity: number };
  errors: number;
  skippedByFilters: number;
  launched: string[];
}

/** The tenant's filter conditions for one record type. */
export function filtersOf(state: State, tenantId: number, entity: Entity): State['filters'] {
  return state.filters.filter((row) => row.tenant === tenantId && row.entity_type === entity);
}

/** The transform, filters and checks for one record, without changing anything. */
export function evaluateRecord(
  state: State,
  tenantId: number,
  record: SalesforceRecord,
): RecordOutcome {
  const ace = transformRecord(state, tenantId, record);
  const filters = filtersOf(state, tenantId, record.entity);
  const held = (state.ace[String(tenantId)] ?? []).find((row) => row.salesforceId === record.Id);
  return {
    record,
    ace,
    passesFilters: recordPasses(ace.values, filters),
    problems: checkRecord(ace, held),
  };
}

/** The record's page in the tenant's Salesforce org. */
export function salesforceUrl(
  tenant: Pick<TenantRow, 'subdomain_prefix'>,
  record: Pick<SalesforceRecord, 'entity' | 'Id'>,
): string {
  return `https://${tenant.subdomain_prefix}.my.salesforce.com/lightning/r/${record.entity}/${record.Id}/view`;
}

/** ISO date-time without milliseconds, as the contract's examples write them. */
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const sides = (direction: SyncDirection): SyncSide[] =>
  direction === 'both' ? ['salesforce_to_aws', 'aws_to_salesforce'] : [direction];

/** The same values, key for key (what ACE holds against what the sync would send). */
function sameValues(a: AceRecord['values'], b: AceRecord['values']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function heldValues(ace: AceDraft): AceRecord['values'] {
  const values: AceRecord['values'] = {};
  for (const field of ace.fields)
    if (field.value !== null) values[field.attribute.name] = field.value;
  return values;
}

/** A sync under way: what it goes over, where it is, and what it found so far (in memory). */
export interface SyncJob {
  tenantId: number;
  direction: SyncDirection;
  /** The run it belongs to (its errors name it), or null outside a run. */
  runId: number | null;
  /** The records of a retry, or null for the whole org. */
  scope: ReadonlySet<string> | null;
  at: string;
  /** Salesforce records to send to ACE, in order. */
  toAce: readonly SalesforceRecord[];
  /**
   * Salesforce ids of what ACE held at the start, to check against Salesforce: those toAce does not
   * read (a record read from Salesforce exists there), so each record is one item of the sync.
   */
  toSalesforce: readonly string[];
  /** Records processed: the first `toAce.length` are toAce's, the rest toSalesforce's. */
  cursor: number;
  counts: Schemas['SyncRunCounts'];
  summary: SyncSummary;
  errors: SyncErrorRow[];
  evaluate: (state: State, record: SalesforceRecord) => RecordOutcome;
  orgIds: ReadonlySet<string>;
  /** Salesforce id -> index in what ACE holds for the tenant (rows are only ever appended). */
  heldIndex: Map<string, number>;
  /**
   * The tenant's open causes of errors when the sync was planned, for the new-cause alert; null
   * when no user of the tenant wanted that alert then (the causes are not worked out for nobody).
   */
  causesBefore: ReadonlySet<string> | null;
  /**
   * The values saved for the next sync when it was planned (`overrideKey` -> value): the ones its
   * transform applies to every record it sends.
   */
  applied: ReadonlyMap<string, string>;
  /** The records with a saved value that the sync sent to ACE (created, updated or unchanged). */
  sentWithValues: Set<string>;
}

const emptyCounts = (): Schemas['SyncRunEntityCounts'] => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
});

/** A fresh, all-zero SyncRunCounts. */
export const zeroCounts = (): Schemas['SyncRunCounts'] => ({
  lead: emptyCounts(),
  opportunity: emptyCounts(),
});

/** The records a sync goes over, and the indexes it needs (built once: records are read per item). */
export function planSync(
  state: State,
  tenantId: number,
  direction: SyncDirection,
  now: Date,
  options: { runId?: number | null; records?: readonly string[] | null } = {},
): SyncJob {
  const tenant = state.tenants.find((row) => row.id === tenantId);
  if (!tenant) throw new Error(`planSync: no tenant ${tenantId}`);
  const key = String(tenantId);
  const org = state.salesforce[key] ?? [];
  const held = state.ace[key] ?? [];
  const scope = options.records ? new Set(options.records) : null;
  const inScope = (id: string) => scope === null || scope.has(id);
  const transform = createTransformer(state, tenantId);
  const filters = {
    Lead: filtersOf(state, tenantId, 'Lead'),
    Opportunity: filtersOf(state, tenantId, 'Opportunity'),
  };
  const heldIndex = new Map<string, number>();
  held.forEach((row, index) => heldIndex.set(row.salesforceId, index));
  const ran = sides(direction);
  const toAce = ran.includes('salesforce_to_aws') ? org.filter((record) => inScope(record.Id)) : [];
  const applied = new Map<string, string>();
  for (const row of state.overrides)
    if (row.tenantId === tenantId) applied.set(overrideKey(row), row.dummy_value);
  const readFromSalesforce = new Set(toAce.map((record) => record.Id));
  return {
    tenantId,
    direction,
    runId: options.runId ?? null,
    scope,
    at: stamp(now),
    toAce,
    toSalesforce: ran.includes('aws_to_salesforce')
      ? held
          .filter(
            (row) =>
              !row.deleted &&
              inScope(row.salesforceId) &&
              !readFromSalesforce.has(row.salesforceId),
          )
          .map((row) => row.salesforceId)
      : [],
    cursor: 0,
    counts: zeroCounts(),
    summary: {
      synced: { lead: 0, opportunity: 0 },
      unchanged: { lead: 0, opportunity: 0 },
      errors: 0,
      skippedByFilters: 0,
      launched: [],
    },
    errors: [],
    evaluate: (current, record) => {
      const ace = transform(record);
      const index = heldIndex.get(record.Id);
      const heldRow = index === undefined ? undefined : current.ace[key]?.[index];
      return {
        record,
        ace,
        passesFilters: recordPasses(ace.values, filters[record.entity]),
        problems: checkRecord(ace, heldRow),
      };
    },
    orgIds: new Set(org.map((record) => record.Id)),
    heldIndex,
    causesBefore: anyoneWants(state, tenantId, 'new_cause') ? openCauseIds(state, tenantId) : null,
    applied,
    sentWithValues: new Set(),
  };
}

/** Records of the sync in all, each once: records sent to ACE plus the others ACE holds. */
export const jobTotal = (job: SyncJob) => job.toAce.length + job.toSalesforce.length;

/** The phase of the next item (`done` when none is left). */
export function jobPhase(job: SyncJob): Schemas['SyncRunPhase'] {
  if (job.cursor < job.toAce.length)
    return job.cursor === 0 ? 'reading_salesforce' : 'sending_to_ace';
  if (job.cursor < jobTotal(job))
    return job.cursor === job.toAce.length ? 'reading_ace' : 'writing_salesforce';
  return 'done';
}

const entityKey = (entity: Entity) => (entity === 'Lead' ? 'lead' : 'opportunity');

/** Processes up to `size` items of the sync on `state` (a store draft); true once every item is done. */
export function syncBatch(state: State, job: SyncJob, size: number): boolean {
  const tenant = state.tenants.find((row) => row.id === job.tenantId);
  if (!tenant) throw new Error(`syncBatch: the tenant ${job.tenantId} is gone`);
  const key = String(job.tenantId);
  state.ace[key] ??= [];
  const held = state.ace[key];
  const { at, counts, summary } = job;
  const end = Math.min(jobTotal(job), job.cursor + size);

  const fail = (
    record: Pick<SalesforceRecord, 'Id' | 'entity'>,
    name: string,
    side: SyncSide,
    problem: SyncProblem,
    url: string | null,
  ) =>
    job.errors.push({
      id: 0,
      tenantId: job.tenantId,
      entity: record.entity,
      attributeId: problem.attributeId,
      error_type: problem.error_type,
      error_type_description: problem.error_type_description,
      error_description: problem.error_description,
      salesforce_id: record.Id,
      entity_url: url,
      sync_direction: side,
      created_at: at,
      name,
      runId: job.runId,
    });
  /** A record that ends in sync: created, updated or unchanged (each record is one item). */
  const synced = (entity: Entity, outcome: 'created' | 'updated' | 'unchanged') => {
    if (outcome === 'unchanged') summary.unchanged[entityKey(entity)] += 1;
    else summary.synced[entityKey(entity)] += 1;
    counts[entityKey(entity)][outcome] += 1;
  };
  const recordsWithValues = new Set([...job.applied.keys()].map((key) => key.split('|')[0]));

  for (; job.cursor < end && job.cursor < job.toAce.length; job.cursor++) {
    const record = job.toAce[job.cursor] as SalesforceRecord;
    const outcome = job.evaluate(state, record);
    if (!outcome.passesFilters) {
      summary.skippedByFilters += 1;
      counts[entityKey(record.entity)].skipped += 1;
      continue;
    }
    const name = recordName(record);
    if (outcome.problems.length > 0) {
      counts[entityKey(record.entity)].failed += 1;
      for (const problem of outcome.problems)
        fail(record, name, 'salesforce_to_aws', problem, salesforceUrl(tenant, record));
      continue;
    }
    const stage = outcome.ace.fields.find((field) => field.attribute.name === 'stage')?.value;
    const aceStage = record.entity === 'Opportunity' && typeof stage === 'string' ? stage : null;
    const index = job.heldIndex.get(record.Id);
    const existing = index === undefined ? undefined : held[index];
    if (aceStage === 'Launched' && existing?.aceStage !== 'Launched') {
      state.launches.push({
        tenantId: job.tenantId,
        name,
        salesforceId: record.Id,
        read: false,
        at,
      });
      summary.launched.push(name);
    }
    const values = { name, ...heldValues(outcome.ace) };
    // Sent with the values saved for it (the transform applied them): they are used.
    if (recordsWithValues.has(record.Id)) job.sentWithValues.add(record.Id);
    if (existing) {
      const stageAfter = aceStage ?? existing.aceStage;
      const same = stageAfter === existing.aceStage && sameValues(existing.values, values);
      synced(record.entity, same ? 'unchanged' : 'updated');
      Object.assign(existing, { values, aceStage: stageAfter, syncedAt: at });
    } else {
      const row: AceRecord = {
        salesforceId: record.Id,
        entity: record.entity,
        values,
        aceStage,
        deleted: false,
        syncedAt: at,
      };
      synced(record.entity, 'created');
      job.heldIndex.set(record.Id, held.length);
      held.push(row);
    }
  }

  for (; job.cursor < end; job.cursor++) {
    const id = job.toSalesforce[job.cursor - job.toAce.length] as string;
    const index = job.heldIndex.get(id);
    const row = index === undefined ? undefined : held[index];
    if (!row || row.deleted) throw new Error(`syncBatch: ACE no longer holds ${id}`);
    const record = { Id: row.salesforceId, entity: row.entity };
    const name = String(row.values.name ?? row.salesforceId);
    if (!job.orgIds.has(row.salesforceId)) {
      counts[entityKey(row.entity)].failed += 1;
      fail(
        record,
        name,
        'aws_to_salesforce',
        {
          attributeId: null,
          error_type: 'Record Not Found Error',
          error_type_description: `NOT_FOUND: entity is deleted (${row.entity} ${row.salesforceId})`,
          error_description: `The Salesforce record linked to ACE ${row.entity.toLowerCase()} '${name}' no longer exists.`,
        },
        null,
      );
      continue;
    }
    // It still exists in Salesforce, and this direction writes nothing the simulation models.
    synced(row.entity, 'unchanged');
    row.syncedAt = at;
  }
  return job.cursor >= jobTotal(job);
}

/**
 * Ends the sync at `finishedAt` (the sync's own time when not given): its errors replace the open
 * ones they supersede, the saved values follow their records, and the stats move.
 */
export function finishSync(state: State, job: SyncJob, finishedAt?: Date): SyncSummary {
  replaceOpenErrors(state, job);
  overridesAfterSync(state, job.tenantId, {
    at: job.at,
    applied: job.applied,
    sent: job.sentWithValues,
    failed: new Set(job.errors.map((error) => error.salesforce_id)),
  });
  job.summary.errors = job.errors.length;
  const at = finishedAt ? stamp(finishedAt) : job.at;
  updateStats(state, job.tenantId, job.summary, at, job.scope === null);
  return job.summary;
}

/** A whole sync at once (the seed, tests, and a sandbox app without a runner). */
export function runSync(
  state: State,
  tenantId: number,
  direction: SyncDirection,
  now: Date,
): SyncSummary {
  const job = planSync(state, tenantId, direction, now);
  syncBatch(state, job, Infinity);
  return finishSync(state, job);
}

/**
 * This sync's errors replace the tenant's open errors of the directions that ran (of its records
 * only, for a retry); all go to the log.
 */
function replaceOpenErrors(state: State, job: SyncJob): void {
  const { errors, tenantId, scope } = job;
  const ran = sides(job.direction);
  for (const error of errors) error.id = nextId(state, 'syncErrors');
  state.syncErrors = [
    ...state.syncErrors.filter(
      (row) =>
        row.tenantId !== tenantId ||
        !ran.includes(row.sync_direction) ||
        (scope !== null && !scope.has(row.salesforce_id)),
    ),
    ...errors,
  ];
  // Newest first, as the log lists them.
  state.syncLogs.unshift(
    ...errors.map(({ id: _id, entity: _entity, attributeId: _attribute, ...log }) => ({ ...log })),
  );
}

/**
 * Last Synced (created plus updated, the unchanged apart, and the date) is the last full sync's:
 * a retry of a few records would hide it behind its own handful. Total Synced is not kept here:
 * it is what ACE holds (stats.ts), which the sync's created records have already added to.
 */
function updateStats(
  state: State,
  tenantId: number,
  summary: SyncSummary,
  at: string,
  full: boolean,
): void {
  if (!full) return;
  let stats = state.stats.find((row) => row.tenantId === tenantId);
  if (!stats) {
    stats = {
      tenantId,
      last_synced: { lead: 0, opportunity: 0 },
      last_unchanged: { lead: 0, opportunity: 0 },
      last_synced_date: null,
    };
    state.stats.push(stats);
  }
  stats.last_synced = { ...summary.synced };
  stats.last_unchanged = { ...summary.unchanged };
  stats.last_synced_date = at;
}
