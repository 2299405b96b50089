import { afterAll, afterEach, vi } from 'vitest';

// The sandbox's and the contract's tests run in Node (`// @vitest-environment node`): no DOM to
// clean there, and no need to load Testing Library, React DOM and the DOM matchers for them (about
// 0.3 s of every such file), so they are imported only where there is a DOM.
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  const { clearToasts } = await import('@/lib/toaster');

  // findBy/waitFor wait up to 5 s, not 1 s: a screen's first lazy chunk (the navbar, a dialog) is
  // transformed on first import, which takes over a second on a loaded 2-core machine. A passing
  // assertion still returns at once.
  configure({ asyncUtilTimeout: 5_000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  // A Blueprint popover closing as its test ends keeps a hover timer (up to 300 ms) that would
  // otherwise fire after the file's DOM is gone ('window is not defined' on a loaded machine).
  // The same goes for a toast still on screen: the toaster's own React root outlives cleanup(), so
  // its toasts are cleared (their timers stop) and their exit transitions run out before the end.
  // Then React's scheduler, which runs its work in Node's immediates, gets a few turns to finish
  // what those last timers scheduled, while the DOM is still there.
  afterAll(async () => {
    await clearToasts();
    await new Promise((resolve) => setTimeout(resolve, 350));
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });

  // jsdom has no layout: the router's scroll restoration calls scrollTo.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}
