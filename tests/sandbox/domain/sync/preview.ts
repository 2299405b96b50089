/**
 * Seeing before syncing: the records of the simulated org an admin can pick, one record run
 * through `evaluateRecord` (the very function the sync runs for each record), and how many
 * records the filters let through — so a preview can never disagree with the next sync.
 */
import type { Schemas } from '../../contract';
import type { AttributeRow, Entity, SalesforceRecord, State } from '../../store/state';
import { notFound } from '../failure';
import { attributeRef } from '../mappings';
import { recordPasses } from './filters';
import { recordName } from './record-name';
import { evaluateRecord, filtersOf, salesforceUrl } from './run';
import { createTransformer, type AceValue } from './transform';

/** The fields that tell records of the same name apart, by entity. */
const IDENTIFYING_FIELDS: Record<Entity, string[]> = {
  Lead: ['Company', 'Email'],
  Opportunity: ['StageName', 'Amount'],
};

const text = (value: AceValue | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

function orgOf(state: State, tenantId: number, entity: Entity): SalesforceRecord[] {
  return (state.salesforce[String(tenantId)] ?? []).filter((record) => record.entity === entity);
}

function recordSummary(record: SalesforceRecord): Schemas['SalesforceRecordSummary'] {
  const fields: Record<string, string | null> = {};
  for (const field of IDENTIFYING_FIELDS[record.entity]) fields[field] = text(record.fields[field]);
  return { id: record.Id, name: recordName(record), type: record.entity, fields };
}

/** The tenant's records of one type whose name, id or identifying fields contain `search`, by name. */
export function searchRecords(
  state: State,
  tenantId: number,
  entity: Entity,
  search: string | undefined,
): Schemas['SalesforceRecordSummary'][] {
  const wanted = search?.trim().toLowerCase() ?? '';
  return orgOf(state, tenantId, entity)
    .map(recordSummary)
    .filter(
      (summary) =>
        !wanted ||
        [summary.name, summary.id, ...Object.values(summary.fields)].some((value) =>
          value?.toLowerCase().includes(wanted),
        ),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function previewRecord(
  state: State,
  tenantId: number,
  salesforceId: string,
): Schemas['RecordPreview'] {
  const record = (state.salesforce[String(tenantId)] ?? []).find((row) => row.Id === salesforceId);
  const tenant = state.tenants.find((row) => row.id === tenantId);
  if (!record || !tenant) throw notFound();
  const outcome = evaluateRecord(state, tenantId, record);
  const byId = new Map<number, AttributeRow>(state.attributes.map((row) => [row.id, row]));
  const refs = (ids: number[]) =>
    ids.flatMap((id) => {
      const field = byId.get(id);
      return field ? [attributeRef(field)] : [];
    });
  return {
    salesforce_id: record.Id,
    name: recordName(record),
    type: record.entity,
    entity_url: salesforceUrl(tenant, record),
    passes_filters: outcome.passesFilters,
    attributes: outcome.ace.fields.map((field) => ({
      attribute: attributeRef(field.attribute),
      value: text(field.value),
      source: {
        kind: field.source,
        salesforce_fields: refs(field.salesforceFieldIds),
        salesforce_value: text(field.salesforceValue),
      },
    })),
    problems: outcome.problems.map((problem) => {
      const attribute = problem.attributeId === null ? undefined : byId.get(problem.attributeId);
      return {
        attribute: attribute ? attributeRef(attribute) : null,
        error_type: problem.error_type,
        error_description: problem.error_description,
        error_type_description: problem.error_type_description,
      };
    }),
  };
}

/** How many of the tenant's records of one type the next sync would process under its filters. */
export function countFilterMatches(
  state: State,
  tenantId: number,
  entity: Entity,
): Schemas['SyncFilterCount'] {
  const records = orgOf(state, tenantId, entity);
  // The filters' verdict as the sync reaches it, with one transformer and one list of filters
  // for all the records, as a sync builds them: evaluateRecord per record would index the
  // mappings and look through what ACE holds each time (minutes at --scale 100000).
  const transform = createTransformer(state, tenantId);
  const filters = filtersOf(state, tenantId, entity);
  const matching = records.filter((record) =>
    recordPasses(transform(record).values, filters),
  ).length;
  return { entity_type: entity, matching, total: records.length };
}
