import { createFileRoute } from '@tanstack/react-router';

import { ResetPasswordPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/password/reset/$uid/$token')({
  head: screenHead('Reset Password'),
  component: ResetRoute,
});

function ResetRoute() {
  const { uid, token } = Route.useParams();
  return <ResetPasswordPage uid={uid} token={token} />;
}
