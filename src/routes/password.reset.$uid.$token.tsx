import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/password/reset/$uid/$token')({
  component: () => <ComingSoon title="Reset Password" />,
});
