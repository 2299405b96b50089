import { createFileRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { setupDecision } from '@/features/auth/guards';

export const Route = createFileRoute('/_authenticated/dashboard')({
  // Set-up guard: the dashboard needs a completed set-up (spec section 4).
  beforeLoad: async ({ context, location }) => {
    const decision = await setupDecision(context.user, context.queryClient);
    if (decision !== 'allow') {
      throw redirect({ to: decision, search: { returnUrl: location.href } });
    }
  },
  component: () => <ComingSoon title="Dashboard" />,
});
