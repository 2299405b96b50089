import { createFileRoute, redirect } from '@tanstack/react-router';

import { session } from '@/api/session';
import { LoginPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

interface LoginSearch {
  returnUrl?: string;
  /** The address to fill in: an invitation just accepted names the account's. */
  email?: string;
}

const validateLoginSearch = (search: Record<string, unknown>): LoginSearch => ({
  ...(typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {}),
  // Only filled in: the form checks it as it checks what is typed.
  ...(typeof search.email === 'string' ? { email: search.email } : {}),
});

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: () => {
    if (session.isLoggedIn()) throw redirect({ to: '/dashboard', replace: true });
  },
  // An already logged-in visitor goes straight to the dashboard.
  head: screenHead('User Login'),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnUrl, email } = Route.useSearch();
  return <LoginPage returnUrl={returnUrl} email={email} />;
}
