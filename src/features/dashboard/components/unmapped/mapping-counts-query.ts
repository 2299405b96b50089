import { getGetMappingCountsQueryOptions } from '@generated/api/mappings/mappings';

import { BLOCK_QUERY } from '../../block-query';

/**
 * The required ACE fields and how many are mapped (the notice of those still unmapped). Apart
 * from dashboard-queries.ts, which the route's loader puts in the entry chunk: the loader imports
 * this module when it runs (see prefetchDashboard).
 */
export const mappingCountsQueryOptions = () =>
  getGetMappingCountsQueryOptions({ query: BLOCK_QUERY });
