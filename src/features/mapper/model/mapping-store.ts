import { NO_MAPPINGS, salesforceIds, type AttributeMappings } from './mapping';

/**
 * The mapper's state outside React: per ACE attribute, what the rows show (`view`) and what the
 * server is known to hold (`saved`). Rows subscribe and read only their own attribute, so a change
 * in one row re-renders that row alone.
 */
export interface MappingStore {
  view(attributeId: number): AttributeMappings;
  saved(attributeId: number): AttributeMappings;
  setView(attributeId: number, next: AttributeMappings): void;
  setSaved(attributeId: number, next: AttributeMappings): void;
  /** Every attribute that has a mapping on screen. */
  views(): [number, AttributeMappings][];
  /**
   * 'Receive ACE Updates?' is unavailable: no mapping, no Salesforce field to write (a dummy
   * value), or one of its fields already receives updates through another mapping.
   */
  receiveBlocked(attributeId: number): boolean;
  subscribe(listener: () => void): () => void;
}

export function createMappingStore(seed: ReadonlyMap<number, AttributeMappings>): MappingStore {
  const view = new Map(seed);
  const saved = new Map(seed);
  const listeners = new Set<() => void>();
  /** Salesforce field id -> ACE attributes whose mapping receives updates into it. */
  let receivers: Map<number, number[]> | undefined;

  const receiverIndex = () => {
    if (receivers) return receivers;
    receivers = new Map();
    for (const [attributeId, { field }] of view) {
      if (!field?.is_receive_update) continue;
      for (const id of salesforceIds(field)) {
        receivers.set(id, [...(receivers.get(id) ?? []), attributeId]);
      }
    }
    return receivers;
  };

  return {
    view: (attributeId) => view.get(attributeId) ?? NO_MAPPINGS,
    saved: (attributeId) => saved.get(attributeId) ?? NO_MAPPINGS,
    setView(attributeId, next) {
      view.set(attributeId, next);
      receivers = undefined;
      listeners.forEach((listener) => listener());
    },
    setSaved(attributeId, next) {
      saved.set(attributeId, next);
    },
    views: () => [...view].filter(([, mappings]) => mappings.field || mappings.values.size > 0),
    receiveBlocked(attributeId) {
      const field = view.get(attributeId)?.field;
      if (!field) return true;
      if (field.is_receive_update) return false; // what is ticked can always be unticked
      const ids = salesforceIds(field);
      if (ids.length === 0) return true;
      const index = receiverIndex();
      return ids.some((id) => (index.get(id) ?? []).some((other) => other !== attributeId));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
