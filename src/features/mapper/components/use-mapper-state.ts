import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';

import { createRefusalBoard, type RefusalBoard } from '@/components/form/refusal-board';
import {
  useDraftOnSessionEnd,
  useRestoredDraft,
} from '@/components/session-draft/use-session-draft';
import { toast } from '@/lib/toaster';
import {
  getListAwsAttributesQueryKey,
  useListAwsAttributes,
} from '@generated/api/attributes/attributes';
import {
  getCreateDataMappingMutationOptions,
  getDeleteDataMappingMutationOptions,
  getGetMappingCountsQueryKey,
  getListDataMappingsQueryKey,
  getUpdateDataMappingMutationOptions,
  useListDataMappings,
} from '@generated/api/mappings/mappings';
import type {
  ListAwsAttributesParams,
  ListDataMappingsParams,
  MappingCounts,
} from '@generated/api/model';

import { applyMandatoryEvent } from '../model/counts';
import { isDummyDraft, unsavedDummies, withDummy } from '../model/dummy-draft';
import { createLastChange } from '../model/last-change';
import { groupMappings, MAPPING_FIELDS } from '../model/mapping';
import { createMappingStore } from '../model/mapping-store';
import { createMappingSync, type MappingApi, type SyncHooks } from '../model/mapping-sync';
import { lastChangeToasts } from './last-change-toasts';
import type { MapperContextValue } from './mapper-context';

/** Every ACE attribute of the tenant at once; the tabs page them by 20. */
const ACE_ATTRIBUTE_PARAMS: ListAwsAttributesParams = { 'page-size': 10000 };
/** Every mapping, value rows included, in one request. */
const MAPPING_PARAMS: ListDataMappingsParams = { 'page-size': 100000 };
/** The mapper's key in the store of edits kept across a session's end (one mapping per tenant). */
const DRAFT_SCREEN = 'mapper:dummy-values';

// Create and update errors are ignored (no toast); a delete's are told by the sync.
const silent = { meta: { silentErrors: true } };

function mappingApi(client: QueryClient): MappingApi {
  return {
    create: (data) =>
      new MutationObserver(
        client,
        getCreateDataMappingMutationOptions({ mutation: silent }),
      ).mutate({ data }),
    update: (id, data) =>
      new MutationObserver(
        client,
        getUpdateDataMappingMutationOptions({ mutation: silent }),
      ).mutate({ id, data }),
    remove: (id) =>
      new MutationObserver(
        client,
        getDeleteDataMappingMutationOptions({ mutation: silent }),
      ).mutate({ id }),
  };
}

function syncHooks(client: QueryClient, refusals: RefusalBoard<never>): SyncHooks {
  return {
    // Everyone reading the counts (the count lines, the wizard's Finish) sees the new numbers.
    mandatory: (event, attribute) =>
      client.setQueryData<MappingCounts>(getGetMappingCountsQueryKey(), (counts) =>
        counts ? applyMandatoryEvent(counts, event, attribute.type) : counts,
      ),
    toast: (intent, message) => void toast[intent](message),
    deleteFailed: (error) => refusals.refuse(error, () => undefined),
  };
}

/** Loads attributes, mappings and counts again: the store is built anew on what the server holds. */
async function refetchMapper(client: QueryClient): Promise<void> {
  await Promise.all([
    client.refetchQueries({ queryKey: getListAwsAttributesQueryKey(ACE_ATTRIBUTE_PARAMS) }),
    client.refetchQueries({ queryKey: getListDataMappingsQueryKey(MAPPING_PARAMS) }),
    client.invalidateQueries({ queryKey: getGetMappingCountsQueryKey() }),
  ]);
}

export interface MapperState {
  value: MapperContextValue | undefined;
  loading: boolean;
  /** Waits for pending calls, then loads attributes, mappings and counts again. */
  reload: () => Promise<void>;
}

/**
 * Loads the ACE attributes and the mappings once, and builds the store and the sync on them. The
 * server's lists are read again only on purpose (auto-match, import): the mapper's own changes
 * live in the store.
 */
export function useMapperState(): MapperState {
  const client = useQueryClient();
  const stable = { query: { staleTime: Infinity } };
  const ace = useListAwsAttributes(ACE_ATTRIBUTE_PARAMS, stable);
  const mappings = useListDataMappings(MAPPING_PARAMS, stable);
  const attributes = ace.data?.results;
  const mappingList = mappings.data?.results;

  const value = useMemo((): MapperContextValue | undefined => {
    if (!attributes || !mappingList) return undefined;
    const aceById = new Map(attributes.map((attribute) => [attribute.id, attribute]));
    const store = createMappingStore(groupMappings(mappingList, attributes));
    const refusals = createRefusalBoard(MAPPING_FIELDS);
    const sync = createMappingSync(store, mappingApi(client), syncHooks(client, refusals), (id) =>
      aceById.get(id),
    );
    const pending = new Set<() => void>();
    const flush = async () => {
      pending.forEach((send) => send());
      await sync.idle();
    };
    const reload = async () => {
      await flush();
      await refetchMapper(client);
    };
    const changes = createLastChange(
      store,
      sync,
      (id) => aceById.get(id),
      lastChangeToasts(reload, refusals),
    );
    return { store, sync, changes, aceById, attributes, pending, flush, reload };
  }, [attributes, mappingList, client]);

  // Saves are undoable while their store is on screen. A reload builds a new store, and leaving
  // the mapper drops it: the last change's Undo, made against the store that is gone, goes too,
  // and a save that ends after that offers none.
  useEffect(() => value?.changes.offer(), [value]);

  // Dummy values typed but not saved when the session ended are kept, and saved once the same
  // user opens the mapper again, as the row would have saved them.
  useDraftOnSessionEnd(DRAFT_SCREEN, () => (value ? unsavedDummies(value.store) : undefined));
  const { restored, settle } = useRestoredDraft(DRAFT_SCREEN, isDummyDraft);
  const restoreSent = useRef(false);
  useEffect(() => {
    if (!value || !restored || restoreSent.current) return;
    restoreSent.current = true;
    const { store, sync, aceById } = value;
    const changed = new Set<number>();
    for (const entry of restored) {
      const attribute = aceById.get(entry.attributeId);
      if (!attribute) continue;
      store.setView(attribute.id, withDummy(store.view(attribute.id), attribute, entry));
      changed.add(attribute.id);
    }
    void Promise.all([...changed].map((id) => sync.reconcile(id))).then((summaries) =>
      settle(changed.size > 0 && summaries.every((summary) => summary.failed === 0)),
    );
  }, [value, restored, settle]);

  const reload = useCallback(
    async () => (value ? value.reload() : refetchMapper(client)),
    [client, value],
  );

  return { value, loading: ace.isPending || mappings.isPending, reload };
}
