import { createFileRoute } from '@tanstack/react-router';

import { IncompleteSetupPage } from '@/features/notices';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/incomplete-setup')({
  head: screenHead('Incomplete Setup'),
  component: IncompleteSetupPage,
});
