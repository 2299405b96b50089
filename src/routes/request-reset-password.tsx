import { createFileRoute } from '@tanstack/react-router';

import { RequestResetPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/request-reset-password')({
  head: screenHead('Reset your password'),
  component: RequestResetPage,
});
