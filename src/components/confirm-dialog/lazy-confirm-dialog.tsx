import { lazyDialog } from '@/components/lazy-dialog/lazy-dialog';

// Blueprint's Dialog and its overlay (about 7 KB gzip) load when a confirmation is first asked
// for, not with the screen behind it; a button that asks for one starts the load when the pointer
// or the focus comes to it, so the dialog is there by the click.
const loadConfirmDialog = () => import('./confirm-dialog').then((module) => module.ConfirmDialog);

/** ConfirmDialog, loaded when first opened (see lazyDialog). */
export const LazyConfirmDialog = lazyDialog(loadConfirmDialog);

/** Starts loading ConfirmDialog: for the intent handlers (pointer, focus) of what opens it. */
export const preloadConfirmDialog = () => void loadConfirmDialog().catch(() => undefined);
