/**
 * The reads and writes the model-based suite makes, by the contract's operations, as a client
 * makes them. Reads expect a 200 (anything else throws, naming the call); writes hand back the
 * answer for the command to judge.
 */
import type { Schemas } from '../sandbox/contract';
import { type Answer, type Client, ACME_SUBDOMAIN } from './world';

export type Run = Schemas['SyncRun'];
export type Stats = Schemas['SyncStats'];
export type SyncError = Schemas['SyncError'];
export type SyncLog = Schemas['SyncLog'];
export type Cause = Schemas['SyncErrorCause'];
export type Override = Schemas['Override'];
export type OverrideWrite = Schemas['OverrideWrite'];
export type Attribute = Schemas['Attribute'];
export type Filter = Schemas['SyncFilter'];
export type Mapping = Schemas['DataMapping'];
export type ActivityEvent = Schemas['ActivityEvent'];
export type ChainCheck = Schemas['ActivityChainCheck'];
export type User = Schemas['User'];
export type Entity = 'Lead' | 'Opportunity';

const SF = '/api/v1/salesforce';
const ERRORS = `${SF}/data-mappings/sync-errors/`;
export const FILTERS = `${SF}/data-mappings/sync-settings`;
export const MAPPINGS = `${SF}/data-mappings/`;
const ACTIVITY = '/api/v1/activity/';
/** Enough for every list a sequence of 40 steps can make (the contract allows 1000 a page). */
const ALL = 'page-size=1000';

/** The answer's body when it is a 200, else an error naming the call. */
async function ok<B>(answer: Promise<Answer<B>>, what: string): Promise<B> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Every row of a paginated list, a page of 1000 at a time. */
async function page<T>(client: Client, path: string): Promise<T[]> {
  const separator = path.includes('?') ? '&' : '?';
  const rows: T[] = [];
  for (let number = 1; ; number += 1) {
    const body = await ok<{ count: number; next: string | null; results: T[] }>(
      client.get(`${path}${separator}${ALL}${number > 1 ? `&page=${number}` : ''}`),
      `GET ${path}`,
    );
    rows.push(...body.results);
    if (body.next === null || body.results.length === 0) {
      if (rows.length !== body.count)
        throw new Error(`GET ${path}: ${rows.length} rows read, the count says ${body.count}`);
      return rows;
    }
  }
}

export const api = {
  runs: (client: Client) => page<Run>(client, `${SF}/sync-runs/?days=365`),
  run: (client: Client, id: number) => ok<Run>(client.get(`${SF}/sync-runs/${id}/`), 'getSyncRun'),
  stats: (client: Client) => ok<Stats>(client.get(`${SF}/get-sync-data`), 'getSyncStats'),
  openErrors: (client: Client, run?: number) =>
    page<SyncError>(client, run === undefined ? ERRORS : `${ERRORS}?run=${run}`),
  logs: (client: Client, run?: number) =>
    page<SyncLog>(client, run === undefined ? `${ERRORS}logs/` : `${ERRORS}logs/?run=${run}`),
  causes: async (client: Client) =>
    (await ok<{ results: Cause[] }>(client.get(`${ERRORS}causes/`), 'listSyncErrorCauses')).results,
  overrides: async (client: Client) =>
    (
      await ok<{ data: Override[] }>(
        client.get(`${SF}/get-dummy-value-for-error/`),
        'listOverrides',
      )
    ).data,
  aceAttributes: (client: Client) => page<Attribute>(client, `${SF}/aws/attributes/`),
  salesforceFields: (client: Client, entity: Entity) =>
    page<Attribute>(client, `${SF}/attributes/?type=${entity}`),
  mappings: (client: Client) => page<Mapping>(client, MAPPINGS),
  filters: async (client: Client) => [
    ...(await ok<Filter[]>(client.get(`${FILTERS}?entity_type=Lead`), 'listSyncFilters')),
    ...(await ok<Filter[]>(client.get(`${FILTERS}?entity_type=Opportunity`), 'listSyncFilters')),
  ],
  activity: (client: Client, query = '') => page<ActivityEvent>(client, `${ACTIVITY}${query}`),
  verify: (client: Client, noted?: string) =>
    ok<ChainCheck>(
      client.get(`${ACTIVITY}verify/${noted ? `?noted=${noted}` : ''}`),
      'verifyActivity',
    ),
  users: async (client: Client) =>
    (await ok<{ results: User[] }>(client.get('/api/v1/users/'), 'listUsers')).results,

  startSync: (client: Client, direction: 'both' | 'salesforce_to_aws' | 'aws_to_salesforce') =>
    client.post(
      `${SF}/data-mappings/sync-data/${
        direction === 'both'
          ? ''
          : direction === 'salesforce_to_aws'
            ? '?sync_type=sync_data_from_salesforce_to_aws'
            : '?sync_type=sync_data_from_aws_to_salesforce'
      }`,
      { tenant_sub_domain: ACME_SUBDOMAIN },
    ),
  retry: (client: Client, body: { cause_id: string } | { error_ids: number[] }) =>
    client.post(`${ERRORS}retry/`, body),
  dismiss: (client: Client, body: { cause_id: string } | { error_ids: number[] }) =>
    client.post(`${ERRORS}dismiss/`, body),
  dismissOne: (client: Client, id: number) =>
    client.delete(`${SF}/data-mappings/sync-errors/${id}`),
  saveOverrides: (client: Client, items: OverrideWrite[]) =>
    client.post(`${SF}/update-dummy-value-for-error/`, items),
  revert: (client: Client, id: number) =>
    client.post(`${ACTIVITY}${id}/revert/`, { confirm: true }),
};

/** The record's entity, from its Salesforce id's key prefix (00Q: Lead, 006: Opportunity). */
export function entityOf(salesforceId: string): Entity {
  if (salesforceId.startsWith('00Q')) return 'Lead';
  if (salesforceId.startsWith('006')) return 'Opportunity';
  throw new Error(`no entity known for the Salesforce id ${salesforceId}`);
}

export const TERMINAL: ReadonlySet<string> = new Set([
  'succeeded',
  'completed_with_failures',
  'failed',
  'interrupted',
]);

export const ENTITIES = ['lead', 'opportunity'] as const;
