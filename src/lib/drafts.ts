/**
 * What a user typed on a screen and had not saved when their session ended, kept until they sign
 * in again; and the set-up wizard's place and typed fields, kept while a set-up is under way. It
 * lives in sessionStorage: a reload of the tab keeps it, another tab (where another user may be
 * signed in) never sees it, and closing the tab forgets it. A draft belongs to one screen of one
 * user in one tenant (or, before anyone is signed in, of the set-up begun with one licence key):
 * nobody else ever reads it. It is small (a few edits), so a draft that would take more room, or
 * is older than a day, is not kept.
 */
import { storageOf } from './storage';

/**
 * Who a draft belongs to: a signed-in user in their tenant or, before anyone is signed in, the
 * set-up begun with a verified licence key (the company and its admin are typed before either
 * exists).
 */
export type DraftOwner = { userId: number; tenantId: number } | { licenceKey: string };

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

/** sessionStorage, never throwing: with no storage (privacy settings) drafts live nowhere. */
const area = storageOf(() => sessionStorage);

const keyOf = (screen: string, owner: DraftOwner) =>
  'licenceKey' in owner
    ? `${PREFIX}key:${owner.licenceKey}:${screen}`
    : `${PREFIX}${owner.tenantId}:${owner.userId}:${screen}`;

function read(key: string): StoredDraft | undefined {
  const parsed = area.getJson<Partial<StoredDraft>>(key);
  return parsed && typeof parsed.savedAt === 'number'
    ? { savedAt: parsed.savedAt, value: parsed.value }
    : undefined;
}

/** Removes the drafts that are too old, and the oldest beyond the count kept. */
function prune(now: number): void {
  const kept: [string, number][] = [];
  for (const key of area.keys()) {
    if (!key.startsWith(PREFIX)) continue;
    const draft = read(key);
    if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) area.set(key, null);
    else kept.push([key, draft.savedAt]);
  }
  kept
    .sort(([, a], [, b]) => b - a)
    .slice(MAX_DRAFTS)
    .forEach(([key]) => area.set(key, null));
}

export const drafts = {
  /** Keeps `value` as the owner's draft of `screen`, replacing any earlier one. */
  put(screen: string, owner: DraftOwner, value: unknown, now = Date.now()): void {
    const text = JSON.stringify({ savedAt: now, value } satisfies StoredDraft);
    // Too large, or over the quota (the write is dropped): the draft is lost, as it would have
    // been without this store.
    area.set(keyOf(screen, owner), text.length > DRAFT_MAX_CHARS ? null : text);
    prune(now);
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
    const key = keyOf(screen, owner);
    const draft = read(key);
    if (draft && now - draft.savedAt <= DRAFT_MAX_AGE_MS && isValue(draft.value)) {
      return draft.value;
    }
    area.set(key, null);
    return undefined;
  },

  clear(screen: string, owner: DraftOwner): void {
    area.set(keyOf(screen, owner), null);
  },
};
