// Types only: this module loads no Blueprint code (every test file's setup imports it to clear the
// toasts, and a screen pays for the toaster's code with its first toast).
import type { Intent, Toaster } from '@blueprintjs/core';

/** Every toast stays on screen this long. */
export const TOAST_TIMEOUT_MS = 5000;

let toaster: Promise<Toaster> | undefined;
/**
 * Blueprint restarts a shown toast's timer only when its `timeout` changes, not when its text does:
 * each showing of a key asks for 5000 or 5001 ms in turn, so a toast shown again under its key (an
 * outage's repeated error, the mapper's next save) stays its full five seconds from then, however
 * other toasts come in between.
 */
const timesShown = new Map<string, number>();
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

/** A button on a toast; clicking it runs `onClick` and closes the toast. */
interface ToastAction {
  text: string;
  onClick: () => void;
}

export interface ToastOptions {
  /**
   * The toast's own key: a later toast with the same key replaces it in place, whatever its text
   * (the mapper's saves are one toast however fast they come). By default the key is the intent
   * and the text.
   */
  key?: string;
  action?: ToastAction;
}

/**
 * Shows a toast for five seconds and resolves with its key. The same text in the same intent,
 * while it still shows, is one toast that shows five seconds more: five failed calls in an
 * outage are one "Error connecting to the backend services", not a stack of five.
 */
export async function showToast(
  message: string,
  intent: ToastIntent = 'none',
  { key, action }: ToastOptions = {},
): Promise<string> {
  const instance = await getToaster();
  const toastKey = key ?? `${intent}: ${message}`;
  const times = timesShown.get(toastKey) ?? 0;
  // Only the keys of toasts that may still show matter: a long session's keys do not pile up.
  if (timesShown.size > 50) timesShown.clear();
  timesShown.set(toastKey, times + 1);
  return instance.show(
    { message, intent, timeout: TOAST_TIMEOUT_MS + (times % 2), action },
    toastKey,
  );
}

/**
 * The app's one way to toast. Everything goes through this object, so that a test can watch (or
 * silence) every toast with `vi.spyOn` on its methods (tests/toaster-spies.ts) without replacing
 * the module, which would keep the test from sharing its worker's modules.
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => showToast(message, 'success', options),
  danger: (message: string, options?: ToastOptions) => showToast(message, 'danger', options),
  warning: (message: string, options?: ToastOptions) => showToast(message, 'warning', options),
  info: (message: string, options?: ToastOptions) => showToast(message, 'primary', options),
  /** Hides a toast before its time (login hides its success toast after one second). */
  dismiss: (key: string): void => {
    void getToaster().then((instance) => instance.dismiss(key));
  },
};

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
  timesShown.clear();
}
