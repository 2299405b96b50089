import { createFileRoute } from '@tanstack/react-router';
import { NewAccountPage } from '@/features/notices/new-account-page';

export const Route = createFileRoute('/new-account')({
  component: NewAccountPage,
});
