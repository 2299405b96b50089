import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/login')({
  component: () => <ComingSoon title="User Login" />,
});
