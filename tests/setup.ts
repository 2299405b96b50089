import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The sandbox's tests run in Node (`// @vitest-environment node`): no DOM to clean there.
const hasDom = typeof window !== 'undefined';

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: the router's scroll restoration calls scrollTo.
if (hasDom) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
