import { useImperativeHandle, type Ref, type RefObject } from 'react';

/**
 * Hands an element already on the page to a Blueprint popover as its target, through the popover's
 * `renderTarget` (it renders nothing itself): Floating UI positions the popover on it and counts a
 * click on it as inside the popover. So a button shows before the popover's code (Floating UI and
 * the overlay, about 20 KB gzip) has loaded, and the popover is added when it is wanted without
 * the button being mounted again: the focus and the button stay put.
 */
export function PopoverAnchor({
  element,
  ref,
}: {
  element: RefObject<HTMLElement | null>;
  ref: Ref<HTMLElement | null>;
}) {
  useImperativeHandle<HTMLElement | null, HTMLElement | null>(ref, () => element.current, [
    element,
  ]);
  return null;
}
