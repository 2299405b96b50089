import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';

import { BlockError } from '@/components/block-error/block-error';
import type { EntityType } from '@generated/api/model';

import { filterCountQueryOptions } from './filter-count-queries';

const PLURAL: Record<EntityType, string> = { Lead: 'leads', Opportunity: 'opportunities' };

/** '{n} of {total} leads would sync with these filters' (issue 15), or the empty org's sentence. */
function filterCountText(entity: EntityType, matching: number, total: number): string {
  if (total === 0) return `There are no ${PLURAL[entity]} in Salesforce yet.`;
  return `${matching} of ${total} ${PLURAL[entity]} would sync with these filters`;
}

/**
 * How many records of one type the current filters let through, out of all in Salesforce,
 * announced politely when it changes. Its failure is its own: the filters around it still work.
 */
export function FilterCount({ entity }: { entity: EntityType }) {
  const count = useQuery(filterCountQueryOptions(entity));
  if (count.isError) {
    return (
      <BlockError
        error={count.error}
        onRetry={() => void count.refetch()}
        retrying={count.isFetching}
      />
    );
  }
  return (
    <p
      aria-live="polite"
      aria-busy={!count.data}
      className={count.data ? undefined : Classes.SKELETON}
    >
      {count.data ? (
        filterCountText(entity, count.data.matching, count.data.total)
      ) : (
        // The loaded line's shape while it loads, kept from assistive technology: not a count.
        <span aria-hidden="true">{filterCountText(entity, 0, 1)}</span>
      )}
    </p>
  );
}
