import { Card, Classes, Tag } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { BlockError } from '@/components/block-error/block-error';
import { FilterCount } from '@/components/filter-count/filter-count';
import { COMPARISON_LABELS } from '@/lib/comparisons';
import type { EntityType, SyncFilter } from '@generated/api/model';

import { syncFiltersQueryOptions } from '../../dashboard-queries';
import styles from './sync-filters-card.module.css';

/** The dashboard's no-filter sentence (the values mapper says every record will sync). */
export const NO_FILTERS_TEXT = 'You have no filters currently set.';

const ENTITIES: ReadonlyArray<[EntityType, string]> = [
  ['Lead', 'Leads'],
  ['Opportunity', 'Opportunities'],
];

/** Conditions grouped by OR block, in block order. */
function blocks(filters: readonly SyncFilter[]): SyncFilter[][] {
  const byBlock = new Map<number, SyncFilter[]>();
  for (const filter of filters)
    byBlock.set(filter.block, [...(byBlock.get(filter.block) ?? []), filter]);
  return [...byBlock.entries()].sort(([a], [b]) => a - b).map(([, conditions]) => conditions);
}

function EntityFilters({ entity, title }: { entity: EntityType; title: string }) {
  const filters = useQuery(syncFiltersQueryOptions(entity));
  if (filters.isError) {
    return (
      <BlockError
        error={filters.error}
        onRetry={() => void filters.refetch()}
        retrying={filters.isFetching}
      />
    );
  }
  if (filters.isPending) return <p className={Classes.SKELETON}>{title}</p>;
  const groups = blocks(filters.data);
  return (
    <div className={styles.entity}>
      <h3 className={Classes.HEADING}>{title}</h3>
      <FilterCount entity={entity} />
      {groups.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{NO_FILTERS_TEXT}</p>
      ) : (
        <ul className={styles.blocks}>
          {groups.map((conditions, index) => (
            <li key={conditions[0]?.block ?? index}>
              {index > 0 ? <Tag minimal>OR</Tag> : null}{' '}
              {conditions.map((condition, position) => (
                <span key={condition.id}>
                  {position > 0 ? ' AND ' : null}
                  <strong>{condition.attribute.name}</strong>{' '}
                  {COMPARISON_LABELS[condition.comparison_type]} <q>{condition.field_value}</q>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Which leads and opportunities sync: the current filters, read-only, per entity. */
export function SyncFiltersCard({ canEdit }: { canEdit: boolean }) {
  return (
    <Card className={styles.card} elevation={1} role="region" aria-labelledby="sync-filters-title">
      <div className={styles.header}>
        <h2 id="sync-filters-title" className={Classes.HEADING}>
          <FilterIcon aria-hidden /> Sync Filters
        </h2>
        {canEdit ? <Link to="/values-mapper">Edit in Sync Settings</Link> : null}
      </div>
      <div className={styles.entities}>
        {ENTITIES.map(([entity, title]) => (
          <EntityFilters key={entity} entity={entity} title={title} />
        ))}
      </div>
    </Card>
  );
}
