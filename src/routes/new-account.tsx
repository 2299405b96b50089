import { createFileRoute } from '@tanstack/react-router';

import { NewAccountPage } from '@/features/notices';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/new-account')({
  head: screenHead('Welcome'),
  component: NewAccountPage,
});
