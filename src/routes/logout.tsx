import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/logout')({
  component: () => <ComingSoon title="Logging out" />,
});
