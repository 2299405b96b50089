import { vi } from 'vitest';
import type {
  PaginatedAttributeList,
  SyncFilterSetting,
  SyncFilterSettingCreate,
} from '@generated/api/model';

/** Test support: a fake sync-settings backend on a stubbed `fetch`, recording every call. */

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: SyncFilterSettingCreate | undefined;
  keepalive: boolean;
}

export const SETTINGS_PATH = '/api/v1/salesforce/data-mappings/sync-settings';
export const ATTRIBUTES_PATH = '/api/v1/salesforce/aws/attributes/';
export const COUNT_PATH = '/api/v1/salesforce/data-mappings/sync-settings/count/';

export const ATTRIBUTES: PaginatedAttributeList = {
  count: 6,
  next: null,
  previous: null,
  results: [
    {
      id: 46,
      name: 'stage',
      type: 'Opportunity',
      data_type: 'Picklist',
      choices: { Prospect: 'Prospect', Committed: 'Committed', Launched: 'Launched' },
    },
    { id: 44, name: 'expectedMonthlyAwsRevenue', type: 'Opportunity', data_type: 'Double' },
    { id: 45, name: 'targetCloseDate', type: 'Opportunity', data_type: 'Date' },
    { id: 51, name: 'isNationalSecurity', type: 'Opportunity', data_type: 'Boolean' },
    { id: 60, name: 'customerCompanyName', type: 'Opportunity', data_type: 'String' },
    { id: 1, name: 'status', type: 'Lead', data_type: 'Picklist', choices: { Open: 'Open' } },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface FakeBackendOptions {
  settings?: SyncFilterSetting[];
  /** Holds every write until the returned release() is called. */
  holdWrites?: boolean;
  /** Answers with this status instead of success for one method. */
  fail?: { method: string; status: number };
}

export function fakeSyncBackend(options: FakeBackendOptions = {}) {
  const calls: Call[] = [];
  let nextId = 100;
  let releaseAll: (() => void)[] = [];
  const gate = () =>
    options.holdWrites ? new Promise<void>((resolve) => releaseAll.push(resolve)) : undefined;

  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://app.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as SyncFilterSettingCreate)
        : undefined;
    calls.push({
      method,
      path: parsed.pathname,
      search: parsed.searchParams,
      body,
      keepalive: Boolean(init.keepalive),
    });
    if (parsed.pathname === ATTRIBUTES_PATH) return json(200, ATTRIBUTES);
    if (parsed.pathname === COUNT_PATH) {
      // Each saved change lets seven fewer of the 140 records through.
      const changes = calls.filter((call) => call.method !== 'GET').length;
      return json(200, {
        entity_type: parsed.searchParams.get('entity_type'),
        matching: Math.max(0, 140 - 7 * changes),
        total: 140,
      });
    }
    if (parsed.pathname === SETTINGS_PATH) {
      const entity = parsed.searchParams.get('entity_type');
      return json(
        200,
        (options.settings ?? []).filter((setting) => setting.entity_type === entity),
      );
    }
    if (parsed.pathname.startsWith(`${SETTINGS_PATH}/`)) {
      await gate();
      if (options.fail?.method === method) return json(options.fail.status, { error: 'Refused' });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const id = method === 'POST' ? ++nextId : Number(parsed.pathname.split('/').at(-2));
      const attribute = ATTRIBUTES.results.find((item) => item.id === body?.attribute_id);
      return json(method === 'POST' ? 201 : 200, {
        ...body,
        id,
        attribute: { id: attribute?.id ?? 0, name: attribute?.name ?? '?' },
      });
    }
    // Anything else (the mapper beside the filters) never answers: not this feature's business.
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchMock);

  const writes = () => calls.filter((call) => call.method !== 'GET');
  return {
    calls,
    writes,
    release() {
      const waiting = releaseAll;
      releaseAll = [];
      waiting.forEach((resolve) => resolve());
    },
  };
}
