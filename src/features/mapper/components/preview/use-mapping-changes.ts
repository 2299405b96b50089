import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import { getListDataMappingsQueryKey } from '@generated/api/mappings/mappings';

/** A preview is asked again this long after the last mapping change has been saved. */
const PREVIEW_SETTLE_MS = 250;

const MAPPING_WRITES = new Set(['createDataMapping', 'updateDataMapping', 'deleteDataMapping']);
const MAPPING_LIST = getListDataMappingsQueryKey()[0];

/**
 * Calls `onSettled` once the mappings have stopped changing on the server: after the last saved
 * create, update or delete of a mapping (the rows save themselves) or a reload of the whole list
 * (AutoMatch, an import), debounced.
 */
export function useMappingChanges(onSettled: () => void): void {
  const client = useQueryClient();
  const settled = useDebouncedCallback(onSettled, PREVIEW_SETTLE_MS);
  useEffect(() => {
    const stopMutations = client.getMutationCache().subscribe((event) => {
      const key = event.mutation?.options.mutationKey?.[0];
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        MAPPING_WRITES.has(String(key))
      )
        settled();
    });
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryKey[0] === MAPPING_LIST
      )
        settled();
    });
    return () => {
      stopMutations();
      stopQueries();
      settled.cancel();
    };
  }, [client, settled]);
}
