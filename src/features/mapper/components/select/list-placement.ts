/** Where an open list sits, in viewport pixels (the list is `position: fixed`). */
export interface ListPlacement {
  left: number;
  width: number;
  /** Below the control: its top edge. */
  top?: number;
  /** Above the control: its bottom edge, from the viewport's bottom. */
  bottom?: number;
}

/** The gap between the control and its list. */
const GAP = 2;

/**
 * Below the control, as wide as it, unless the list does not fit below and there is more room
 * above: then above it (a row near the bottom of the screen opens upwards).
 */
export function placeList(
  control: Pick<DOMRect, 'left' | 'width' | 'top' | 'bottom'>,
  viewportHeight: number,
  listHeight: number,
): ListPlacement {
  const below = viewportHeight - control.bottom - GAP;
  const above = control.top - GAP;
  const { left, width } = control;
  if (below < listHeight && above > below) {
    return { left, width, bottom: viewportHeight - control.top + GAP };
  }
  return { left, width, top: control.bottom + GAP };
}

export const samePlacement = (a: ListPlacement, b: ListPlacement) =>
  a.left === b.left && a.width === b.width && a.top === b.top && a.bottom === b.bottom;
