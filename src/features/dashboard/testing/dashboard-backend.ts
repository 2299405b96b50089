import { vi } from 'vitest';
import type {
  Attribute,
  DummyValue,
  Launch,
  SyncError,
  SyncLog,
  SyncStats,
  Tenant,
} from '@generated/api/model';
import { session } from '@/api/session';

/**
 * A fake backend for the dashboard's tests: answers the guard's and the dashboard's calls from
 * small fixtures shaped like the contract's examples, records every call, and lets a test
 * replace any answer.
 */

// The contract's tokens: their payload carries tenant_id 1 (and user_id 1 or 2).
export const TOKENS = {
  superAdmin:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE3NjcyMjU2MDAsImp0aSI6IjBjNjg2MjZjM2EyMzU4NzRmNGEwNTZhNGE2Y2MyMjA1IiwidXNlcl9pZCI6MSwidGVuYW50X2lkIjoxfQ.hCAgAqGRvsCy-RCW-6QlgJtQBx88IgIRZ0FwUVRG6EI',
  user: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE3NjcyMjU2MDAsImp0aSI6ImJiOWJlMTYwYTMzYjhlOGE2ZmI2ODlhZDRlODg3ZGJlIiwidXNlcl9pZCI6MiwidGVuYW50X2lkIjoxfQ.zY0bjSSG8ktuRbb7g_FAxvGlIvhAwZ6RI1X__2OMZMQ',
} as const;

export function signInAs(role: 'super_admin' | 'user') {
  session.start({
    user: {
      id: role === 'super_admin' ? 1 : 2,
      first_name: role === 'super_admin' ? 'Dana' : 'Marcus',
      email: role === 'super_admin' ? 'dana.whitfield@acme-cloud.com' : 'marcus@acme-cloud.com',
      role,
    },
    access: role === 'super_admin' ? TOKENS.superAdmin : TOKENS.user,
    refresh: 'refresh-token',
  });
}

export const STATS: SyncStats = {
  last_synced: { lead: 12, opportunity: 37 },
  total_synced: { lead: 418, opportunity: 1265 },
  last_synced_date: '2026-03-02T12:00:00Z',
};

export const LAUNCHES: Launch[] = Array.from({ length: 14 }, (_, i) => ({
  name: `Launch ${i + 1}`,
}));

const baseError = {
  error_type_description: 'ValidationException: exact message',
  sync_direction: 'salesforce_to_aws' as const,
  created_at: '2026-03-02T12:00:41Z',
};

export const ERRORS: SyncError[] = [
  {
    ...baseError,
    id: 1,
    error_type: 'Data Type Mismatch Error',
    error_description: 'Revenue must be a number.',
    salesforce_id: '0065g00000XyZ12AAB',
    entity_url: 'https://acme.my.salesforce.com/lightning/r/Opportunity/0065g00000XyZ12AAB/view',
    name: 'Globex Retail',
  },
  {
    ...baseError,
    id: 2,
    error_type: 'Picklist Standard Value Error',
    error_description: "Stage 'Needs Analysis' is not standard.",
    salesforce_id: '0065g00000XyZ34AAB',
    entity_url: 'https://acme.my.salesforce.org/r/Opportunity/0065g00000XyZ34AAB',
    name: 'Initech',
  },
  {
    ...baseError,
    id: 3,
    error_type: 'Record Not Found Error',
    error_description: 'The record no longer exists.',
    salesforce_id: '00Q5g00000ABCDeEAF',
    entity_url: null,
    sync_direction: 'aws_to_salesforce',
    name: 'Umbrella Health',
  },
];

export const LOGS: SyncLog[] = ERRORS.map(({ id: _id, ...log }) => ({
  ...log,
  error_description: `Logged: ${log.error_description}`,
}));

export const SAVED: DummyValue[] = [
  {
    sync_error_id: 1,
    salesforce_id: '0065g00000XyZ12AAB',
    aws_ace_attribute: 44,
    dummy_value: '10000',
  },
];

export const ATTRIBUTES: Attribute[] = [
  { id: 9, name: 'email', type: 'Lead', data_type: 'Email', choices: null },
  { id: 23, name: 'leadAge', type: 'Lead', data_type: 'Int', choices: null },
  { id: 28, name: 'Customer.Account.WebsiteUrl', type: 'Opportunity', data_type: 'String' },
  { id: 44, name: 'expectedMonthlyAwsRevenue', type: 'Opportunity', data_type: 'Double' },
  { id: 45, name: 'targetCloseDate', type: 'Opportunity', data_type: 'Date' },
  {
    id: 46,
    name: 'stage',
    type: 'Opportunity',
    data_type: 'Picklist',
    choices: { Prospect: 'Prospect', Qualified: 'Qualified', Launched: 'Launched' },
  },
  { id: 56, name: 'nextStep', type: 'Opportunity', data_type: 'String' },
  { id: 70, name: 'User.Email', type: 'Opportunity', data_type: 'Email' },
];

export const TENANT: Tenant = {
  id: 1,
  subdomain_prefix: 'acme',
  aws_partner_status: 'advance',
  is_production_enabled: false,
  is_lead_create_allowed_in_sf: true,
  is_opportunity_create_allowed_in_sf: false,
};

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** An answer: a body (status 200), or [status, body]. */
export type Answer = unknown | [number, unknown];
export type Route = (call: Call) => Answer | Promise<Answer>;

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export function dashboardRoutes(): Record<string, Route> {
  return {
    'POST /api/v1/connection-step-status/': () => ({
      current_step: null,
      message: 'All steps are completed',
    }),
    'POST /api/v1/tenant-subdomain/': () => ({ subdomain_prefix: 'acme' }),
    'GET /api/v1/salesforce/get-sync-data': () => STATS,
    'GET /api/v1/salesforce/unread-launched-data': () => ({ data: LAUNCHES }),
    'GET /api/v1/salesforce/resolve-launched-data': () => ({ message: 'All launches resolved.' }),
    'GET /api/v1/tenants/1/': () => TENANT,
    'GET /api/v1/salesforce/data-mappings/sync-errors/': () => page(ERRORS),
    'GET /api/v1/salesforce/data-mappings/sync-errors/logs/': () => page(LOGS),
    'GET /api/v1/salesforce/get-dummy-value-for-error/': () => ({ data: SAVED }),
    'GET /api/v1/salesforce/aws/attributes/': () => page(ATTRIBUTES),
    'GET /api/v1/salesforce/data-mappings/sync-settings': () => [],
    'POST /api/v1/salesforce/update-dummy-value-for-error/': () => ({ message: 'Saved.' }),
    'POST /api/v1/salesforce/data-mappings/sync-data/': () => ({}),
  };
}

/** Stubs fetch with the dashboard's routes, overridden by `overrides`; returns the call log. */
export function fakeDashboardBackend(overrides: Record<string, Route> = {}): Call[] {
  const routes = { ...dashboardRoutes(), ...overrides };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const call: Call = {
        method,
        path: url.pathname,
        search: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      const answer = route ? await route(call) : [404, { detail: 'Not found.' }];
      const [status, body] =
        Array.isArray(answer) && answer.length === 2 && typeof answer[0] === 'number'
          ? (answer as [number, unknown])
          : [200, answer];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls to one path, e.g. to check what was sent. */
export function callsTo(calls: Call[], method: string, path: string): Call[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
