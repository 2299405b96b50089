import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { createRoot, type Root } from 'react-dom/client';

/** The app's one toaster, bottom right; loaded with the first toast (see toaster.ts). */
export interface ToasterRoot {
  toaster: Promise<Toaster>;
  /** Unmounts the toaster's own React root: its toasts, their timers and transitions go with it. */
  unmount: () => void;
}

export function createToaster(): ToasterRoot {
  let root: Root | undefined;
  let container: Node | undefined;
  const toaster = OverlayToaster.create(
    { position: Position.BOTTOM_RIGHT, maxToasts: 5 },
    {
      // Blueprint's own renderer keeps the root to itself; this one is the same createRoot, kept
      // so that the root can be unmounted.
      domRenderer: (element, target) => {
        container = target;
        root = createRoot(target);
        root.render(element);
      },
    },
  );
  return {
    toaster,
    unmount: () => {
      root?.unmount();
      container?.parentNode?.removeChild(container);
    },
  };
}
