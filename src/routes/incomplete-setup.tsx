import { createFileRoute } from '@tanstack/react-router';
import { IncompleteSetupPage } from '@/features/notices/incomplete-setup-page';

export const Route = createFileRoute('/incomplete-setup')({
  component: IncompleteSetupPage,
});
