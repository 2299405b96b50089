/**
 * What a user typed on a screen and had not saved when their session ended, kept until they sign
 * in again. It lives in sessionStorage: a reload of the tab keeps it, another tab (where another
 * user may be signed in) never sees it, and closing the tab forgets it. A draft belongs to one
 * screen of one user in one tenant: nobody else ever reads it. It is small (a few edits), so a
 * draft that would take more room, or is older than a day, is not kept.
 */

/** Who a draft belongs to. */
export interface DraftOwner {
  userId: number;
  tenantId: number;
}

interface StoredDraft {
  savedAt: number;
  value: unknown;
}

const PREFIX = 'acebridge-draft-v1:';
/** A day-old edit is no longer what the user expects to see saved. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Characters of one stored draft: far above a screen's typed edits, far below the quota. */
export const DRAFT_MAX_CHARS = 64 * 1024;
/** Drafts kept at once in a tab; the oldest go first. */
const MAX_DRAFTS = 16;

function area(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined; // no storage (privacy settings): drafts live nowhere
  }
}

const keyOf = (screen: string, owner: DraftOwner) =>
  `${PREFIX}${owner.tenantId}:${owner.userId}:${screen}`;

function read(storage: Storage, key: string): StoredDraft | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? 'null') as Partial<StoredDraft> | null;
    return parsed && typeof parsed.savedAt === 'number'
      ? { savedAt: parsed.savedAt, value: parsed.value }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the drafts that are too old, and the oldest beyond the count kept. */
function prune(storage: Storage, now: number): void {
  const kept: [string, number][] = [];
  for (let index = storage.length - 1; index >= 0; index -= 1) {
    const key = storage.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = read(storage, key);
    if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) storage.removeItem(key);
    else kept.push([key, draft.savedAt]);
  }
  kept
    .sort(([, a], [, b]) => b - a)
    .slice(MAX_DRAFTS)
    .forEach(([key]) => storage.removeItem(key));
}

export const drafts = {
  /** Keeps `value` as the owner's draft of `screen`, replacing any earlier one. */
  put(screen: string, owner: DraftOwner, value: unknown, now = Date.now()): void {
    const storage = area();
    if (!storage) return;
    const text = JSON.stringify({ savedAt: now, value } satisfies StoredDraft);
    try {
      if (text.length > DRAFT_MAX_CHARS) storage.removeItem(keyOf(screen, owner));
      else storage.setItem(keyOf(screen, owner), text);
      prune(storage, now);
    } catch {
      // Over the quota: the draft is lost, as it would have been without this store.
    }
  },

  /**
   * The owner's draft of `screen`, if there is one of the expected shape and under a day old (an
   * older or unreadable one is dropped). It stays until `clear`.
   */
  peek<T>(
    screen: string,
    owner: DraftOwner,
    isValue: (value: unknown) => value is T,
    now = Date.now(),
  ): T | undefined {
    const storage = area();
    if (!storage) return undefined;
    const key = keyOf(screen, owner);
    const draft = read(storage, key);
    if (draft && now - draft.savedAt <= DRAFT_MAX_AGE_MS && isValue(draft.value)) {
      return draft.value;
    }
    storage.removeItem(key);
    return undefined;
  },

  clear(screen: string, owner: DraftOwner): void {
    area()?.removeItem(keyOf(screen, owner));
  },
};
