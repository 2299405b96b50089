import type { Attribute } from '@generated/api/model';

import type { AttributeMappings } from './mapping';
import type { MappingStore } from './mapping-store';
import type { MappingSync, SyncSummary } from './mapping-sync';

/** What a saved change did: only 'Receive ACE Updates?', or what the mapping reads. */
type ChangeKind = 'receive' | 'mapping';

/** How the user hears of the last change and of its undo (the mapper's one toast). */
export interface LastChangeHooks {
  /** A change was saved; `undo` puts back what the server held before it (once). */
  saved(attribute: Attribute, kind: ChangeKind, undo: () => void): void;
  /** The server holds again what it held before the change. */
  undone(attribute: Attribute): void;
  /** The undo was refused: the screen must show what the server holds now. */
  undoFailed(attribute: Attribute, error: unknown): void;
  /** The last change can no longer be undone (the mapper reloaded or closed). */
  forgotten(): void;
}

export interface LastChange {
  /** Sends what the rows of one attribute changed, as the change the user may undo next. */
  save(attributeId: number): Promise<SyncSummary>;
  /**
   * Offers undo while the screen shows this store; the function returned ends the offer (the
   * mapper reloaded or closed), taking the last change's Undo away.
   */
  offer(): () => void;
  /**
   * Takes the last change's Undo away: a change the toast cannot undo (an import, AutoMatch) is
   * about to come after it, and undoing the older one would write over it.
   */
  forget(): void;
}

interface Change {
  attributeId: number;
  before: AttributeMappings;
}

/** Every call went through and at least one changed what the server holds. */
const wasSaved = (summary: SyncSummary) =>
  summary.failed === 0 && summary.created + summary.updated + summary.deleted > 0;

const kindOf = (summary: SyncSummary): ChangeKind =>
  summary.created === 0 && summary.deleted === 0 && summary.updated === summary.receiveOnly
    ? 'receive'
    : 'mapping';

/**
 * The user's last saved mapping change, undoable once. A mapping change writes every record's
 * next sync, so each save says so and can be taken back; only the last one can, since undoing an
 * older one would also undo the changes made after it without saying so. Undo puts the
 * attribute's rows back as the server held them before the change and sends that through the
 * same sync: what was created is deleted, what was deleted is created again (with a new id, the
 * only thing the contract cannot put back), what was updated is updated back.
 */
export function createLastChange(
  store: MappingStore,
  sync: MappingSync,
  attributeOf: (id: number) => Attribute | undefined,
  hooks: LastChangeHooks,
): LastChange {
  let last: Change | undefined;
  let offered = false;

  function forget(): void {
    if (!last) return;
    last = undefined;
    hooks.forgotten();
  }

  async function undo(change: Change): Promise<void> {
    // A newer change replaced it, it was undone already, or its store is no longer on screen.
    if (!offered || last !== change) return;
    last = undefined;
    const attribute = attributeOf(change.attributeId);
    store.setView(change.attributeId, change.before);
    const summary = await sync.reconcile(change.attributeId);
    if (summary.failed > 0) {
      // The rows show what the server is known to hold now, even if reading it again fails too
      // (an outage): a refused re-creation must not look restored.
      store.setView(change.attributeId, store.saved(change.attributeId));
      if (attribute) hooks.undoFailed(attribute, summary.error);
    } else if (attribute) hooks.undone(attribute);
  }

  return {
    async save(attributeId) {
      const summary = await sync.reconcile(attributeId);
      const attribute = attributeOf(attributeId);
      if (!offered || !attribute || !wasSaved(summary)) return summary;
      const change: Change = { attributeId, before: summary.before };
      last = change;
      hooks.saved(attribute, kindOf(summary), () => void undo(change));
      return summary;
    },
    offer() {
      offered = true;
      return () => {
        offered = false;
        forget();
      };
    },
    forget,
  };
}
