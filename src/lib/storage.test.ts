import { beforeEach, describe, expect, it } from 'vitest';

import { storage, storageOf } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storageOf', () => {
  it('reads and writes text and JSON in its own area', () => {
    const session = storageOf(() => sessionStorage);
    session.setJson('a', { n: 1 });
    session.set('b', 'text');
    expect(session.getJson('a')).toEqual({ n: 1 });
    expect(session.get('b')).toBe('text');
    expect(session.keys().sort()).toEqual(['a', 'b']);
    expect(storage.get('b')).toBeNull(); // localStorage is another area
    session.set('b', null);
    session.setJson('a', undefined);
    expect(sessionStorage.length).toBe(0);
  });

  it('answers null for text that is not JSON', () => {
    storage.set('bad', '{oops');
    expect(storage.getJson('bad')).toBeNull();
    expect(storage.get('bad')).toBe('{oops');
  });

  it('never throws where the area cannot be had or written', () => {
    const denied = storageOf(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(denied.get('a')).toBeNull();
    expect(denied.getJson('a')).toBeNull();
    expect(denied.keys()).toEqual([]);
    expect(() => denied.set('a', 'b')).not.toThrow();
    const full = storageOf(
      () =>
        ({
          setItem() {
            throw new DOMException('full', 'QuotaExceededError');
          },
        }) as unknown as Storage,
    );
    expect(() => full.setJson('a', { n: 1 })).not.toThrow();
  });
});
