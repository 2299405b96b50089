/** Tag `attributes`: the ACE attributes (with the tenant's mappings) and the tenant's Salesforce fields. */
import { operation, publicUrl, reply, sessionOf, type SandboxApp } from '../app';
import type { Schemas } from '../contract';
import { aceAttributes, fieldMapping, salesforceFields } from '../domain/attributes';
import type { AttributeRow, State } from '../store/state';
import { paginate } from './paging';

type Attribute = Schemas['Attribute'];

/** `?fields=id,name,help` keeps only those properties (`help` is short for `help_text`). */
function pickFields(attribute: Attribute, fields: string | undefined): Attribute {
  if (!fields) return attribute;
  const wanted = new Set(
    fields
      .split(',')
      .map((field) => field.trim())
      .map((field) => (field === 'help' ? 'help_text' : field)),
  );
  const picked: Record<string, unknown> = { id: attribute.id, name: attribute.name };
  for (const [key, value] of Object.entries(attribute)) if (wanted.has(key)) picked[key] = value;
  return picked as Attribute;
}

function publicAttribute(state: State, tenantId: number, row: AttributeRow): Attribute {
  const { tenantId: _tenant, ...attribute } = row;
  return {
    ...attribute,
    mapping: row.is_aws_ace ? (fieldMapping(state, tenantId, row.id) ?? null) : null,
  };
}

interface ListQuery {
  type?: string;
  search?: string;
  fields?: string;
}

function list(state: State, tenantId: number, rows: AttributeRow[], query: ListQuery): Attribute[] {
  const search = query.search?.toLowerCase();
  return rows
    .filter((row) => !query.type || row.type === query.type)
    .filter((row) => !search || row.name.toLowerCase().includes(search))
    .map((row) => pickFields(publicAttribute(state, tenantId, row), query.fields));
}

export function registerAttributes(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/salesforce/aws/attributes/', (call) => {
    const { tenantId } = sessionOf(call);
    const state = call.deps.store.state;
    const { query } = call;
    // ACE attributes unless the caller asks for the Salesforce side (is_salesforce=1, is_aws_ace=0).
    const salesforce = query.is_salesforce === '1' || query.is_aws_ace === '0';
    const rows = salesforce ? salesforceFields(state, tenantId) : aceAttributes(state);
    return reply(200, paginate(list(state, tenantId, rows, query), publicUrl(call.context), query));
  });

  operation(app, 'get', '/api/v1/salesforce/attributes/', (call) => {
    const { tenantId } = sessionOf(call);
    const state = call.deps.store.state;
    const rows = list(state, tenantId, salesforceFields(state, tenantId), call.query);
    return reply(200, paginate(rows, publicUrl(call.context), call.query));
  });
}
