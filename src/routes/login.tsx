import { createFileRoute, redirect } from '@tanstack/react-router';

import { session } from '@/api/session';
import { LoginPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

interface ReturnUrlSearch {
  returnUrl?: string;
}

const validateReturnUrl = (search: Record<string, unknown>): ReturnUrlSearch =>
  typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {};

export const Route = createFileRoute('/login')({
  validateSearch: validateReturnUrl,
  beforeLoad: () => {
    if (session.isLoggedIn()) throw redirect({ to: '/dashboard', replace: true });
  },
  // An already logged-in visitor goes straight to the dashboard.
  head: screenHead('User Login'),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnUrl } = Route.useSearch();
  return <LoginPage returnUrl={returnUrl} />;
}
