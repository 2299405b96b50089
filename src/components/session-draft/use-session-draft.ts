import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

import { onSessionEnded } from '@/api/http';
import { session } from '@/api/session';
import { drafts, type DraftOwner } from '@/lib/drafts';
import { toast } from '@/lib/toaster';

/**
 * How an editor keeps its unsaved edits across the end of a session:
 *
 * - `useDraftOnSessionEnd`: when the session ends (a failed refresh, no refresh token, ended in
 *   another tab) while the screen is open, what it has not saved is kept as the draft of that
 *   screen for the user who was signed in. A save that fails because the session ended leaves its
 *   edits unsaved, so they are kept too.
 * - `useRestoredDraft`: when the screen opens again for that same user and tenant, the draft comes
 *   back, once. The editor puts it on screen and saves it the way the user would have, then calls
 *   `settle`. If the session ends again meanwhile, what is still unsaved is kept again; any other
 *   failure leaves the edits on screen, as a failed save does.
 */

const DRAFT_TEXT = { saved: 'Your unsaved changes were saved.' } as const;

/** The signed-in user and their tenant, as a draft's owner; undefined when nobody is signed in. */
export function signedInOwner(): DraftOwner | undefined {
  if (!session.isLoggedIn()) return undefined;
  const userId = session.getUser()?.id ?? session.userIdFromToken();
  const tenantId = session.tenantId();
  return userId !== undefined && tenantId !== undefined ? { userId, tenantId } : undefined;
}

/**
 * Keeps `unsaved()` (undefined: nothing unsaved) as the screen's draft when the session ends. The
 * owner is who was signed in when the screen opened: another sign-in ends the session first.
 */
export function useDraftOnSessionEnd<T>(screen: string, unsaved: () => T | undefined): void {
  const [owner] = useState(signedInOwner);
  const [ended, setEnded] = useState(false);
  const keep = useEffectEvent(() => {
    const value = unsaved();
    if (owner && value !== undefined) drafts.put(screen, owner, value);
  });
  useEffect(
    () =>
      onSessionEnded(() => {
        keep();
        setEnded(true);
      }),
    [],
  );
  // Text an input was still holding back (a debounce) reaches the editor as the session ends:
  // until the screen goes, what it shows is kept.
  useEffect(() => {
    if (ended) keep();
  });
}

export interface RestoredDraft<T> {
  /** The edits kept when this user's last session ended on this screen; undefined when none. */
  restored: T | undefined;
  /** The restored edits were sent: when all of them were saved, a toast tells the user so. */
  settle: (saved: boolean) => void;
}

/** The screen's draft for the signed-in user and tenant, taken once as the screen opens. */
export function useRestoredDraft<T>(
  screen: string,
  isDraft: (value: unknown) => value is T,
): RestoredDraft<T> {
  const [owner] = useState(signedInOwner);
  const [restored] = useState(() => (owner ? drafts.peek(screen, owner, isDraft) : undefined));
  const settled = useRef(false);

  // It is on screen from now on; the session's end keeps it again if it is still unsaved then.
  useEffect(() => {
    if (owner && restored !== undefined) drafts.clear(screen, owner);
  }, [owner, restored, screen]);

  const settle = useCallback(
    (saved: boolean) => {
      if (settled.current || restored === undefined) return;
      settled.current = true;
      if (saved) void toast.success(DRAFT_TEXT.saved);
    },
    [restored],
  );
  return { restored, settle };
}
