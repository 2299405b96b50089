import type { RefusalBoard } from '@/components/form/refusal-board';
import { toast } from '@/lib/toaster';

import type { LastChangeHooks } from '../model/last-change';

/**
 * The key of the mapper's one toast: each save replaces the one before in place (with its Undo),
 * so a run of quick changes never stacks toasts, and only the last change offers Undo.
 */
const LAST_CHANGE_TOAST = 'mapper:last-change';

const LAST_CHANGE_TEXT = {
  saved: (field: string) => `Saved the mapping of ${field}.`,
  /** A tick of 'Receive ACE Updates?' keeps the product's own words for it. */
  receiveUpdated: 'Updated successfully',
  undo: 'Undo',
  undone: (field: string) => `Undid the change to the mapping of ${field}.`,
  undoFailed: (field: string) => `Could not undo the change to the mapping of ${field}.`,
} as const;

const onTheToast = { key: LAST_CHANGE_TOAST };

/**
 * The mapper's last change as toasts. A refused undo says so beside the refusal itself (told once
 * by the mapper's refusal board, though the sync heard it too), and `reload` then shows what the
 * server holds: the rows were already put back on screen, and must not claim what the server
 * refused.
 */
export function lastChangeToasts(
  reload: () => Promise<void>,
  refusals: RefusalBoard<never>,
): LastChangeHooks {
  return {
    saved: (attribute, kind, undo) =>
      void toast.success(
        kind === 'receive'
          ? LAST_CHANGE_TEXT.receiveUpdated
          : LAST_CHANGE_TEXT.saved(attribute.name),
        { ...onTheToast, action: { text: LAST_CHANGE_TEXT.undo, onClick: undo } },
      ),
    undone: (attribute) => void toast.success(LAST_CHANGE_TEXT.undone(attribute.name), onTheToast),
    undoFailed: (attribute, error) => {
      void toast.danger(LAST_CHANGE_TEXT.undoFailed(attribute.name), onTheToast);
      refusals.refuse(error, () => undefined);
      void reload();
    },
    forgotten: () => toast.dismiss(LAST_CHANGE_TOAST),
  };
}
