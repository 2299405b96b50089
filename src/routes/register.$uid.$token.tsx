import { createFileRoute } from '@tanstack/react-router';

import { RegisterPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/register/$uid/$token')({
  validateSearch: (search: Record<string, unknown>): { name?: string } =>
    typeof search.name === 'string' ? { name: search.name } : {},
  head: screenHead('New Account'),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { uid, token } = Route.useParams();
  const { name } = Route.useSearch();
  return <RegisterPage uid={uid} token={token} name={name} />;
}
