import { createFileRoute, redirect } from '@tanstack/react-router';

/** The empty path has no screen of its own (spec section 2). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/new-connection', replace: true });
  },
});
