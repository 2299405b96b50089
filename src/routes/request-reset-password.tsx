import { createFileRoute } from '@tanstack/react-router';
import { RequestResetPage } from '@/features/auth/request-reset-page';

export const Route = createFileRoute('/request-reset-password')({ component: RequestResetPage });
