import type { Attribute } from '@generated/api/model';

import { salesforceValues } from '../model/attributes';
import { DUMMY_KEY } from '../model/mapping';
import { makeOption, type SelectOption } from './select/select-options';

/** The option with id -1: a fixed (dummy) value typed in a text box. */
export const DUMMY_OPTION = makeOption(DUMMY_KEY, 'Dummy Value');

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
