import { createFileRoute } from '@tanstack/react-router';

import { AwsOnboardingPage } from '@/features/onboarding/aws-onboarding-page';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/aws-onboarding')({
  head: screenHead('AWS Marketplace Registration'),
  component: AwsOnboardingPage,
});
