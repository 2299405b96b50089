import { createContext, useContext } from 'react';

import type { Attribute } from '@generated/api/model';

import type { LastChange } from '../model/last-change';
import type { MappingStore } from '../model/mapping-store';
import type { MappingSync } from '../model/mapping-sync';

export interface MapperContextValue {
  store: MappingStore;
  sync: MappingSync;
  /** The user's last saved change, which its toast can undo. */
  changes: LastChange;
  /** Every ACE attribute of the tenant (both entity types), by id. */
  aceById: ReadonlyMap<number, Attribute>;
  /** The same, in the server's order. */
  attributes: readonly Attribute[];
  /** Rows register how to send what they still hold back (debounced saves). */
  pending: Set<() => void>;
  /** Sends every held-back change and waits until the server has answered them all. */
  flush(): Promise<void>;
  /** Sends what is held back, then loads attributes, mappings and counts again. */
  reload(): Promise<void>;
}

export const MapperContext = createContext<MapperContextValue | null>(null);

export function useMapper(): MapperContextValue {
  const value = useContext(MapperContext);
  if (!value) throw new Error('useMapper needs the FieldMapper around it');
  return value;
}
