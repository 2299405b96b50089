import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy/waitFor wait up to 5 s, not 1 s: a screen's first lazy chunk (the navbar, a dialog) is
// transformed on first import, which takes over a second on a loaded 2-core machine. A passing
// assertion still returns at once.
configure({ asyncUtilTimeout: 5_000 });

// The sandbox's tests run in Node (`// @vitest-environment node`): no DOM to clean there.
const hasDom = typeof window !== 'undefined';

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
});

// A Blueprint popover closing as its test ends keeps a hover timer (up to 300 ms) that would
// otherwise fire after the file's DOM is gone ('window is not defined' on a loaded machine).
afterAll(async () => {
  if (hasDom) await new Promise((resolve) => setTimeout(resolve, 350));
});

// jsdom has no layout: the router's scroll restoration calls scrollTo.
if (hasDom) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
