import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ERROR_TEXT } from '@/api/error-messages';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { createTestQueryClient } from '@tests/test-query-client';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import {
  emptyRow,
  rowsFromFilters,
  type FilterAttribute,
  type FilterRow,
} from '../model/filter-blocks';
import { syncFiltersQueryOptions } from '../values-mapper-queries';
import { FilterSaver } from './filter-saver';

spyOnToasts();

const REVENUE: FilterAttribute = { id: 44, name: 'expectedMonthlyAwsRevenue', dataType: 'Double' };
const DATE: FilterAttribute = { id: 45, name: 'targetCloseDate', dataType: 'Date' };

const SYNC_FILTERS_PATH = '/api/v1/salesforce/data-mappings/sync-settings';

const backend = setupSandboxBackend();
beforeEach(() => backend.signIn(DANA));

/** The id the sandbox gave the latest filter. */
const lastFilterId = () => backend.store.state.filters.at(-1)?.id;

function setup() {
  const client = createTestQueryClient();
  return { client, saver: new FilterSaver(client, 'Opportunity') };
}

const complete = (extra: Partial<FilterRow> = {}): FilterRow => ({
  ...emptyRow(1),
  attribute: REVENUE,
  value: '5000',
  ...extra,
});

describe('FilterSaver', () => {
  it('POSTs a new complete row once, with keepalive, and toasts', async () => {
    const { saver } = setup();
    const row = complete({ block: 2 });
    await saver.save(row);
    await saver.save(row); // nothing changed since
    expect(backend.writes()).toHaveLength(1);
    expect(backend.writes()[0]).toMatchObject({
      method: 'POST',
      path: `${SYNC_FILTERS_PATH}/`,
      keepalive: true,
      body: {
        attribute_id: 44,
        comparison_type: 'greater_than',
        field_value: '5000',
        entity_type: 'Opportunity',
        sync_type: 'or',
        block: 2,
        data_type: 'Double',
      },
    });
    expect(toasts.success).toHaveBeenCalledWith('Sync filter saved successfully.');
  });

  it('skips rows without attribute or value, and numbers that are not numbers', async () => {
    const { saver } = setup();
    await saver.save({ ...emptyRow(), value: '5' });
    await saver.save(complete({ value: '' }));
    await saver.save(complete({ value: 'lots' }));
    expect(backend.writes()).toEqual([]);
    await saver.save(complete({ attribute: DATE, value: '2026-03-04' }));
    expect(backend.writes().map((call) => call.body?.field_value)).toEqual(['2026-03-04']);
  });

  it('turns an edit made while the POST is in flight into a PATCH of the new id', async () => {
    const writes = backend.hold((call) => call.method !== 'GET');
    const { saver } = setup();
    const row = complete();
    const first = saver.save(row);
    const second = saver.save({ ...row, value: '7000' });
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(1));
    writes.release();
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(2));
    writes.release();
    await Promise.all([first, second]);
    const [post, patch] = backend.writes();
    expect(post?.method).toBe('POST');
    expect(patch).toMatchObject({
      method: 'PATCH',
      path: `${SYNC_FILTERS_PATH}/${lastFilterId()}/`,
      body: { field_value: '7000', attribute_id: 44 },
    });
    expect(toasts.success).toHaveBeenLastCalledWith('Sync filter updated successfully.');
  });

  it('PATCHes a loaded row only when it changed', async () => {
    const saved = await (
      await backend.as(DANA)
    ).post(`${SYNC_FILTERS_PATH}/`, {
      attribute_id: 44,
      comparison_type: 'greater_than',
      field_value: '5000',
      entity_type: 'Opportunity',
      sync_type: 'or',
      block: 1,
      data_type: 'Double',
    });
    const { saver } = setup();
    const [loaded] = rowsFromFilters([saved.body], new Map());
    await saver.save(loaded!);
    expect(backend.writes()).toEqual([]);
    await saver.save({ ...loaded!, comparison: 'lesser_than' });
    expect(backend.writes()).toMatchObject([
      {
        method: 'PATCH',
        path: `${SYNC_FILTERS_PATH}/${saved.body.id}/`,
        body: { comparison_type: 'lesser_than' },
      },
    ]);
  });

  it('DELETEs a saved row, keeps the cached list in step and ignores later saves of it', async () => {
    const { saver, client } = setup();
    const key = syncFiltersQueryOptions('Opportunity').queryKey;
    client.setQueryData(key, []);
    const row = complete();
    await saver.save(row);
    expect(client.getQueryData(key)).toHaveLength(1);
    const id = lastFilterId();
    await expect(saver.remove(row)).resolves.toBe(true);
    await saver.save({ ...row, value: '9' });
    expect(backend.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${SYNC_FILTERS_PATH}/`,
      `DELETE ${SYNC_FILTERS_PATH}/${id}/`,
    ]);
    expect(client.getQueryData(key)).toEqual([]);
    expect(toasts.success).toHaveBeenLastCalledWith('Sync filter deleted successfully.');
  });

  it('takes a row off when the server says it is already gone (404), and keeps the cache in step', async () => {
    const { saver, client } = setup();
    const key = syncFiltersQueryOptions('Opportunity').queryKey;
    client.setQueryData(key, []);
    const row = complete();
    await saver.save(row);
    backend.fail('deleteSyncFilter', { status: 404, body: { detail: 'Not found.' } });
    await expect(saver.remove(row)).resolves.toBe(true);
    expect(client.getQueryData(key)).toEqual([]);
    expect(toasts.success).toHaveBeenLastCalledWith('Sync filter deleted successfully.');
  });

  it('removes a never-saved row without a call', async () => {
    const { saver } = setup();
    await expect(saver.remove(emptyRow())).resolves.toBe(true);
    expect(backend.writes()).toEqual([]);
  });

  it('keeps a row whose delete the server refused, and reports the error once', async () => {
    backend.fail('deleteSyncFilter', { status: 500, body: { error: 'Server Error' } });
    const { saver } = setup();
    const row = complete({ id: backend.store.state.filters[0]?.id });
    await expect(saver.remove(row)).resolves.toBe(false);
    expect(toasts.danger).toHaveBeenCalledTimes(1);
    expect(toasts.danger).toHaveBeenCalledWith(ERROR_TEXT.server);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('reports pending calls to its subscribers until they settle', async () => {
    const writes = backend.hold((call) => call.method !== 'GET');
    const { saver } = setup();
    const seen: number[] = [];
    saver.subscribe(() => seen.push(saver.pendingCount()));
    const done = saver.save(complete());
    expect(saver.pendingCount()).toBe(1);
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(1));
    writes.release();
    await done;
    await vi.waitFor(() => expect(saver.pendingCount()).toBe(0));
    expect(seen).toEqual([1, 0]);
  });
});
