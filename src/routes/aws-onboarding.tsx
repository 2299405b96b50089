import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/aws-onboarding')({
  component: () => <ComingSoon title="AWS Onboarding" />,
});
