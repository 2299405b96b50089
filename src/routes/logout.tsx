import { createFileRoute } from '@tanstack/react-router';

import { LogoutPage } from '@/features/auth';
import { screenHead } from '@/lib/title';

export const Route = createFileRoute('/logout')({
  head: screenHead('Logging out'),
  component: LogoutPage,
});
