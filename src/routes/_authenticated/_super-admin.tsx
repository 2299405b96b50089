import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/** Super-admin guard: anyone else goes to /login, keeping where they were going. */
export const Route = createFileRoute('/_authenticated/_super-admin')({
  beforeLoad: ({ context, location }) => {
    if (context.user.role !== 'super_admin') {
      throw redirect({ to: '/login', search: { returnUrl: location.href } });
    }
  },
  component: Outlet,
});
