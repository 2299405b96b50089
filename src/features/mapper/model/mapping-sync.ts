import { isApiError } from '@/api/api-error';
import type {
  Attribute,
  DataMapping,
  DataMappingCreate,
  DataMappingWrite,
} from '@generated/api/model';

import { decide } from './decisions';
import { isCleared, type AttributeMappings, type LocalMapping } from './mapping';
import type { MappingStore } from './mapping-store';

const MISSING_ID = 'Mapping id required';

/** The three mapping calls (the generated fetchers in the app, fakes in tests). */
export interface MappingApi {
  create(body: DataMappingCreate): Promise<DataMapping>;
  update(id: number, body: DataMappingWrite): Promise<DataMapping>;
  remove(id: number): Promise<void>;
}

/** Mandatory-mapping events: a mandatory field gained or lost its mapping. */
export type MandatoryEvent = 'added' | 'removed';

export interface SyncHooks {
  mandatory(event: MandatoryEvent, attribute: Attribute): void;
  toast(intent: 'success' | 'danger', message: string): void;
  /** A delete failed for another reason than 'Not found.'. */
  deleteFailed(error: unknown): void;
}

/** How many calls of a sync did what. */
export interface SyncCounts {
  created: number;
  updated: number;
  deleted: number;
  failed: number;
}

export interface SyncSummary extends SyncCounts {
  /** Of the updates, those that only ticked or unticked 'Receive ACE Updates?'. */
  receiveOnly: number;
  /** The first failed call's error (none where the change was refused before any call). */
  error?: unknown;
  /** What the server held for the attribute before this run: what undoing it puts back. */
  before: AttributeMappings;
}

const none = (before: AttributeMappings): SyncSummary => ({
  created: 0,
  updated: 0,
  receiveOnly: 0,
  deleted: 0,
  failed: 0,
  before,
});

/** Counts a failure, keeping the first one's error for whoever must tell it. */
function fail(summary: SyncSummary, error?: unknown): void {
  summary.failed += 1;
  if (summary.failed === 1) summary.error = error;
}

/** A 404 whose body says 'Not found.': the mapping is already gone, which is what we wanted. */
function isAlreadyDeleted(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 404) return false;
  const body = error.body as { detail?: unknown } | undefined;
  return body?.detail === undefined || body.detail === 'Not found.';
}

export interface MappingSync {
  /** Sends what the rows of one attribute changed; calls for one attribute run one at a time. */
  reconcile(attributeId: number): Promise<SyncSummary>;
  /** Resolves once every queued call has finished. */
  idle(): Promise<void>;
}

export function createMappingSync(
  store: MappingStore,
  api: MappingApi,
  hooks: SyncHooks,
  attributeOf: (id: number) => Attribute | undefined,
): MappingSync {
  const queues = new Map<number, Promise<unknown>>();

  /** Where one mapping is shown: read it now, or put another in its place. */
  interface Slot {
    shown(): LocalMapping | undefined;
    show(mapping: LocalMapping | undefined): void;
  }

  /** Applies one decision; returns what the server now holds for that mapping. */
  async function apply(
    saved: LocalMapping | undefined,
    view: LocalMapping | undefined,
    slot: Slot,
    summary: SyncSummary,
  ): Promise<LocalMapping | undefined> {
    const action = decide(saved, view);
    switch (action.kind) {
      case 'none':
        return saved;
      case 'missing-id':
        hooks.toast('danger', MISSING_ID);
        fail(summary);
        return saved;
      case 'create':
        try {
          const created = await api.create(action.body);
          summary.created += 1;
          return { ...(view as LocalMapping), id: created.id };
        } catch (error) {
          fail(summary, error); // mapping errors on create and update are not toasted
          return saved;
        }
      case 'update':
        try {
          await api.update(action.id, action.body);
          summary.updated += 1;
          if (action.receiveOnly) summary.receiveOnly += 1;
          return { ...(view as LocalMapping), id: action.id };
        } catch (error) {
          fail(summary, error);
          const shown = slot.shown();
          // The checkbox must not claim what the server refused.
          if (action.receiveOnly && shown && saved) {
            slot.show({ ...shown, is_receive_update: saved.is_receive_update });
          }
          return saved;
        }
      case 'delete':
        try {
          await api.remove(action.id);
        } catch (error) {
          if (!isAlreadyDeleted(error)) {
            hooks.deleteFailed(error);
            fail(summary, error);
            slot.show(saved);
            return saved;
          }
        }
        summary.deleted += 1;
        return undefined;
    }
  }

  async function run(attributeId: number): Promise<SyncSummary> {
    const saved = store.saved(attributeId);
    const summary = none(saved);
    const attribute = attributeOf(attributeId);
    const current = () => store.view(attributeId);
    const view = current();
    const values = new Map(saved.values);
    let field = saved.field;
    const record = () => store.setSaved(attributeId, { field, values: new Map(values) });

    const fieldSlot: Slot = {
      shown: () => current().field,
      show: (mapping) => store.setView(attributeId, { ...current(), field: mapping }),
    };
    const valueSlot = (key: string): Slot => ({
      shown: () => current().values.get(key),
      show(mapping) {
        const shown = new Map(current().values);
        if (mapping) shown.set(key, mapping);
        else shown.delete(key);
        store.setView(attributeId, { ...current(), values: shown });
      },
    });

    const syncField = async () => {
      const before = field;
      field = await apply(field, view.field, fieldSlot, summary);
      record();
      if (attribute?.is_mandatory && !before && field) hooks.mandatory('added', attribute);
      if (attribute?.is_mandatory && before && !field) hooks.mandatory('removed', attribute);
    };

    const syncValues = async () => {
      const keys = new Set([...saved.values.keys(), ...view.values.keys()]);
      for (const key of keys) {
        const wanted = view.values.get(key);
        const parentId = field?.id;
        if (wanted && !isCleared(wanted) && parentId === undefined) {
          hooks.toast('danger', MISSING_ID); // a value row needs its parent's id
          fail(summary);
          continue;
        }
        const withParent = wanted && {
          ...wanted,
          picklist_mapping: parentId ?? null,
          salesforce_attribute: field?.salesforce_attribute ?? wanted.salesforce_attribute,
        };
        const next = await apply(values.get(key), withParent, valueSlot(key), summary);
        if (next) values.set(key, next);
        else values.delete(key);
        record();
      }
    };

    // A value row needs its parent's id; a parent goes only once its value rows are gone.
    if (saved.field && (!view.field || isCleared(view.field))) {
      await syncValues();
      await syncField();
    } else {
      await syncField();
      await syncValues();
    }
    return summary;
  }

  return {
    reconcile(attributeId) {
      const previous = queues.get(attributeId) ?? Promise.resolve();
      const next = previous.then(() => run(attributeId));
      queues.set(
        attributeId,
        next.catch(() => undefined),
      );
      return next;
    },
    async idle() {
      // Calls queued while waiting are waited for too.
      for (;;) {
        const pending = [...queues.values()];
        await Promise.all(pending);
        const now = [...queues.values()];
        if (now.length === pending.length && now.every((tail, i) => tail === pending[i])) return;
      }
    },
  };
}
