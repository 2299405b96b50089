import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/_authenticated/_super-admin/values-mapper')({
  component: () => <ComingSoon title="Sync Settings" />,
});
