import { startTransition, Suspense, useState, type ReactElement } from 'react';

interface BoxFocusHandlers {
  onFocus: () => void;
  onBlur: () => void;
}

export interface LoadOnFocusProps {
  /** What shows until the user comes to the control: a box of its size and look. */
  renderBox: (handlers: BoxFocusHandlers) => ReactElement;
  /**
   * The control itself, a lazy component. `autoFocus` is whether the box still had the focus when
   * it arrived: only then does it take the focus (and open).
   */
  renderControl: (autoFocus: boolean) => ReactElement;
}

/**
 * A control whose code loads when the user first focuses it (click or Tab), not with the screen:
 * a calendar, say, on a screen most visits of which edit no date. Until then a box of the same
 * size shows the value; once loaded, the control replaces it, focused if the box still was.
 */
export function LoadOnFocus({ renderBox, renderControl }: LoadOnFocusProps) {
  const [editing, setEditing] = useState(false);
  const [focused, setFocused] = useState(false);
  const box = renderBox({
    onFocus: () => {
      setFocused(true);
      // A transition keeps the box on screen (and focused) while the control loads.
      startTransition(() => setEditing(true));
    },
    onBlur: () => setFocused(false),
  });
  return <Suspense fallback={box}>{editing ? renderControl(focused) : box}</Suspense>;
}

/**
 * A stand-in for a date input, to spread on the box: read-only, and to assistive technology the
 * combobox with a date-picker dialog that it becomes on focus.
 */
export const CALENDAR_BOX_PROPS = {
  role: 'combobox',
  'aria-haspopup': 'dialog',
  'aria-expanded': false,
  readOnly: true,
} as const;
