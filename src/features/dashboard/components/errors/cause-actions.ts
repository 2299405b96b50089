import { createContext, useContext } from 'react';

import type { SyncErrorCause } from '@generated/api/model';

/** What the cells of the 'By cause' view can do. */
export interface CauseActions {
  /** Starts a retry run of the cause's records. */
  retry: (cause: SyncErrorCause) => void;
  /** The cause whose retry is being sent, if any. */
  retryingId: string | null;
  /** A run is under way: no retry starts meanwhile. */
  runActive: boolean;
  /** Asks before dismissing the cause's errors (a record that no longer exists). */
  dismiss: (cause: SyncErrorCause) => void;
  /** Opens the override editor at the cause's field. */
  openOverride: (cause: SyncErrorCause) => void;
  /** The values mapper is the super_admin's: a user gets the fix in words, without its link. */
  canEditMappings: boolean;
}

export const CauseActionsContext = createContext<CauseActions | null>(null);

export function useCauseActions(): CauseActions {
  const actions = useContext(CauseActionsContext);
  if (!actions) throw new Error('useCauseActions needs a CauseActionsContext provider');
  return actions;
}
