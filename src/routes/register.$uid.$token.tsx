import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/register/$uid/$token')({
  component: () => <ComingSoon title="New Account" />,
});
