/** The product's name: the whole title where no screen names itself, the suffix of every other. */
export const APP_NAME = 'AceBridge';

/** A screen's document title, "{Screen} · AceBridge" (WCAG 2.4.2, Page Titled). */
export function pageTitle(screen: string): string {
  return `${screen} · ${APP_NAME}`;
}

/**
 * A route's `head` option naming its screen: the root route renders the tags (`<HeadContent />`),
 * and the deepest route with a title wins.
 */
export function screenHead(screen: string) {
  return () => ({ meta: [{ title: pageTitle(screen) }] });
}
