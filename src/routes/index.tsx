import { createFileRoute, redirect } from '@tanstack/react-router';

/** The empty path has no screen of its own: it leads to the wizard. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/new-connection', replace: true });
  },
});
