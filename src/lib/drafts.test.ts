import { beforeEach, describe, expect, it } from 'vitest';

import { DRAFT_MAX_AGE_MS, DRAFT_MAX_CHARS, drafts } from './drafts';

const DANA = { userId: 1, tenantId: 1 };
const MARCUS = { userId: 2, tenantId: 1 };
const OLIVIA = { userId: 1, tenantId: 2 }; // the same user id in another tenant
const isText = (value: unknown): value is string => typeof value === 'string';
const NOW = Date.UTC(2026, 10, 26, 8);

beforeEach(() => sessionStorage.clear());

describe('drafts', () => {
  it("belong to one screen of one user in one tenant, and stay until they're cleared", () => {
    drafts.put('editor', DANA, 'typed', NOW);
    expect(drafts.peek('editor', DANA, isText, NOW)).toBe('typed');
    expect(drafts.peek('editor', DANA, isText, NOW)).toBe('typed');
    expect(drafts.peek('editor', MARCUS, isText, NOW)).toBeUndefined();
    expect(drafts.peek('editor', OLIVIA, isText, NOW)).toBeUndefined();
    expect(drafts.peek('other', DANA, isText, NOW)).toBeUndefined();
    drafts.clear('editor', DANA);
    expect(drafts.peek('editor', DANA, isText, NOW)).toBeUndefined();
  });

  it('are dropped after a day', () => {
    drafts.put('editor', DANA, 'typed', NOW);
    expect(drafts.peek('editor', DANA, isText, NOW + DRAFT_MAX_AGE_MS)).toBe('typed');
    expect(drafts.peek('editor', DANA, isText, NOW + DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('drop one of an unexpected shape or unreadable', () => {
    drafts.put('editor', DANA, { not: 'text' }, NOW);
    expect(drafts.peek('editor', DANA, isText, NOW)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem(sessionStorage.key(0) ?? 'acebridge-draft-v1:1:1:editor', '{oops');
    expect(drafts.peek('editor', DANA, isText, NOW)).toBeUndefined();
  });

  it('are bounded: a draft too large is not kept, and old drafts make room', () => {
    drafts.put('editor', DANA, 'typed', NOW);
    drafts.put('editor', DANA, 'x'.repeat(DRAFT_MAX_CHARS), NOW);
    expect(drafts.peek('editor', DANA, isText, NOW)).toBeUndefined();
    for (let n = 0; n < 40; n += 1) drafts.put(`screen-${n}`, DANA, 'typed', NOW + n);
    expect(sessionStorage.length).toBe(16);
    expect(drafts.peek('screen-39', DANA, isText, NOW + 40)).toBe('typed');
    expect(drafts.peek('screen-0', DANA, isText, NOW + 40)).toBeUndefined();
  });

  it('before anyone is signed in, belong to the set-up of one licence key', () => {
    const setUp = { licenceKey: 'ACME-2026-0001' };
    drafts.put('wizard', setUp, 'typed', NOW);
    expect(drafts.peek('wizard', setUp, isText, NOW)).toBe('typed');
    expect(drafts.peek('wizard', { licenceKey: 'OTHER-KEY' }, isText, NOW)).toBeUndefined();
    expect(drafts.peek('wizard', DANA, isText, NOW)).toBeUndefined();
    drafts.put('wizard', DANA, 'signed in', NOW);
    expect(drafts.peek('wizard', setUp, isText, NOW)).toBe('typed');
    drafts.clear('wizard', setUp);
    expect(drafts.peek('wizard', setUp, isText, NOW)).toBeUndefined();
    expect(drafts.peek('wizard', DANA, isText, NOW)).toBe('signed in');
  });

  it('leave what is not theirs alone', () => {
    sessionStorage.setItem('something-else', 'kept');
    drafts.put('editor', DANA, 'typed', NOW + 2 * DRAFT_MAX_AGE_MS);
    expect(sessionStorage.getItem('something-else')).toBe('kept');
  });
});
