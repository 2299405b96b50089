import { session, type SessionChangeSource } from './session';

/**
 * Tabs that agree about who is signed in. Every tab of the origin shares the session in
 * localStorage; this module is the one place that turns its changes into what the app reacts to:
 *
 * - the end of a session, announced once per session, whether it ended here (a failed refresh, no
 *   refresh token) or in another tab (a logout, a failed refresh there: seen as a `storage` event);
 * - a sign-in made in another tab, so that a tab sitting on /login can go on.
 *
 * A logout made in this tab is not announced: the logout screen already leads to /login, as a
 * sign-in made here already leads on. Refreshed tokens (a new access token, a rotated refresh token
 * of the same session) change nobody: every request reads the stored tokens afresh.
 */

/** Why a session ended, for the screen that tells the user. */
export type SessionEndReason =
  | { kind: 'no-refresh-token' }
  | { kind: 'refresh-failed'; message: string }
  | { kind: 'ended-elsewhere' };

type SessionEndedListener = (reason: SessionEndReason) => void;
type SessionStartedListener = () => void;

const endedListeners = new Set<SessionEndedListener>();
const startedListeners = new Set<SessionStartedListener>();

/**
 * Who is signed in (null: nobody), as the refresh token says: its user, which a rotated refresh
 * token keeps, so that a refresh made in another tab is not taken for a sign-out and a sign-in.
 */
function signedIn(): string | null {
  return session.isLoggedIn() ? session.sessionId() : null;
}

/** The session this tab last saw; a change made by another tab is measured against it. */
let known = signedIn();
/** The end of the session was announced, and no session has started since. */
let endAnnounced = false;

/** The app's reaction to a lost session (clear the cache, go to /login, say why). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
}

/** A session started in another tab (a sign-in there). */
export function onSessionStartedElsewhere(listener: SessionStartedListener): () => void {
  startedListeners.add(listener);
  return () => {
    startedListeners.delete(listener);
  };
}

/**
 * Announces the end of the session, once: the requests that fail after it, here or because another
 * tab ended it first, end nothing more. Returns whether this call announced it.
 */
export function announceSessionEnd(reason: SessionEndReason): boolean {
  if (endAnnounced) return false;
  endAnnounced = true;
  endedListeners.forEach((listener) => listener(reason));
  return true;
}

function onSessionChange(source: SessionChangeSource): void {
  const before = known;
  const now = signedIn();
  known = now;
  if (now === before) return; // refreshed or rotated tokens, an edited user: same session
  // Signed out, or replaced by someone else's sign-in, in another tab.
  if (source === 'other-tab' && before !== null) announceSessionEnd({ kind: 'ended-elsewhere' });
  if (now === null) return;
  endAnnounced = false;
  if (source === 'other-tab') startedListeners.forEach((listener) => listener());
}

session.subscribe(onSessionChange);
