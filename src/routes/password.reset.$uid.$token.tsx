import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';

export const Route = createFileRoute('/password/reset/$uid/$token')({ component: ResetRoute });

function ResetRoute() {
  const { uid, token } = Route.useParams();
  return <ResetPasswordPage uid={uid} token={token} />;
}
