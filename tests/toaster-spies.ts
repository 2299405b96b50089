import { vi } from 'vitest';

/**
 * The toaster as spies, for screens tested with the whole app. In the test file:
 *   vi.mock('@/lib/toaster', () => import('<path>/tests/toaster-spies'));
 *   import { toast as toasts } from '<path>/tests/toaster-spies';
 */
export const toast = {
  success: vi.fn(),
  danger: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
};
export const dismissToast = vi.fn();
