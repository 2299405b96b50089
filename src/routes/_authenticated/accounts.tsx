import { createFileRoute } from '@tanstack/react-router';

import { session } from '@/api/session';
import { AccountsPage } from '@/features/accounts';
import { tenantQueryOptions, usersQueryOptions } from '@/features/accounts/accounts-queries';
import { screenHead } from '@/lib/title';

export interface AccountsSearch {
  /** The invite-user modal is open. */
  invite?: true;
}

export const Route = createFileRoute('/_authenticated/accounts')({
  validateSearch: (search: Record<string, unknown>): AccountsSearch =>
    search.invite === true || search.invite === 'true' ? { invite: true } : {},
  loader: async ({ context: { queryClient, user } }) => {
    const tenantId = session.tenantId();
    await Promise.all([
      tenantId === undefined ? null : queryClient.prefetchQuery(tenantQueryOptions(tenantId)),
      user.role === 'super_admin' ? queryClient.prefetchQuery(usersQueryOptions()) : null,
    ]);
  },
  // Company details and, for a super_admin, the users; the connection check starts on screen.
  head: screenHead('Company Settings'),
  component: AccountsRoute,
});

function AccountsRoute() {
  const { invite } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AccountsPage
      inviting={Boolean(invite)}
      onInvitingChange={(open) =>
        void navigate({ search: open ? { invite: true } : {}, replace: !open })
      }
    />
  );
}
