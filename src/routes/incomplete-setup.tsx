import { createFileRoute } from '@tanstack/react-router';

import { IncompleteSetupPage } from '@/features/notices/incomplete-setup-page';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/incomplete-setup')({
  head: screenHead('Incomplete Setup'),
  component: IncompleteSetupPage,
});
