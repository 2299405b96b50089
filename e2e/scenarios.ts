import type { Page } from '@playwright/test';

/**
 * Picks a Prism mock scenario for the requests to one contract path: the `Prefer` header
 * (`code=…`, `example=…`) chooses the response the mock answers with.
 */
export async function preferScenario(page: Page, path: string, prefer: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await route.continue({ headers: { ...route.request().headers(), prefer } });
    },
  );
}

export const PATHS = {
  login: '/api/v1/auth/login/',
  logout: '/api/v1/auth/logout/',
  connectionStep: '/api/v1/connection-step-status/',
  inviteVerify: '/api/v1/tenants/invite-users/verify/',
  resetRequest: '/api/v1/auth/password/reset/',
  resetConfirm: '/api/v1/auth/password/reset/confirm/',
} as const;

/** The credentials of the contract's login example. */
export const SUPER_ADMIN = { email: 'dana.whitfield@acme-cloud.com', password: 'Sup3r-Secret!' };
