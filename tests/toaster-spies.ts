import { beforeEach, vi, type MockInstance } from 'vitest';

import { toast } from '@/lib/toaster';

type ToastSpies = { [Method in keyof typeof toast]: MockInstance<(typeof toast)[Method]> };

let spies: ToastSpies | undefined;

/**
 * Watches every toast of the file's tests and shows none: each test gets fresh spies on the
 * app's `toast` methods (each resolves with a key of its own, as a shown toast does). Call it once
 * at the top of a test file, then read `toasts`:
 *
 *   spyOnToasts();
 *   await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith('…'));
 *
 * The module itself stays the app's (no `vi.mock`), so the file shares its worker's modules.
 */
export function spyOnToasts(): void {
  beforeEach(() => {
    const shown = (intent: string) => async (message: string) => `${intent}: ${message}`;
    spies = {
      success: vi.spyOn(toast, 'success').mockImplementation(shown('success')),
      danger: vi.spyOn(toast, 'danger').mockImplementation(shown('danger')),
      warning: vi.spyOn(toast, 'warning').mockImplementation(shown('warning')),
      info: vi.spyOn(toast, 'info').mockImplementation(shown('primary')),
      dismiss: vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined),
    };
  });
}

function current(): ToastSpies {
  if (!spies) throw new Error('Call spyOnToasts() at the top of the test file first.');
  return spies;
}

/** The running test's toast spies (see `spyOnToasts`). */
export const toasts: ToastSpies = {
  get success() {
    return current().success;
  },
  get danger() {
    return current().danger;
  },
  get warning() {
    return current().warning;
  },
  get info() {
    return current().info;
  },
  get dismiss() {
    return current().dismiss;
  },
};
