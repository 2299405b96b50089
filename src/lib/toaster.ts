// Types only: this module loads no Blueprint code (every test file's setup imports it to clear the
// toasts, and a screen pays for the toaster's code with its first toast).
import type { Intent, Toaster } from '@blueprintjs/core';

/** Every toast stays on screen this long. */
export const TOAST_TIMEOUT_MS = 5000;

let toaster: Promise<Toaster> | undefined;
let unmountToaster: (() => void) | undefined;

/**
 * The one toaster of the app, bottom right. Blueprint creates it asynchronously in its own React
 * root, so a toast carries plain text only (no context-dependent components). Its code (the
 * overlay and its transitions, about 8 KB gzip) loads with the first toast, not with every screen:
 * a screen that shows none, /login on a good day, never pays for it.
 */
export function getToaster(): Promise<Toaster> {
  toaster ??= import('./toaster-root').then(({ createToaster }) => {
    const created = createToaster();
    unmountToaster = created.unmount;
    return created.toaster;
  });
  return toaster;
}

/** Blueprint's intents are these strings: 'success', 'danger', 'warning', 'primary' or 'none'. */
export type ToastIntent = Intent;

/**
 * Shows a toast for five seconds and resolves with its key. The same text in the same intent,
 * while it still shows, is one toast that shows five seconds more: five failed calls in an
 * outage are one "Error connecting to the backend services", not a stack of five.
 */
export async function showToast(message: string, intent: ToastIntent = 'none'): Promise<string> {
  const instance = await getToaster();
  return instance.show({ message, intent, timeout: TOAST_TIMEOUT_MS }, `${intent}: ${message}`);
}

export const toast = {
  success: (message: string) => showToast(message, 'success'),
  danger: (message: string) => showToast(message, 'danger'),
  warning: (message: string) => showToast(message, 'warning'),
  info: (message: string) => showToast(message, 'primary'),
};

/** Hides a toast before its time (login hides its success toast after one second). */
export function dismissToast(key: string): void {
  void getToaster().then((instance) => instance.dismiss(key));
}

/**
 * Removes the toaster with every toast on it, if one exists; the next toast creates a new one. A
 * test file ends with this: the toaster lives in its own React root, outside what Testing Library
 * unmounts, so a toast's timers and exit transitions would otherwise run after the file's DOM is
 * gone.
 */
export async function removeToaster(): Promise<void> {
  if (!toaster) return;
  await toaster.catch(() => undefined);
  unmountToaster?.();
  toaster = undefined;
  unmountToaster = undefined;
}
