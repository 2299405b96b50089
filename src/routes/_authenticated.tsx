import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

import { currentUserWithRole } from '@/features/auth/auth-queries';

/** Auth guard: nobody signed in goes to /login, keeping where they were going. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await currentUserWithRole(context.queryClient);
    if (!user) throw redirect({ to: '/login', search: { returnUrl: location.href } });
    return { user };
  },
  component: Outlet,
});
