import { MutationCache, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toaster';
import { emptyRow, rowsFromSettings, type FilterAttribute, type FilterRow } from './filter-blocks';
import { FilterSaver } from './filter-saver';
import { syncFiltersQuery } from './sync-filter-queries';
import { fakeSyncBackend, SETTINGS_PATH } from './test-backend';

vi.mock('@/lib/toaster', () => ({
  toast: { success: vi.fn(), danger: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const REVENUE: FilterAttribute = { id: 44, name: 'expectedMonthlyAwsRevenue', dataType: 'Double' };
const DATE: FilterAttribute = { id: 45, name: 'targetCloseDate', dataType: 'Date' };

function setup() {
  const onError = vi.fn();
  const client = new QueryClient({ mutationCache: new MutationCache({ onError }) });
  return { client, onError, saver: new FilterSaver(client, 'Opportunity') };
}

const complete = (extra: Partial<FilterRow> = {}): FilterRow => ({
  ...emptyRow(1),
  attribute: REVENUE,
  value: '5000',
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('FilterSaver', () => {
  it('POSTs a new complete row once, with keepalive, and toasts', async () => {
    const backend = fakeSyncBackend();
    const { saver } = setup();
    const row = complete({ block: 2 });
    await saver.save(row);
    await saver.save(row); // nothing changed since
    expect(backend.writes()).toHaveLength(1);
    expect(backend.writes()[0]).toMatchObject({
      method: 'POST',
      path: `${SETTINGS_PATH}/`,
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
    expect(toast.success).toHaveBeenCalledWith('Sync filter saved successfully.');
  });

  it('skips rows without attribute or value, and numbers that are not numbers', async () => {
    const backend = fakeSyncBackend();
    const { saver } = setup();
    await saver.save({ ...emptyRow(), value: '5' });
    await saver.save(complete({ value: '' }));
    await saver.save(complete({ value: 'lots' }));
    expect(backend.writes()).toEqual([]);
    await saver.save(complete({ attribute: DATE, value: '2026-03-04' }));
    expect(backend.writes().map((call) => call.body?.field_value)).toEqual(['2026-03-04']);
  });

  it('turns an edit made while the POST is in flight into a PATCH of the new id', async () => {
    const backend = fakeSyncBackend({ holdWrites: true });
    const { saver } = setup();
    const row = complete();
    const first = saver.save(row);
    const second = saver.save({ ...row, value: '7000' });
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(1));
    backend.release();
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(2));
    backend.release();
    await Promise.all([first, second]);
    const [post, patch] = backend.writes();
    expect(post?.method).toBe('POST');
    expect(patch).toMatchObject({
      method: 'PATCH',
      path: `${SETTINGS_PATH}/101/`,
      body: { field_value: '7000', attribute_id: 44 },
    });
    expect(toast.success).toHaveBeenLastCalledWith('Sync filter updated successfully.');
  });

  it('PATCHes a loaded row only when it changed', async () => {
    const backend = fakeSyncBackend();
    const { saver } = setup();
    const [loaded] = rowsFromSettings(
      [
        {
          id: 12,
          attribute: { id: 44, name: 'expectedMonthlyAwsRevenue' },
          comparison_type: 'greater_than',
          field_value: '5000',
          entity_type: 'Opportunity',
          sync_type: 'or',
          block: 1,
          data_type: 'Double',
        },
      ],
      new Map(),
    );
    await saver.save(loaded!);
    expect(backend.writes()).toEqual([]);
    await saver.save({ ...loaded!, comparison: 'lesser_than' });
    expect(backend.writes()).toMatchObject([
      { method: 'PATCH', path: `${SETTINGS_PATH}/12/`, body: { comparison_type: 'lesser_than' } },
    ]);
  });

  it('DELETEs a saved row, keeps the cached list in step and ignores later saves of it', async () => {
    const backend = fakeSyncBackend();
    const { saver, client } = setup();
    const key = syncFiltersQuery('Opportunity').queryKey;
    client.setQueryData(key, []);
    const row = complete();
    await saver.save(row);
    expect(client.getQueryData(key)).toHaveLength(1);
    await expect(saver.remove(row)).resolves.toBe(true);
    await saver.save({ ...row, value: '9' });
    expect(backend.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${SETTINGS_PATH}/`,
      `DELETE ${SETTINGS_PATH}/101/`,
    ]);
    expect(client.getQueryData(key)).toEqual([]);
    expect(toast.success).toHaveBeenLastCalledWith('Sync filter deleted successfully.');
  });

  it('removes a never-saved row without a call', async () => {
    const backend = fakeSyncBackend();
    const { saver } = setup();
    await expect(saver.remove(emptyRow())).resolves.toBe(true);
    expect(backend.writes()).toEqual([]);
  });

  it('keeps a row whose delete the server refused, and reports the error once', async () => {
    fakeSyncBackend({ fail: { method: 'DELETE', status: 500 } });
    const { saver, onError } = setup();
    const row = complete({ id: 5 });
    await expect(saver.remove(row)).resolves.toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('reports pending calls to its subscribers until they settle', async () => {
    const backend = fakeSyncBackend({ holdWrites: true });
    const { saver } = setup();
    const seen: number[] = [];
    saver.subscribe(() => seen.push(saver.pendingCount()));
    const done = saver.save(complete());
    expect(saver.pendingCount()).toBe(1);
    await vi.waitFor(() => expect(backend.writes()).toHaveLength(1));
    backend.release();
    await done;
    await vi.waitFor(() => expect(saver.pendingCount()).toBe(0));
    expect(seen).toEqual([1, 0]);
  });
});
