import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import type { Attribute, DataMapping } from '@generated/api/model';

import { ace, mapping } from '../testing/fixtures';
import { groupMappings } from './mapping';
import { createMappingStore } from './mapping-store';
import { createMappingSync, type MappingApi, type SyncHooks } from './mapping-sync';
import { selectFields, selectValues, setReceiveUpdate } from './selection';

const NAME = { id: 147, name: 'Name' };
const STAGE = { id: 159, name: 'StageName' };
const refOf = (id: number) => [NAME, STAGE].find((ref) => ref.id === id);
const title = ace(40, 'partnerProjectTitle', { is_mandatory: true });
const stage = ace(46, 'stage', { data_type: 'Picklist', is_mandatory: true });
const optional = ace(30, 'industryOther');
const attributes = new Map<number, Attribute>([title, stage, optional].map((a) => [a.id, a]));

function setup(mappings: DataMapping[] = [], api: Partial<MappingApi> = {}) {
  let nextId = 100;
  const calls: string[] = [];
  const fullApi: MappingApi = {
    create: vi.fn(async (body) => {
      calls.push(`POST ${JSON.stringify(body)}`);
      return mapping(nextId++, body.aws_ace_attribute);
    }),
    update: vi.fn(async (id, body) => {
      calls.push(`PATCH ${id} ${JSON.stringify(body)}`);
      return mapping(id, 0);
    }),
    remove: vi.fn(async (id) => {
      calls.push(`DELETE ${id}`);
    }),
    ...api,
  };
  const hooks: SyncHooks = { mandatory: vi.fn(), toast: vi.fn(), deleteFailed: vi.fn() };
  const store = createMappingStore(groupMappings(mappings));
  const sync = createMappingSync(store, fullApi, hooks, (id) => attributes.get(id));
  const choose = (attribute: Attribute, ...keys: string[]) =>
    store.setView(attribute.id, selectFields(store.view(attribute.id), attribute, keys, refOf));
  return { store, sync, hooks, calls, api: fullApi, choose };
}

describe('mapping sync', () => {
  it("creates a mandatory field's mapping and emits 'added'; deleting it emits 'removed'", async () => {
    const { sync, hooks, calls, choose } = setup();
    choose(title, '147');
    await sync.reconcile(40);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST .*"salesforce_attribute":147/);
    expect(hooks.mandatory).toHaveBeenCalledWith('added', title);

    choose(title);
    await sync.reconcile(40);
    expect(calls[1]).toBe('DELETE 100');
    expect(hooks.mandatory).toHaveBeenLastCalledWith('removed', title);
  });

  it('emits nothing for an optional field, nor for an update', async () => {
    const { sync, hooks, choose } = setup([mapping(1, 40, { salesforce_attribute: NAME })]);
    choose(optional, '147');
    await sync.reconcile(30);
    choose(title, '159');
    await sync.reconcile(40);
    expect(hooks.mandatory).not.toHaveBeenCalled();
  });

  it('sends one change at a time per field: the update waits for the id the create returns', async () => {
    let release: (value: DataMapping) => void = () => {};
    const create = vi.fn(() => new Promise<DataMapping>((resolve) => (release = resolve)));
    const { sync, api, choose } = setup([], { create });
    choose(title, '147');
    const first = sync.reconcile(40);
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    choose(title, '147', '159');
    const second = sync.reconcile(40);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(api.update).not.toHaveBeenCalled();
    release(mapping(55, 40));
    await Promise.all([first, second]);
    expect(api.update).toHaveBeenCalledWith(55, expect.objectContaining({ is_concatenated: true }));
  });

  it("counts a 'Not found.' reply to a delete as deleted", async () => {
    const notFound = new ApiError({ status: 404, body: { detail: 'Not found.' }, url: '/x' });
    const { sync, store, hooks, choose } = setup([mapping(1, 40, { salesforce_attribute: NAME })], {
      remove: vi.fn(async () => Promise.reject(notFound)),
    });
    choose(title);
    const summary = await sync.reconcile(40);
    expect(summary.deleted).toBe(1);
    expect(store.saved(40).field).toBeUndefined();
    expect(hooks.deleteFailed).not.toHaveBeenCalled();
    expect(hooks.mandatory).toHaveBeenCalledWith('removed', title);
  });

  it('tells any other delete failure and shows the mapping again', async () => {
    const failure = new ApiError({ status: 500, url: '/x' });
    const { sync, store, hooks, choose } = setup([mapping(1, 40, { salesforce_attribute: NAME })], {
      remove: vi.fn(async () => Promise.reject(failure)),
    });
    choose(title);
    await sync.reconcile(40);
    expect(hooks.deleteFailed).toHaveBeenCalledWith(failure);
    expect(store.view(40).field?.salesforce_attribute).toEqual(NAME);
  });

  it('ignores a failed create or update, keeping what the user chose', async () => {
    const { sync, store, hooks, choose } = setup([], {
      create: vi.fn(async () => Promise.reject(new ApiError({ status: 400, url: '/x' }))),
    });
    choose(title, '147');
    const summary = await sync.reconcile(40);
    expect(summary.failed).toBe(1);
    expect(hooks.toast).not.toHaveBeenCalled();
    expect(store.view(40).field?.salesforce_attribute).toEqual(NAME);
    expect(store.saved(40).field).toBeUndefined();
  });

  it("toasts 'Mapping id required' when a change reaches a mapping without id", async () => {
    const { sync, store, hooks, api } = setup();
    const withoutId = {
      ...groupMappings([mapping(1, 40, { salesforce_attribute: NAME })]).get(40)!,
    };
    withoutId.field = { ...withoutId.field!, id: undefined };
    store.setSaved(40, withoutId);
    store.setView(40, setReceiveUpdate(withoutId, true));
    await sync.reconcile(40);
    expect(hooks.toast).toHaveBeenCalledWith('danger', 'Mapping id required');
    expect(api.update).not.toHaveBeenCalled();
  });

  it("patches 'Receive ACE Updates?' alone, counted as such, and unticks it if refused", async () => {
    const { sync, store, api } = setup([mapping(1, 40, { salesforce_attribute: NAME })]);
    store.setView(40, setReceiveUpdate(store.view(40), true));
    const summary = await sync.reconcile(40);
    expect(api.update).toHaveBeenCalledWith(1, { is_receive_update: true });
    expect(summary).toMatchObject({ updated: 1, receiveOnly: 1, failed: 0 });

    vi.mocked(api.update).mockRejectedValueOnce(new ApiError({ status: 400, url: '/x' }));
    store.setView(40, setReceiveUpdate(store.view(40), false));
    await sync.reconcile(40);
    expect(store.view(40).field?.is_receive_update).toBe(true);
  });

  it("creates the picklist parent first, then the value rows with the parent's id", async () => {
    const { sync, store, calls, choose } = setup();
    choose(stage, '159');
    store.setView(46, selectValues(store.view(46), stage, 'Prospect', ['Prospecting']));
    await sync.reconcile(46);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toContain('"aws_ace_picklist_value":"Prospect"');
    expect(calls[1]).toContain('"picklist_mapping":100');
    expect(calls[1]).toContain('"salesforce_attribute":159');
  });

  it('deletes the value rows before their parent', async () => {
    const { sync, calls, choose } = setup([
      mapping(8, 46, { salesforce_attribute: STAGE, is_picklist: true }),
      mapping(9, 46, {
        salesforce_attribute: STAGE,
        is_picklist: true,
        aws_ace_picklist_value: 'Prospect',
        salesforce_picklist_value: 'Prospecting',
        picklist_mapping: 8,
      }),
    ]);
    choose(stage);
    await sync.reconcile(46);
    expect(calls).toEqual(['DELETE 9', 'DELETE 8']);
  });

  it('waits for every queued call in idle()', async () => {
    const { sync, api, choose } = setup();
    choose(title, '147');
    choose(optional, '147');
    void sync.reconcile(40);
    void sync.reconcile(30);
    await sync.idle();
    expect(api.create).toHaveBeenCalledTimes(2);
  });
});
