import { connectionStore, session } from '@/api/session';
import { signedInOwner } from '@/components/session-draft/use-session-draft';
import { drafts, type DraftOwner } from '@/lib/drafts';

import { isWizardDraft, type WizardDraft } from '../model/wizard-draft';

/** The wizard's screen in the drafts store. */
const SCREEN = 'new-connection';

/**
 * Whose the wizard's draft is now: the signed-in admin's (steps 3 to 5, and whatever they went
 * back to), else, before anyone is signed in, the set-up of the licence key verified at step 1.
 * Neither (no key yet): nothing is kept.
 */
function owner(): DraftOwner | undefined {
  if (session.isLoggedIn()) return signedInOwner();
  const key = connectionStore.getProductKey();
  return key ? { licenceKey: key } : undefined;
}

/**
 * The set-up under way in this tab, kept in the session's drafts (src/lib/drafts.ts) as the user
 * goes, so that a reload resumes it: its step and what was typed (see WizardDraft).
 */
export const wizardDrafts = {
  /** This tab's draft of the set-up for whoever it belongs to now, if there is one. */
  read: (): WizardDraft | undefined => {
    const who = owner();
    return who ? drafts.peek(SCREEN, who, isWizardDraft) : undefined;
  },
  keep: (draft: WizardDraft): void => {
    const who = owner();
    if (who) drafts.put(SCREEN, who, draft);
  },
  /** The set-up is finished (Finish): nothing of it is kept. */
  clear: (): void => {
    const who = owner();
    if (who) drafts.clear(SCREEN, who);
  },
  /**
   * What was typed before sign-in for the set-up of `key` goes: the company it described now
   * exists, or another key starts a set-up over.
   */
  forgetKey: (key: string | null): void => {
    if (key) drafts.clear(SCREEN, { licenceKey: key });
  },
};
