/**
 * The world the sandbox starts from: the one the contract's examples describe (the Acme tenant,
 * its users, 63 ACE attributes, 103 Salesforce fields, mappings of every kind, filters, sync errors
 * of all five categories, launches), read from `openapi.yaml` so the mock and the sandbox tell the
 * same story, plus a second company (Globex), unused licence keys and a simulated Salesforce org
 * per tenant.
 *
 * The seed builder sits above the domain and the store: it hashes the demo password and runs a sync
 * with the domain's own functions and hands the store a finished state (`createStore({ seed })`),
 * so the store never calls the domain and the domain never reads the seed.
 */
import { contractExample, replyExample, type Schemas } from '../contract';
import { generateSalesforceOrg } from '../domain/salesforce-org';
import { hashPassword } from '../domain/sessions';
import {
  STATE_VERSION,
  type AttributeRow,
  type MappingRow,
  type State,
  type TenantRow,
} from '../store/state';
import { seedActivityHistory } from './activity-history';
import { seedSyncHistory } from './sync-history';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Sup3r-Secret!';
export const DEMO_LICENCE_KEYS = ['DEMO-LICENCE-1', 'DEMO-LICENCE-2', 'DEMO-LICENCE-3'];
export const ACME = { id: 1, key: 'ACEB-7Q2M-K9XD-41PF', subdomain: 'acme' } as const;
export const GLOBEX = { id: 2, key: 'ACEB-GLBX-2026-0002', subdomain: 'globex' } as const;
/**
 * The ACE attribute each of the contract's seeded errors is about (by error id), as the sync's
 * checks would name it: revenue, stage, lead country, lead status, close date, website. The order
 * of operations and record-not-found errors are about the record as a whole.
 */
const SEEDED_ERROR_ATTRIBUTES: Record<number, number> = { 1: 44, 2: 46, 3: 17, 6: 1, 7: 45, 8: 28 };
/** Globex's Salesforce fields are Acme's field set under ids offset by this much. */
const GLOBEX_FIELD_OFFSET = 1000;

function attributeRow(attribute: Schemas['Attribute'], tenantId: number | null): AttributeRow {
  const { mapping: _mapping, ...rest } = attribute;
  return {
    ...rest,
    tenantId,
    type: attribute.type ?? 'Lead',
    data_type: attribute.data_type ?? 'String',
    is_aws_ace: attribute.is_aws_ace ?? false,
    is_salesforce: attribute.is_salesforce ?? false,
    is_mandatory: attribute.is_mandatory ?? false,
  };
}

function tenant(
  row: Schemas['Tenant'],
  extra: Pick<TenantRow, 'company_email' | 'industry' | 'key' | 'salesforce' | 'aws'>,
): TenantRow {
  return {
    ...row,
    company_name: row.company_name ?? '',
    ...extra,
    external_id: extra.aws?.external_id ?? null,
    salesforce_connection: 'ok',
    aws_connection: 'ok',
    connected_at: '2026-01-12T09:30:00Z',
  };
}

const awsSetup = (account: string, role: string): TenantRow['aws'] => ({
  account_id: account,
  external_id: '3f0c2a9e-6b1d-4f7a-9c52-8e4d1b7a2f60',
  external_role_arn: `arn:aws:iam::${account}:role/${role}`,
  policy: { Version: '2012-10-17', Statement: [] },
  region: null,
  spm_id: null,
  bucket_name: null,
  kms_arn: null,
});

export interface SeedOptions {
  /** Acme's org gets this many leads and as many opportunities (`--scale`, for load work). */
  scale?: number;
}

/**
 * The seed: each part below builds one area of the state from the contract's examples, Acme's
 * (and, where it has them, Globex's) rows side by side; this function puts them together in the
 * state's order and derives what follows from them (id sequences, Salesforce orgs, history).
 */
export function buildSeed({ scale }: SeedOptions = {}): State {
  const state: State = {
    version: STATE_VERSION,
    sequences: {},
    licenceKeys: seedLicenceKeys(),
    tenants: seedTenants(),
    users: seedUsers(),
    linkTokens: [],
    sessions: [],
    outbox: [],
    attributes: seedAttributes(),
    mappings: seedMappings(),
    filters: seedFilters(),
    salesforce: {},
    ace: {},
    syncErrors: seedSyncErrors(),
    syncLogs: contractExample<Schemas['PaginatedSyncLogList']>('SyncLogListAll').results.map(
      (log) => ({ ...log, tenantId: ACME.id, runId: null }),
    ),
    overrides: contractExample<Schemas['OverrideList']>('OverrideListAll').data.map((override) => ({
      ...override,
      tenantId: ACME.id,
    })),
    launches: seedLaunches(),
    syncRuns: [],
    stats: seedStats(),
    awsRegistrations: [],
    activity: [],
    alertSettings: [],
    pendingAlerts: [],
    connectionAlerts: [],
    webhooks: [],
    webhookDeliveries: [],
  };
  state.sequences = sequencesOf(state);
  for (const row of state.tenants) {
    state.salesforce[String(row.id)] = generateSalesforceOrg(
      state,
      row,
      row.id === ACME.id && scale ? { Lead: scale, Opportunity: scale } : undefined,
    );
    state.ace[String(row.id)] = [];
  }
  seedSyncHistory(state);
  seedActivityHistory(state, ACME.id);
  return state;
}

/** Each tenant's own key, and the unused demo keys a new company can sign up with. */
function seedLicenceKeys(): State['licenceKeys'] {
  return [
    { key: ACME.key, tenantId: ACME.id },
    { key: GLOBEX.key, tenantId: GLOBEX.id },
    ...DEMO_LICENCE_KEYS.map((key) => ({ key, tenantId: null })),
  ];
}

/** Acme as the contract's example tenant describes it, and Globex, on Beta and unmapped leads. */
function seedTenants(): TenantRow[] {
  const acme = replyExample<Schemas['Tenant']>('/api/v1/tenants/{id}/', 'get', '200', 'beta');
  return [
    tenant(acme, {
      company_email: 'hello@acme-cloud.com',
      industry: 'Software',
      key: ACME.key,
      salesforce: {
        username: 'integration@acme-cloud.com',
        consumer_key: null,
        is_salesforce_managed_package: true,
        account_type: 'salesforce_beta',
      },
      aws: awsSetup('123456789012', 'AceBridgeAccess'),
    }),
    tenant(
      {
        id: GLOBEX.id,
        company_name: 'Globex Corporation',
        subdomain_prefix: GLOBEX.subdomain,
        aws_partner_status: 'premier',
        subscription: 'Enterprise',
        is_production_enabled: false,
        is_lead_create_allowed_in_sf: false,
        is_opportunity_create_allowed_in_sf: true,
      },
      {
        company_email: 'ops@globex.example',
        industry: 'Manufacturing',
        key: GLOBEX.key,
        salesforce: {
          username: 'sfdc-sync@globex.example',
          consumer_key: null,
          is_salesforce_managed_package: true,
          account_type: 'salesforce_beta',
        },
        aws: awsSetup('210987654321', 'GlobexAceBridge'),
      },
    ),
  ];
}

/** Globex's three people, numbered after Acme's. */
const GLOBEX_USERS = [
  { first_name: 'Olivia', last_name: 'Parsons', email: 'ops@globex.example', role: 'super_admin' },
  {
    first_name: 'Hank',
    last_name: 'Scorpio',
    email: 'hank.scorpio@globex.example',
    role: 'user',
  },
  {
    first_name: 'Mindy',
    last_name: 'Simmons',
    email: 'mindy.simmons@globex.example',
    role: 'user',
  },
] as const;

/** Acme's users of every role (the contract's example; the inactive ones cannot sign in), Globex's. */
function seedUsers(): State['users'] {
  const password = hashPassword(DEMO_PASSWORD, 'acebridge-sandbox-demo');
  const acme = replyExample<Schemas['UserList']>(
    '/api/v1/users/',
    'get',
    '200',
    'allRoles',
  ).results;
  return [
    ...acme.map((user) => ({
      ...user,
      tenantId: ACME.id,
      passwordHash: user.is_active ? password : null,
    })),
    ...GLOBEX_USERS.map((user, index) => ({
      ...user,
      id: acme.length + index + 1,
      middle_name: null,
      is_active: true,
      tenantId: GLOBEX.id,
      passwordHash: password,
    })),
  ];
}

const acmeFields = () =>
  contractExample<Schemas['PaginatedAttributeList']>('SalesforceAttributeListAll').results;

/** The ACE attributes (every tenant's), and each tenant's Salesforce fields. */
function seedAttributes(): AttributeRow[] {
  const ace = contractExample<Schemas['PaginatedAttributeList']>('AwsAttributeListAll').results;
  const acme = acmeFields();
  const globex = acme.map((field) => ({ ...field, id: globexField(field.id) }));
  return [
    ...ace.map((attribute) => attributeRow(attribute, null)),
    ...acme.map((field) => attributeRow(field, ACME.id)),
    ...globex.map((field) => attributeRow(field, GLOBEX.id)),
  ];
}

const globexField = (id: number) => id + GLOBEX_FIELD_OFFSET;
// Globex maps what a smaller team would: the opportunity basics, its stage picklist and a dummy.
const GLOBEX_MAPPING_IDS = new Set([
  1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 23, 24, 25, 27, 28, 29, 30, 31,
]);

/** Acme's mappings of every kind (the contract's example), and Globex's copies of some of them. */
function seedMappings(): MappingRow[] {
  const acme = contractExample<Schemas['PaginatedDataMappingList']>('DataMappingListAll').results;
  const firstGlobexMapping = acme.length + 1;
  const idMap = new Map<number, number>();
  const globex: MappingRow[] = acme
    .filter((mapping) => GLOBEX_MAPPING_IDS.has(mapping.id))
    .map((mapping, index) => {
      idMap.set(mapping.id, firstGlobexMapping + index);
      return mapping;
    })
    .map((mapping) => ({
      ...mapping,
      id: idMap.get(mapping.id) ?? mapping.id,
      tenant: GLOBEX.id,
      salesforce_attribute: mapping.salesforce_attribute && {
        ...mapping.salesforce_attribute,
        id: globexField(mapping.salesforce_attribute.id),
      },
      dummy_value_description:
        mapping.aws_ace_attribute === 28
          ? 'https://www.globex.example'
          : mapping.dummy_value_description,
      picklist_mapping: mapping.picklist_mapping
        ? (idMap.get(mapping.picklist_mapping) ?? null)
        : null,
    }));
  return [...acme, ...globex];
}

/** Acme's opportunity and lead filters, as the contract's sync settings list them. */
function seedFilters(): State['filters'] {
  const filters = (['opportunityFilters', 'leadFilters'] as const).flatMap((name) =>
    replyExample<Schemas['SyncFilter'][]>(
      '/api/v1/salesforce/data-mappings/sync-settings',
      'get',
      '200',
      name,
    ),
  );
  return filters.map(({ attribute, choices: _choices, data_type: _dataType, ...filter }) => ({
    ...filter,
    tenant: ACME.id,
    attributeId: attribute.id,
  }));
}

/** Acme's sync errors of all five categories, each on the entity and attribute it is about. */
function seedSyncErrors(): State['syncErrors'] {
  const errors = contractExample<Schemas['PaginatedSyncErrorList']>('SyncErrorListAll').results;
  return errors.map((error) => ({
    ...error,
    tenantId: ACME.id,
    entity: error.entity_url?.includes('/Lead/') ? 'Lead' : 'Opportunity',
    attributeId: SEEDED_ERROR_ATTRIBUTES[error.id] ?? null,
    runId: null,
  }));
}

/** Acme's unread launches, a second apart. */
function seedLaunches(): State['launches'] {
  const launches = contractExample<Schemas['LaunchList']>('LaunchListAll').data;
  return launches.map((launch, index) => ({
    tenantId: ACME.id,
    name: launch.name,
    salesforceId: null,
    read: false,
    at: new Date(Date.UTC(2026, 2, 2, 12, 1, index)).toISOString(),
  }));
}

/**
 * Each tenant's Last Synced row, empty: the history of runs (sync-history.ts) fills it from its
 * last full run. Total Synced is what ACE holds.
 */
function seedStats(): State['stats'] {
  return [ACME.id, GLOBEX.id].map((tenantId) => ({
    tenantId,
    last_synced: { lead: 0, opportunity: 0 },
    last_unchanged: { lead: 0, opportunity: 0 },
    last_synced_date: null,
  }));
}

/** Each sequence at the highest id the seed used, so the next row created gets the one after. */
function sequencesOf(state: State): State['sequences'] {
  const maxId = (ids: number[]) => ids.reduce((max, id) => Math.max(max, id), 0);
  return {
    tenants: maxId(state.tenants.map((row) => row.id)),
    users: maxId(state.users.map((row) => row.id)),
    attributes: maxId(state.attributes.map((row) => row.id)),
    mappings: maxId(state.mappings.map((row) => row.id)),
    filters: maxId(state.filters.map((row) => row.id)),
    syncErrors: maxId(state.syncErrors.map((row) => row.id)),
    syncRuns: 0,
    outbox: 0,
  };
}
