import { createFileRoute } from '@tanstack/react-router';

import { AwsOnboardingPage } from '@/features/onboarding';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/aws-onboarding')({
  head: screenHead('AWS Marketplace Registration'),
  component: AwsOnboardingPage,
});
