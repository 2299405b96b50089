import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/request-reset-password')({
  component: () => <ComingSoon title="Reset your password" />,
});
