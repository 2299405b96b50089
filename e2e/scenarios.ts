import type { Page } from '@playwright/test';

import { pathPattern } from '../src/features/scenario-switcher/model/operation-match';

export interface PreferOptions {
  /** Only requests with this method (any method when absent). */
  method?: string;
  /** Only the next `times` matching requests (every one when absent). */
  times?: number;
}

/**
 * Picks a Prism mock scenario for the requests to one contract path (`{param}` templates match
 * one path segment): the `Prefer` header (`code=…`, `example=…`) chooses the response the mock
 * answers with.
 */
export async function preferScenario(
  page: Page,
  path: string,
  prefer: string,
  { method, times }: PreferOptions = {},
): Promise<void> {
  const pattern = pathPattern(path);
  let left = times ?? Number.POSITIVE_INFINITY;
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (left <= 0 || (method && request.method() !== method.toUpperCase())) {
        await route.fallback();
        return;
      }
      left -= 1;
      await route.continue({ headers: { ...request.headers(), prefer } });
    },
  );
}

export const PATHS = {
  login: '/api/v1/auth/login/',
  logout: '/api/v1/auth/logout/',
  refresh: '/api/v1/auth/token/refresh/',
  connectionStep: '/api/v1/connection-step-status/',
  inviteVerify: '/api/v1/tenants/invite-users/verify/',
  resetRequest: '/api/v1/auth/password/reset/',
  resetConfirm: '/api/v1/auth/password/reset/confirm/',
} as const;

/** The credentials of the contract's login example. */
export const SUPER_ADMIN = { email: 'dana.whitfield@acme-cloud.com', password: 'Sup3r-Secret!' };
