import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { getListSalesforceAttributesQueryOptions } from '@generated/api/attributes/attributes';
import type { Attribute, ListSalesforceAttributesParams } from '@generated/api/model';

import { salesforceOfType, salesforceValues, type EntityType } from '../model/attributes';
import { DUMMY_KEY } from '../model/mapping';
import { makeOption, type SelectOption } from '../select/select-options';

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

/** The option with id -1: a fixed (dummy) value typed in a text box. */
export const DUMMY_OPTION = makeOption(DUMMY_KEY, 'Dummy Value');

export interface SalesforceFields {
  options: readonly SelectOption[];
  byId: ReadonlyMap<number, Attribute>;
  loading: boolean;
}

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

const valueOptionCache = new WeakMap<Attribute, readonly SelectOption[]>();
const ONLY_DUMMY: readonly SelectOption[] = [DUMMY_OPTION];

/** What a value sub-row offers: the Salesforce field's values, and the dummy option. */
export function valueOptions(field: Attribute | undefined): readonly SelectOption[] {
  if (!field) return ONLY_DUMMY;
  let options = valueOptionCache.get(field);
  if (!options) {
    options = [
      DUMMY_OPTION,
      ...salesforceValues(field).map(({ value, label }) => makeOption(value, value, label)),
    ];
    valueOptionCache.set(field, options);
  }
  return options;
}
