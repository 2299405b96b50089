import type { Page } from '@playwright/test';

import { expect } from './fixtures';

/**
 * What a screen must never do, at whatever size it is shown:
 * - overflow: a box or a run of text passes the right edge of the viewport, of the page's content
 *   column or of its card, without a scroller or a clip around it (the user would have to scroll
 *   the whole page sideways, or it spills out of its card);
 * - a sideways scroller: a box whose content is wider than itself, so part of it (an error's text,
 *   its category) is reached only by scrolling sideways;
 * - cut-off text: text ended with an ellipsis because its box is too narrow ("St…");
 * - overlap: two controls (buttons, inputs, links, tabs, table headers) whose boxes, text included,
 *   intersect, so one covers the other or their labels run into each other.
 * While a modal dialog is open, only its controls are compared: the page behind it is covered on
 * purpose. Form fields' own text (a long value typed in an input) is theirs to scroll, and a
 * control on a field's padding (a copy button at its end) covers none of it.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems);
}

/**
 * Fails with the layout problems of the screen as it is now; softly, so that a walk through the
 * screens goes on and one run lists every screen's problems.
 */
export async function expectNoLayoutProblems(page: Page, where: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  expect.soft(await layoutProblems(page), `layout problems of ${where} at ${width} px`).toEqual([]);
}

/** Runs in the page: self-contained (Playwright sends its source). */
function findLayoutProblems(): string[] {
  const TOLERANCE = 1; // sub-pixel rounding is not a problem
  const CONTROLS =
    'a[href], button, input:not([type="hidden"]), select, textarea, th, [role="button"], ' +
    '[role="combobox"], [role="tab"], [role="checkbox"], [role="menuitem"]';
  const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
  const problems: string[] = [];
  const viewportRight = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const short = name.length > 40 ? `${name.slice(0, 40)}…` : name;
    return `${element.tagName.toLowerCase()} "${short}"`;
  };
  const isShown = (rect: DOMRect) => rect.width > TOLERANCE && rect.height > TOLERANCE;
  /** The box inside an element's border and padding: where its content is. */
  const contentBox = (element: Element, style: CSSStyleDeclaration): DOMRect => {
    const rect = element.getBoundingClientRect();
    const left = parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = parseFloat(style.borderRightWidth) + parseFloat(style.paddingRight);
    const top = parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    const bottom = parseFloat(style.borderBottomWidth) + parseFloat(style.paddingBottom);
    return new DOMRect(
      rect.left + left,
      rect.top + top,
      Math.max(0, rect.width - left - right),
      Math.max(0, rect.height - top - bottom),
    );
  };
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
  const scrollsSideways = (style: CSSStyleDeclaration) =>
    style.overflowX === 'auto' || style.overflowX === 'scroll';

  /** The nearest right edge a box must stay within, and what it is (for the report). */
  interface Bounds {
    right: number;
    what: string;
  }

  const walk = (element: Element, bounds: Bounds, clipped: boolean): void => {
    const style = getComputedStyle(element);
    if (style.display === 'none') return;
    const fixed = style.position === 'fixed';
    const inside: Bounds = fixed ? { right: viewportRight, what: 'the viewport' } : bounds;
    const inClip = fixed ? false : clipped;
    const rect = element.getBoundingClientRect();
    const visible = style.visibility !== 'hidden' && isShown(rect);
    if (visible && !inClip && rect.right > inside.right + TOLERANCE) {
      problems.push(
        `overflow: ${describe(element)} reaches ${Math.round(rect.right)} px, past ${inside.what} ` +
          `(${Math.round(inside.right)} px)`,
      );
      return; // what is inside it overflows with it: one report
    }
    if (visible && element !== document.documentElement && element !== document.body) {
      if (
        scrollsSideways(style) &&
        !FIELDS.has(element.tagName) &&
        element.scrollWidth > element.clientWidth + TOLERANCE
      ) {
        problems.push(
          `sideways scroller: ${describe(element)} shows ${element.clientWidth} px of ` +
            `${element.scrollWidth} px`,
        );
      }
      if (
        style.textOverflow === 'ellipsis' &&
        clips(style) &&
        element.scrollWidth > element.clientWidth + TOLERANCE
      ) {
        problems.push(`cut-off text: ${describe(element)} is cut to ${element.clientWidth} px`);
      }
    }
    if (element instanceof SVGElement || FIELDS.has(element.tagName)) return;
    // The page's content column ends where main's padding starts; a card or a dialog at its edge.
    const edge =
      element.tagName === 'MAIN'
        ? { right: rect.right - parseFloat(style.paddingRight), what: 'the content column' }
        : element.matches('.bp6-card, .bp6-dialog')
          ? { right: rect.right, what: `its card ${describe(element).slice(0, 30)}` }
          : undefined;
    const next: Bounds = edge && visible && edge.right < inside.right ? edge : inside;
    const nextClipped = inClip || clips(style);
    for (const child of element.childNodes) {
      if (child instanceof Element) walk(child, next, nextClipped);
      else if (!nextClipped && child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
        const range = document.createRange();
        range.selectNodeContents(child);
        const text = range.getBoundingClientRect();
        if (isShown(text) && text.right > next.right + TOLERANCE) {
          problems.push(
            `overflow: text "${child.textContent.trim().slice(0, 40)}" reaches ` +
              `${Math.round(text.right)} px, past ${next.what} (${Math.round(next.right)} px)`,
          );
        }
      }
    }
  };
  walk(document.documentElement, { right: viewportRight, what: 'the viewport' }, false);

  // Overlaps: each control's boxes (one per line for a link that wraps), and those of its text
  // where the text spills out of it.
  const modals = document.querySelectorAll('[aria-modal="true"]');
  const scope = modals.length > 0 ? modals[modals.length - 1]! : document.body;
  const controls: { element: Element; boxes: DOMRect[] }[] = [];
  for (const element of scope.querySelectorAll(CONTROLS)) {
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    const shown = [...element.getClientRects()].filter(isShown);
    if (shown.length === 0) continue;
    // A field's text lives inside its padding: a control on the padding (Blueprint's input group
    // pads its input by the width of a button placed at its end, such as a copy button) covers
    // none of it. A field is compared by its content box.
    const boxes = FIELDS.has(element.tagName) ? [contentBox(element, style)] : shown;
    if (!clips(style) && !FIELDS.has(element.tagName)) {
      const range = document.createRange();
      range.selectNodeContents(element);
      boxes.push(...[...range.getClientRects()].filter(isShown));
    }
    controls.push({ element, boxes });
  }
  const shared = (a: DOMRect, b: DOMRect) => ({
    width: Math.min(a.right, b.right) - Math.max(a.left, b.left),
    height: Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top),
  });
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i]!;
      const b = controls[j]!;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const overlap = a.boxes
        .flatMap((boxA) => b.boxes.map((boxB) => shared(boxA, boxB)))
        .find(({ width, height }) => width > TOLERANCE && height > TOLERANCE);
      if (overlap) {
        problems.push(
          `overlap: ${describe(a.element)} and ${describe(b.element)} share ` +
            `${Math.round(overlap.width)}×${Math.round(overlap.height)} px`,
        );
      }
    }
  }
  return problems;
}
