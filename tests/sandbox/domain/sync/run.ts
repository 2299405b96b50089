/**
 * One sync of a tenant, as a plain function over the state (the runner calls it inside one store
 * transaction). Salesforce to ACE: each record of the simulated org that passes the filters is
 * transformed, checked as ACE would, and either lands in what ACE holds or becomes a sync error.
 * ACE to Salesforce: each record ACE holds must still exist in Salesforce (else Record Not Found).
 * The tenant's open errors of the directions that ran are replaced by this sync's errors (so an
 * override that fixed its error makes it disappear), the errors are appended to the log, the
 * counts and the last sync date move, and opportunities that reach Launched in ACE reach the inbox.
 */
import type { Schemas } from '../../contract';
import {
  type AceRecord,
  type SalesforceRecord,
  type State,
  type SyncErrorRow,
  type TenantRow,
  nextId,
} from '../../store/state';
import { checkRecord, type SyncProblem } from './checks';
import { recordPasses } from './filters';
import { recordName } from './record-name';
import { transformRecord, type AceDraft } from './transform';
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
  synced: { lead: number; opportunity: number };
  errors: number;
  skippedByFilters: number;
  launched: string[];
}

/** The transform, filters and checks for one record, without changing anything. */
export function evaluateRecord(
  state: State,
  tenantId: number,
  record: SalesforceRecord,
): RecordOutcome {
  const ace = transformRecord(state, tenantId, record);
  const filters = state.filters.filter(
    (row) => row.tenant === tenantId && row.entity_type === record.entity,
  );
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

function heldValues(ace: AceDraft): AceRecord['values'] {
  const values: AceRecord['values'] = {};
  for (const field of ace.fields)
    if (field.value !== null) values[field.attribute.name] = field.value;
  return values;
}

export function runSync(
  state: State,
  tenantId: number,
  direction: SyncDirection,
  now: Date,
): SyncSummary {
  const tenant = state.tenants.find((row) => row.id === tenantId);
  if (!tenant) throw new Error(`runSync: no tenant ${tenantId}`);
  const key = String(tenantId);
  const org = state.salesforce[key] ?? [];
  state.ace[key] ??= [];
  const held = state.ace[key];
  const at = stamp(now);
  const summary: SyncSummary = {
    synced: { lead: 0, opportunity: 0 },
    errors: 0,
    skippedByFilters: 0,
    launched: [],
  };
  const synced = new Set<string>();
  const errors: SyncErrorRow[] = [];

  const fail = (
    record: Pick<SalesforceRecord, 'Id' | 'entity'>,
    name: string,
    side: SyncSide,
    problem: SyncProblem,
    url: string | null,
  ) =>
    errors.push({
      id: 0,
      tenantId,
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
    });
  const count = (record: Pick<SalesforceRecord, 'Id' | 'entity'>) => {
    if (synced.has(record.Id)) return;
    synced.add(record.Id);
    summary.synced[record.entity === 'Lead' ? 'lead' : 'opportunity'] += 1;
  };

  if (sides(direction).includes('salesforce_to_aws')) {
    for (const record of org) {
      const outcome = evaluateRecord(state, tenantId, record);
      if (!outcome.passesFilters) {
        summary.skippedByFilters += 1;
        continue;
      }
      const name = recordName(record);
      if (outcome.problems.length > 0) {
        for (const problem of outcome.problems)
          fail(record, name, 'salesforce_to_aws', problem, salesforceUrl(tenant, record));
        continue;
      }
      const stage = outcome.ace.fields.find((field) => field.attribute.name === 'stage')?.value;
      const aceStage = record.entity === 'Opportunity' && typeof stage === 'string' ? stage : null;
      const existing = held.find((row) => row.salesforceId === record.Id);
      if (aceStage === 'Launched' && existing?.aceStage !== 'Launched') {
        state.launches.push({ tenantId, name, salesforceId: record.Id, read: false, at });
        summary.launched.push(name);
      }
      const values = { name, ...heldValues(outcome.ace) };
      if (existing)
        Object.assign(existing, { values, aceStage: aceStage ?? existing.aceStage, syncedAt: at });
      else
        held.push({
          salesforceId: record.Id,
          entity: record.entity,
          values,
          aceStage,
          deleted: false,
          syncedAt: at,
        });
      count(record);
    }
  }

  if (sides(direction).includes('aws_to_salesforce')) {
    const ids = new Set(org.map((record) => record.Id));
    for (const row of held) {
      if (row.deleted) continue;
      const record = { Id: row.salesforceId, entity: row.entity };
      const name = String(row.values.name ?? row.salesforceId);
      if (!ids.has(row.salesforceId)) {
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
      row.syncedAt = at;
      count(record);
    }
  }

  replaceOpenErrors(state, tenantId, sides(direction), errors);
  summary.errors = errors.length;
  updateStats(state, tenantId, summary, at);
  return summary;
}

/** This sync's errors replace the tenant's open errors of the directions that ran; all go to the log. */
function replaceOpenErrors(
  state: State,
  tenantId: number,
  ran: SyncSide[],
  errors: SyncErrorRow[],
): void {
  for (const error of errors) error.id = nextId(state, 'syncErrors');
  state.syncErrors = [
    ...state.syncErrors.filter(
      (row) => row.tenantId !== tenantId || !ran.includes(row.sync_direction),
    ),
    ...errors,
  ];
  // Newest first, as the log lists them.
  state.syncLogs.unshift(
    ...errors.map(({ id: _id, entity: _entity, attributeId: _attribute, ...log }) => ({ ...log })),
  );
  // A value saved for a record that still fails follows the record's new error.
  for (const override of state.overrides) {
    if (override.tenantId !== tenantId) continue;
    const error =
      errors.find(
        (row) =>
          row.salesforce_id === override.salesforce_id &&
          row.attributeId === override.aws_ace_attribute,
      ) ?? errors.find((row) => row.salesforce_id === override.salesforce_id);
    if (error) override.sync_error_id = error.id;
  }
}

function updateStats(state: State, tenantId: number, summary: SyncSummary, at: string): void {
  let stats = state.stats.find((row) => row.tenantId === tenantId);
  if (!stats) {
    stats = {
      tenantId,
      last_synced: { lead: 0, opportunity: 0 },
      total_synced: { lead: 0, opportunity: 0 },
      last_synced_date: null,
    };
    state.stats.push(stats);
  }
  stats.last_synced = { ...summary.synced };
  stats.total_synced = {
    lead: stats.total_synced.lead + summary.synced.lead,
    opportunity: stats.total_synced.opportunity + summary.synced.opportunity,
  };
  stats.last_synced_date = at;
}
