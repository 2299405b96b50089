import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: the router's scroll restoration calls scrollTo.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
