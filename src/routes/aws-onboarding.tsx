import { createFileRoute } from '@tanstack/react-router';
import { AwsOnboardingPage } from '@/features/onboarding/aws-onboarding-page';

export const Route = createFileRoute('/aws-onboarding')({
  component: AwsOnboardingPage,
});
