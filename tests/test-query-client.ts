import { createQueryClient } from '@/app/query-client';

/**
 * The app's own query client (its toast policy: `silentErrors`, `presentError`), without retries:
 * a failure shows at once, not after the back-off. Features may not import app/, tests use this.
 *
 * Apart from `render-app.tsx`, which imports the whole route tree: a component test that needs
 * only a client does not become "related" (`npm run check`) to every page of the app.
 */
export function createTestQueryClient() {
  return createQueryClient({ retry: false });
}
