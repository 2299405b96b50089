/** The Inbox shows this many launch names until the user asks for all. */
const INBOX_PREVIEW_COUNT = 10;

/** The names the Inbox shows, comma-joined: the first ten, or all of them when expanded. */
export function launchNamesText(names: readonly string[], expanded: boolean): string {
  return (expanded ? names : names.slice(0, INBOX_PREVIEW_COUNT)).join(', ');
}

/** The toggle exists only when some names are hidden; its text says what it will do. */
export function launchToggleText(names: readonly string[], expanded: boolean): string | null {
  if (names.length <= INBOX_PREVIEW_COUNT) return null;
  return expanded ? 'view less' : 'view all';
}
