import { describe, expect, it } from 'vitest';

import { createAppRouter } from '@/app/router';

import { createTestQueryClient } from './test-query-client';

// @vitest-own-modules: the route table as the app starts, before any screen's code has loaded
// (screens that earlier files opened would carry their loaded options).
//
// Every screen names itself in the tab, "{Screen} · AceBridge" (WCAG 2.4.2, Page Titled); the
// route that shows a screen names it (its `head`). The route tree is the app's table of titles.

interface TitledScreen {
  screen: string;
  title: string | undefined;
}

/** The title each route gives its screen(s): the wizard one per step, the root its 404 page. */
function screenTitles(): TitledScreen[] {
  const router = createAppRouter(createTestQueryClient());
  const screens: TitledScreen[] = [];
  for (const route of Object.values(router.routesById)) {
    const head = route.options.head as
      | ((context: { match: unknown }) => { meta?: Array<{ title?: string } | undefined> })
      | undefined;
    if (!head) continue;
    const variants =
      route.id === '__root__'
        ? [{ screen: 'an unknown path', match: { _notFound: true, context: {} } }]
        : route.id === '/new-connection'
          ? [1, 2, 3, 4, 5].map((step) => ({
              screen: `${route.fullPath} at step ${step}`,
              match: { context: { wizardStep: step } },
            }))
          : [{ screen: route.fullPath, match: { context: {} } }];
    for (const { screen, match } of variants) {
      const title = head({ match }).meta?.find((tag) => tag?.title !== undefined)?.title;
      screens.push({ screen, title });
    }
  }
  return screens;
}

describe('screen titles', () => {
  const screens = screenTitles();

  it('are read from the route table, every screen route with its own', () => {
    expect(Object.fromEntries(screens.map(({ screen, title }) => [screen, title]))).toMatchObject({
      '/login': 'User Login · AceBridge',
      '/accounts': 'Company Settings · AceBridge',
      '/new-connection at step 1': 'Step 1 · Account Authorization · AceBridge',
      'an unknown path': 'Page not found · AceBridge',
    });
    for (const { screen, title } of screens) {
      expect(title, screen).toMatch(/^\S.* · AceBridge$/);
    }
  });

  it('no two screens share a title', () => {
    const byTitle = new Map<string, string>();
    for (const { screen, title = '' } of screens) {
      expect(byTitle.get(title), `${screen} and ${byTitle.get(title)} share "${title}"`).toBe(
        undefined,
      );
      byTitle.set(title, screen);
    }
  });
});
