import { storage } from '@/lib/storage';

/** One operation's chosen mock reply: the `Prefer` header, for every request or the next `times`. */
export interface ActiveScenario {
  prefer: string;
  /** How many more requests get it; absent means until reset. */
  times?: number;
}

/** Active scenarios by operation key (`POST /api/v1/auth/login/`). */
export type ActiveScenarios = Readonly<Record<string, ActiveScenario>>;

export const SCENARIOS_STORAGE_KEY = 'acebridge.scenarios';

export interface ScenarioStore {
  getSnapshot(): ActiveScenarios;
  subscribe(listener: () => void): () => void;
  /**
   * Listens to QA's choices only (`set`, `replaceAll`, `reset`), with the keys of the operations
   * whose `Prefer` header they changed. A limited scenario counting down or running out as
   * requests take it is no choice, and neither is a change made in another tab (its own page
   * follows it).
   */
  subscribeChoices(listener: (keys: ReadonlySet<string>) => void): () => void;
  /** Sets (or, with undefined, clears) one operation's scenario. */
  set(key: string, scenario: ActiveScenario | undefined): void;
  /** Replaces every active scenario (a preset). */
  replaceAll(scenarios: ActiveScenarios): void;
  reset(): void;
  /** The `Prefer` value for one request of the operation, counting down a limited scenario. */
  take(key: string): string | undefined;
}

function isScenario(value: unknown): value is ActiveScenario {
  if (!value || typeof value !== 'object') return false;
  const { prefer, times } = value as Record<string, unknown>;
  return (
    typeof prefer === 'string' &&
    prefer.length > 0 &&
    (times === undefined || (typeof times === 'number' && times > 0))
  );
}

function read(key: string): ActiveScenarios {
  const raw = storage.getJson<unknown>(key);
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => isScenario(value)));
}

/**
 * The active scenarios, kept in local storage so that they survive a reload (and follow other
 * tabs of the app through the `storage` event).
 */
export function createScenarioStore(storageKey = SCENARIOS_STORAGE_KEY): ScenarioStore {
  let state = read(storageKey);
  const listeners = new Set<() => void>();
  const choiceListeners = new Set<(keys: ReadonlySet<string>) => void>();

  const commit = (next: ActiveScenarios) => {
    state = next;
    storage.setJson(storageKey, Object.keys(next).length > 0 ? next : null);
    listeners.forEach((listener) => listener());
  };

  const choose = (next: ActiveScenarios) => {
    const before = state;
    const keys = new Set(
      [...Object.keys(before), ...Object.keys(next)].filter(
        (key) => before[key]?.prefer !== next[key]?.prefer,
      ),
    );
    commit(next);
    if (keys.size > 0) choiceListeners.forEach((listener) => listener(keys));
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey && event.key !== null) return;
    state = read(storageKey);
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    subscribeChoices(listener) {
      choiceListeners.add(listener);
      return () => {
        choiceListeners.delete(listener);
      };
    },
    set(key, scenario) {
      const { [key]: _previous, ...rest } = state;
      choose(scenario ? { ...rest, [key]: scenario } : rest);
    },
    replaceAll: (scenarios) => choose({ ...scenarios }),
    reset: () => choose({}),
    take(key) {
      const scenario = state[key];
      if (!scenario) return undefined;
      if (scenario.times !== undefined) {
        const { [key]: _used, ...rest } = state;
        commit(
          scenario.times > 1
            ? { ...rest, [key]: { ...scenario, times: scenario.times - 1 } }
            : rest,
        );
      }
      return scenario.prefer;
    },
  };
}
