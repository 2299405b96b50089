import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { getListSalesforceAttributesQueryOptions } from '@generated/api/attributes/attributes';
import type { Attribute, ListSalesforceAttributesParams } from '@generated/api/model';

import { DUMMY_OPTION } from './components/salesforce-options';
import { makeOption, type SelectOption } from './components/select/select-options';
import { salesforceOfType, type EntityType } from './model/attributes';

/** The row selectors are loaded with up to 10,000 Salesforce attributes. */
const salesforceParams = (type: EntityType): ListSalesforceAttributesParams => ({
  type,
  'page-size': 10000,
});

/** One type's Salesforce attributes, read once per visit: the rows, the import and a prefetch. */
export const salesforceFieldsQueryOptions = (type: EntityType) =>
  getListSalesforceAttributesQueryOptions(salesforceParams(type), {
    query: { staleTime: Infinity },
  });

export interface SalesforceFields {
  options: readonly SelectOption[];
  byId: ReadonlyMap<number, Attribute>;
  loading: boolean;
}

/** One type's Salesforce fields as the row selectors' options (the dummy value first), and by id. */
export function useSalesforceFields(type: EntityType): SalesforceFields {
  const query = useQuery(salesforceFieldsQueryOptions(type));
  const results = query.data?.results;
  const loading = query.isPending;
  return useMemo(() => {
    const fields = salesforceOfType(results ?? [], type);
    return {
      options: [
        DUMMY_OPTION,
        ...fields.map((field) => makeOption(String(field.id), field.name, field.help_text)),
      ],
      byId: new Map(fields.map((field) => [field.id, field])),
      loading,
    };
  }, [results, type, loading]);
}
