import { useCallback, useEffect, useState } from 'react';

import { toast } from '@/lib/toaster';

import {
  addBlock,
  addCondition,
  patchRow,
  removeCondition,
  type FilterRow,
  type RowPatch,
} from '../model/filter-blocks';
import type { FilterSaver } from './filter-saver';

const ADDED_TEXT = 'Added an empty sync filter.';

/**
 * The editor's rows and what can be done to them. Edits are local until the saver decides a row
 * is complete; removals wait for the server so a refused delete keeps the row.
 */
export function useFilterRows(initial: () => FilterRow[], saver: FilterSaver) {
  const [rows, setRows] = useState(initial);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(() => new Set());

  // A save that lands marks the row as known to the server (its id, what it holds).
  useEffect(
    () =>
      saver.onSaved((key, saved) =>
        setRows((current) =>
          patchRow(current, key, { id: saved.id, savedSignature: saved.signature }),
        ),
      ),
    [saver],
  );

  const patch = useCallback(
    (key: string, change: RowPatch) => setRows((current) => patchRow(current, key, change)),
    [],
  );

  const save = useCallback((row: FilterRow) => void saver.save(row), [saver]);

  const add = useCallback((block: number) => {
    setRows((current) => addCondition(current, block));
    void toast.success(ADDED_TEXT);
  }, []);

  const addOrBlock = useCallback(() => {
    setRows((current) => addBlock(current));
    void toast.success(ADDED_TEXT);
  }, []);

  const remove = useCallback(
    (row: FilterRow) => {
      const mark = (on: boolean) =>
        setRemoving((current) => {
          const next = new Set(current);
          if (on) next.add(row.key);
          else next.delete(row.key);
          return next;
        });
      mark(true);
      void saver.remove(row).then((removed) => {
        mark(false);
        if (removed) setRows((current) => removeCondition(current, row.key));
      });
    },
    [saver],
  );

  return { rows, removing, patch, save, add, addOrBlock, remove };
}
