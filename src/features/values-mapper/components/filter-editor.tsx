import { Button, Spinner, Tag } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

import {
  useDraftOnSessionEnd,
  useRestoredDraft,
} from '@/components/session-draft/use-session-draft';
import type { EntityType, PaginatedAttributeList, SyncFilter } from '@generated/api/model';

import {
  groupBlocks,
  rowsFromFilters,
  toFilterAttribute,
  type FilterAttribute,
} from '../model/filter-blocks';
import { isFilterDraft, unsavedRows, withDraft } from '../model/filter-draft';
import { filterAttributesQueryOptions, syncFiltersQueryOptions } from '../values-mapper-queries';
import styles from '../values-mapper.module.css';
import { FilterBlockCard } from './filter-block-card';
import type { FilterSaver } from './filter-saver';
import { useFilterRows } from './use-filter-rows';

const PLURAL: Record<EntityType, string> = { Lead: 'Leads', Opportunity: 'Opportunities' };

const EDITOR_TEXT = {
  addOrBlock: 'Add OR block',
  or: 'OR',
  retry: 'Retry',
  noFilters: (entity: EntityType) =>
    `There are no filters set, so all ${PLURAL[entity]} will sync.`,
} as const;

export interface FilterEditorProps {
  entity: EntityType;
  saver: FilterSaver;
}

/**
 * The filters of one entity type. It starts once the attributes and the saved conditions are in
 * and no save of this entity is still on its way (one flushed when the tab was left, say), so it
 * always starts from what the server holds.
 */
export function FilterEditor({ entity, saver }: FilterEditorProps) {
  const attributes = useQuery(filterAttributesQueryOptions(entity));
  const filters = useQuery(syncFiltersQueryOptions(entity));
  const pending = useSyncExternalStore(saver.subscribe, saver.pendingCount);
  const [started, setStarted] = useState(false);
  const ready = Boolean(attributes.data && filters.data && !filters.isFetching && pending === 0);
  if (ready && !started) setStarted(true);

  if (!started || !attributes.data || !filters.data) {
    if (attributes.isError || filters.isError) {
      return (
        <Button
          text={EDITOR_TEXT.retry}
          onClick={() => {
            if (attributes.isError) void attributes.refetch();
            if (filters.isError) void filters.refetch();
          }}
        />
      );
    }
    return <Spinner className={styles.spinner} size={40} />;
  }
  return (
    <FilterBlocks
      entity={entity}
      attributeList={attributes.data}
      syncFilters={filters.data}
      saver={saver}
    />
  );
}

interface FilterBlocksProps extends FilterEditorProps {
  attributeList: PaginatedAttributeList;
  syncFilters: readonly SyncFilter[];
}

function FilterBlocks({ entity, attributeList, syncFilters, saver }: FilterBlocksProps) {
  const listed = useMemo(
    () =>
      attributeList.results
        // The query asks for this entity's attributes; anything else is not ours to offer.
        .filter((attribute) => !attribute.type || attribute.type === entity)
        .map(toFilterAttribute),
    [attributeList, entity],
  );
  // What was typed but not saved when the last session ended comes back on top of the saved
  // conditions, and is saved as the user would have saved it.
  const screen = `values-mapper:${entity}`;
  const { restored, settle } = useRestoredDraft(screen, isFilterDraft);
  const [start] = useState(() =>
    withDraft(
      rowsFromFilters(syncFilters, new Map(listed.map((attribute) => [attribute.id, attribute]))),
      restored ?? [],
    ),
  );
  const { rows, removing, patch, save, add, addOrBlock, remove } = useFilterRows(
    () => start.rows,
    saver,
  );
  useDraftOnSessionEnd(screen, () => unsavedRows(rows));
  useEffect(() => {
    if (start.restored.length === 0) return;
    void Promise.all(start.restored.map((row) => saver.save(row))).then((saved) =>
      settle(saved.every(Boolean)),
    );
  }, [start, saver, settle]);
  // A saved condition whose attribute the list no longer offers still shows its attribute.
  const options = useMemo(() => {
    const ids = new Set(listed.map((attribute) => attribute.id));
    const extra = new Map<number, FilterAttribute>();
    for (const row of rows) {
      if (row.attribute && !ids.has(row.attribute.id)) extra.set(row.attribute.id, row.attribute);
    }
    return [...listed, ...extra.values()];
  }, [listed, rows]);
  const blocks = groupBlocks(rows);
  const hasSaved = rows.some((row) => row.id !== undefined);

  return (
    <div className={styles.editor}>
      {hasSaved ? null : <p className={styles.notice}>{EDITOR_TEXT.noFilters(entity)}</p>}
      {blocks.map((block, index) => (
        <Fragment key={block.block}>
          {index > 0 ? (
            <Tag className={styles.or} intent="primary" minimal>
              {EDITOR_TEXT.or}
            </Tag>
          ) : null}
          <FilterBlockCard
            block={block}
            position={index + 1}
            attributes={options}
            removing={removing}
            refusals={saver.refusals}
            onAdd={add}
            onPatch={patch}
            onSave={save}
            onRemove={remove}
          />
        </Fragment>
      ))}
      <Button
        className={styles.addBlock}
        icon={<AddIcon />}
        text={EDITOR_TEXT.addOrBlock}
        onClick={addOrBlock}
      />
    </div>
  );
}
