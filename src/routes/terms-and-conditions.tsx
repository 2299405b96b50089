import { createFileRoute } from '@tanstack/react-router';

import { TermsPage } from '@/features/legal/terms-page';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/terms-and-conditions')({
  head: screenHead('Terms and Conditions'),
  component: TermsPage,
});
