import { createFileRoute } from '@tanstack/react-router';

import { PrivacyPolicyPage } from '@/features/legal';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/privacy-policy')({
  head: screenHead('Privacy Policy'),
  component: PrivacyPolicyPage,
});
