import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * /invite-user is Company Settings with the invite modal open. Only a super_admin manages users;
 * anyone else sees their own account there.
 */
export const Route = createFileRoute('/_authenticated/invite-user')({
  beforeLoad: ({ context }) => {
    throw redirect({
      to: '/accounts',
      search: context.user.role === 'super_admin' ? { invite: true } : {},
      replace: true,
    });
  },
});
