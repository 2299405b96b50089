import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import type { Attribute, DataMapping } from '@generated/api/model';

import { ace, mapping } from '../testing/fixtures';
import { createLastChange, type LastChangeHooks } from './last-change';
import { groupMappings } from './mapping';
import { createMappingStore } from './mapping-store';
import { createMappingSync, type MappingApi } from './mapping-sync';
import { selectFields, setReceiveUpdate } from './selection';

const NAME = { id: 147, name: 'Name' };
const refOf = (id: number) => (id === NAME.id ? NAME : undefined);
const title = ace(40, 'partnerProjectTitle');
const other = ace(30, 'industryOther');
const attributes = new Map<number, Attribute>([title, other].map((a) => [a.id, a]));

function setup(mappings: DataMapping[] = []) {
  let nextId = 100;
  const api: MappingApi = {
    create: vi.fn(async (body) => mapping(nextId++, body.aws_ace_attribute)),
    update: vi.fn(async (id) => mapping(id, 0)),
    remove: vi.fn(async () => {}),
  };
  const store = createMappingStore(groupMappings(mappings));
  const sync = createMappingSync(
    store,
    api,
    { mandatory: vi.fn(), toast: vi.fn(), deleteFailed: vi.fn() },
    (id) => attributes.get(id),
  );
  const hooks = {
    saved: vi.fn<LastChangeHooks['saved']>(),
    undone: vi.fn<LastChangeHooks['undone']>(),
    undoFailed: vi.fn<LastChangeHooks['undoFailed']>(),
    forgotten: vi.fn<LastChangeHooks['forgotten']>(),
  };
  const changes = createLastChange(store, sync, (id) => attributes.get(id), hooks);
  const endOffer = changes.offer();
  const choose = (attribute: Attribute, ...keys: string[]) =>
    store.setView(attribute.id, selectFields(store.view(attribute.id), attribute, keys, refOf));
  /** The Undo of the n-th saved change (0 first). */
  const undoOf = (n: number) => hooks.saved.mock.calls[n]?.[2] ?? (() => {});
  return { store, api, hooks, changes, endOffer, choose, undoOf };
}

describe('the last mapping change', () => {
  it('tells a saved change and its kind; a receive-only tick is its own kind', async () => {
    const { store, changes, hooks, choose } = setup([
      mapping(1, 40, { salesforce_attribute: NAME }),
    ]);
    store.setView(40, setReceiveUpdate(store.view(40), true));
    await changes.save(40);
    expect(hooks.saved).toHaveBeenLastCalledWith(title, 'receive', expect.any(Function));
    choose(other, '147');
    await changes.save(30);
    expect(hooks.saved).toHaveBeenLastCalledWith(other, 'mapping', expect.any(Function));
  });

  it('offers nothing for a save that changed nothing or failed', async () => {
    const { api, changes, hooks, choose } = setup();
    await changes.save(40);
    vi.mocked(api.create).mockRejectedValueOnce(new ApiError({ status: 400, url: '/x' }));
    choose(title, '147');
    await changes.save(40);
    expect(hooks.saved).not.toHaveBeenCalled();
  });

  it('undoes the last change once; an older change is no longer undoable', async () => {
    const { store, api, changes, hooks, choose, undoOf } = setup();
    choose(title, '147');
    await changes.save(40);
    choose(other, '147');
    await changes.save(30);

    undoOf(0)(); // replaced by the newer change
    undoOf(1)();
    undoOf(1)(); // a second click
    await vi.waitFor(() => expect(hooks.undone).toHaveBeenCalledWith(other));
    expect(api.remove).toHaveBeenCalledTimes(1);
    expect(api.remove).toHaveBeenCalledWith(101);
    expect(store.view(30).field).toBeUndefined();
    expect(store.saved(40).field?.id).toBe(100);
  });

  it('says when the undo was refused, with the error', async () => {
    const { api, changes, hooks, choose, undoOf } = setup();
    choose(title, '147');
    await changes.save(40);
    const refusal = new ApiError({ status: 500, url: '/x' });
    vi.mocked(api.remove).mockRejectedValueOnce(refusal);
    undoOf(0)();
    await vi.waitFor(() => expect(hooks.undoFailed).toHaveBeenCalledWith(title, refusal));
    expect(hooks.undone).not.toHaveBeenCalled();
  });

  it('shows what the server holds after a refused re-creation', async () => {
    const { store, api, changes, hooks, choose, undoOf } = setup([
      mapping(1, 40, { salesforce_attribute: NAME }),
    ]);
    choose(title);
    await changes.save(40);
    vi.mocked(api.create).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    undoOf(0)();
    await vi.waitFor(() => expect(hooks.undoFailed).toHaveBeenCalled());
    expect(store.view(40).field).toBeUndefined();
  });

  it('takes the Undo away when a change it cannot undo comes after it', async () => {
    const { api, changes, hooks, choose, undoOf } = setup();
    choose(title, '147');
    await changes.save(40);
    changes.forget();
    expect(hooks.forgotten).toHaveBeenCalledTimes(1);
    undoOf(0)();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('takes the Undo away when the offer ends, and offers none after', async () => {
    const { api, changes, hooks, choose, endOffer, undoOf } = setup();
    choose(title, '147');
    await changes.save(40);
    endOffer();
    expect(hooks.forgotten).toHaveBeenCalledTimes(1);
    undoOf(0)();
    choose(other, '147');
    await changes.save(30);
    expect(api.remove).not.toHaveBeenCalled();
    expect(hooks.saved).toHaveBeenCalledTimes(1);
  });
});
