import { createFileRoute, redirect } from '@tanstack/react-router';

import { session } from '@/api/session';
import { LoginPage } from '@/features/auth';
import { screenHead } from '@/lib/title';
import { EMAIL_MAX_LENGTH } from '@generated/rules';

interface LoginSearch {
  returnUrl?: string;
  /** The address to fill in: an invitation just accepted names the account's. */
  email?: string;
}

const validateLoginSearch = (search: Record<string, unknown>): LoginSearch => ({
  ...(typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {}),
  ...(typeof search.email === 'string' && search.email.length <= EMAIL_MAX_LENGTH
    ? { email: search.email }
    : {}),
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
