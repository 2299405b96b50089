import { createFileRoute } from '@tanstack/react-router';

import { TermsPage } from '@/features/legal';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/terms-and-conditions')({
  head: screenHead('Terms and Conditions'),
  component: TermsPage,
});
