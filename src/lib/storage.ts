/** String and JSON access to a Web Storage area that never throws (private mode, quota, bad JSON). */
export interface SafeStorage {
  /** The stored text, or null when there is none or the area cannot be read. */
  get(key: string): string | null;
  /** Stores `value`, or removes the key for null or undefined; a failed write is dropped. */
  set(key: string, value: string | null | undefined): void;
  /** The stored JSON, parsed, or null when there is none or it does not parse. */
  getJson<T>(key: string): T | null;
  setJson(key: string, value: unknown): void;
  /** The keys stored now (none when the area cannot be read). */
  keys(): string[];
}

/**
 * Never-throwing access to the area `area` returns. It is asked for on every call, inside the
 * guard: merely naming `localStorage` or `sessionStorage` throws where privacy settings deny
 * storage, and a test may swap the area.
 */
export function storageOf(area: () => Storage): SafeStorage {
  function guarded<T>(access: (storage: Storage) => T, otherwise: T): T {
    try {
      return access(area());
    } catch {
      return otherwise;
    }
  }
  const safe: SafeStorage = {
    get: (key) => guarded((storage) => storage.getItem(key), null),
    set(key, value) {
      // Storage unavailable or full: the value lives for this page only.
      guarded((storage) => {
        if (value === null || value === undefined) storage.removeItem(key);
        else storage.setItem(key, value);
      }, undefined);
    },
    getJson<T>(key: string): T | null {
      const raw = safe.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      safe.set(key, value === null || value === undefined ? null : JSON.stringify(value));
    },
    keys: () =>
      guarded(
        (storage) =>
          Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
            (key): key is string => key !== null,
          ),
        [],
      ),
  };
  return safe;
}

/** localStorage: the session and what every tab shares. */
export const storage = storageOf(() => localStorage);
