import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '@/api/session';
import { currentUserWithRole } from '@/features/auth/guards';
import { FieldMapper } from '@/features/mapper';
import { WizardPage } from '@/features/wizard';

export const Route = createFileRoute('/new-connection')({
  // A signed-in user who cannot set the company up goes to the dashboard (spec section 2). An
  // admin stays: the dashboard's set-up guard sends admins here, so sending them back would loop.
  beforeLoad: async ({ context }) => {
    if (!session.isLoggedIn()) return;
    const user = await currentUserWithRole(context.queryClient);
    if (user?.role === 'user') throw redirect({ to: '/dashboard', replace: true });
  },
  component: NewConnectionRoute,
});

function NewConnectionRoute() {
  return <WizardPage mapper={<FieldMapper />} />;
}
