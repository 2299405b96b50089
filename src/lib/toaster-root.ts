import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The app's one toaster, bottom right; loaded with the first toast (see toaster.ts). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.BOTTOM_RIGHT, maxToasts: 5 });
}
