import { afterAll, afterEach, vi } from 'vitest';

// The sandbox's and the contract's tests run in Node (`// @vitest-environment node`): no DOM to
// clean there, and no need to load Testing Library, React DOM and the DOM matchers for them (about
// 0.3 s of every such file), so they are imported only where there is a DOM.
const hasDom = typeof window !== 'undefined';

/** A timer started through the global setTimeout and not yet run or cleared. */
interface PendingTimer {
  due: number;
  settle: () => void;
  settled: Promise<void>;
}

// The timers started since this file began, by id, so that its end can wait for the short ones.
// setTimeout is wrapped once per worker (files share it), where there is a DOM; each file starts
// with an empty record. The wait's own cap uses the unwrapped setTimeout, kept with the record.
const TIMERS = Symbol.for('acebridge.tests.pendingTimers');
interface TimerRecord {
  pending: Map<number, PendingTimer>;
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
}
const timerGlobal = globalThis as typeof globalThis & { [TIMERS]?: TimerRecord };
if (hasDom && !timerGlobal[TIMERS]) {
  const record: TimerRecord = {
    pending: new Map(),
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
  };
  timerGlobal[TIMERS] = record;
  const { pending, setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = record;
  const done = (id: number) => {
    pending.get(id)?.settle();
    pending.delete(id);
  };
  const tracked = ((callback: unknown, delay?: number, ...args: unknown[]) => {
    if (typeof callback !== 'function') return realSetTimeout(callback as () => void, delay);
    const timer = realSetTimeout(() => {
      done(id);
      (callback as (...args: unknown[]) => void)(...args);
    }, delay);
    const id = Number(timer);
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    pending.set(id, { due: performance.now() + (Number(delay) || 0), settle, settled });
    return timer;
  }) as typeof setTimeout;
  globalThis.setTimeout = Object.assign(tracked, realSetTimeout);
  globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
    if (timer != null) done(Number(timer));
    realClearTimeout(timer);
  }) as typeof clearTimeout;
}
const timers = timerGlobal[TIMERS];
timers?.pending.clear();

/**
 * Waits until no timer this file started, due within `capMs` from now, is pending (those started
 * meanwhile included), and never longer than `capMs`.
 */
async function timersDueWithin(capMs: number): Promise<void> {
  if (!timers) return;
  const deadline = performance.now() + capMs;
  for (;;) {
    const soon = [...timers.pending.values()].filter((timer) => timer.due <= deadline);
    const left = deadline - performance.now();
    if (soon.length === 0 || left <= 0) return;
    let cap: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(soon.map((timer) => timer.settled)),
      new Promise((resolve) => (cap = timers.setTimeout(resolve, left))),
    ]);
    timers.clearTimeout(cap);
  }
}

if (hasDom) {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure, getConfig, prettyDOM } = await import('@testing-library/react');
  const { removeToaster } = await import('@/lib/toaster');
  const scheduler = await import('scheduler');

  // findBy/waitFor wait up to 5 s, not 1 s: a screen's first lazy chunk (the navbar, a dialog) is
  // transformed on first import, which takes over a second on a loaded 2-core machine. A passing
  // assertion still returns at once.
  configure({ asyncUtilTimeout: 5_000 });

  // A failed query's error prints the DOM only when it is read: `waitFor` makes and drops one
  // such error per try, and printing the page each time cost about a twentieth of a whole-app
  // test's time. The text is taken when the test fails (Vitest reads it at once) or when a wait
  // gives up (`waitFor` reads it then), while the DOM it describes is still there.
  const IGNORED = 'Ignored nodes: comments';
  configure({
    getElementError(message, container) {
      const error = new Error();
      error.name = 'TestingLibraryElementError';
      let text: string | undefined;
      Object.defineProperty(error, 'message', {
        configurable: true,
        get: () =>
          (text ??= [
            message,
            // A wait that gives up hands its last error's text back, the DOM already in it.
            message?.includes(IGNORED)
              ? undefined
              : `${IGNORED}, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`,
          ]
            .filter(Boolean)
            .join('\n\n')),
      });
      return error;
    },
  });

  // The waits a user sees are a tenth as long: a test checks what happens and in which order, and
  // a second of waiting per login or save adds up in a worker that runs the files one by one. A
  // test of a wait's length restores it for itself; the next test gets the short ones again.
  const { shortenWaits } = await import('@/lib/timing');
  const SHORT_WAITS = { successShown: 100, overrideTypingPause: 200 } as const;
  shortenWaits(SHORT_WAITS);

  // Files may share a worker's DOM and modules (vite.config.ts): each starts signed out, through
  // the session module so that what it knows of the session is reset too, with empty storage.
  const { session } = await import('@/api/session');
  const { apiHealth } = await import('@/api/api-health');
  session.clear();
  apiHealth.reset();
  localStorage.clear();
  sessionStorage.clear();

  // What the transport saw of the API's health, and what the tab kept, are the app's, not the
  // test's: the next test starts with the API answering and empty storage.
  afterEach(() => {
    cleanup();
    apiHealth.reset();
    localStorage.clear();
    // A tab's drafts (the wizard's place and fields among them) are the test's own.
    sessionStorage.clear();
    shortenWaits(SHORT_WAITS);
  });

  // Nothing of React may run once the file's DOM is gone ('window is not defined' on a loaded
  // machine). cleanup() unmounts the file's trees, and Blueprint clears its components' timers
  // (a popover's hover delay) as they unmount; what may still be pending is a timer a library
  // keeps past the unmount (a transition's end, a debounce). So the file waits until every timer
  // it started that is due within a second has run or been cleared, and no longer: no fixed pause.
  // Longer timers (a cached query's garbage collection, in minutes) are not waited for. The toaster
  // has its own React root, outside what cleanup() unmounts: it is unmounted, with its toasts'
  // timers and transitions. Last, React's scheduler is drained: an idle-priority task runs only
  // after every task queued before it.
  afterAll(async () => {
    await removeToaster();
    await timersDueWithin(1_000);
    await new Promise<void>((resolve) => {
      scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => resolve());
    });
  });

  // jsdom has no layout: the router's scroll restoration calls scrollTo.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}
