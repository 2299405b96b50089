import type { QueryClient } from '@tanstack/react-query';

import { ERROR_TEXT } from '@/api/error-messages';
import { onSessionEnded } from '@/api/http';
import { safeReturnUrl } from '@/lib/return-url';
import { toast } from '@/lib/toaster';

import type { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The app's reaction to a lost session: it is announced once and leads to the login screen, with
 * nothing of the old user kept. A session ended in another tab (a sign-out there, or its failed
 * refresh, which that tab tells) ends here too, quietly: this tab has nothing to add. The screen
 * the user was on goes along as `returnUrl`, so that signing in again leads back to it (and to
 * the edits the screen kept as a draft). A sign-out made on purpose in this tab is not announced:
 * the logout screen leads to /login by itself.
 */
export function followSessionEnd(queryClient: QueryClient, router: AppRouter): () => void {
  return onSessionEnded((reason) => {
    queryClient.clear();
    if (reason.kind !== 'ended-elsewhere') {
      void toast.danger(
        reason.kind === 'refresh-failed' ? reason.message : ERROR_TEXT.sessionInvalid,
      );
    }
    const { pathname, href } = router.state.location;
    const returnUrl = pathname === '/login' ? undefined : safeReturnUrl(href);
    void router.navigate({ to: '/login', search: returnUrl ? { returnUrl } : {} });
  });
}
