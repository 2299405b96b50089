import type { User } from '@generated/api/model';

/** What a super_admin may do with a row of the users table. */
export interface UserRowActions {
  edit: boolean;
  /** Only users of role `user` can be deleted. */
  delete: boolean;
  /** Only invitations still pending can be sent again. */
  resend: boolean;
}

export function userRowActions(user: Pick<User, 'role' | 'is_active'>): UserRowActions {
  return { edit: true, delete: user.role === 'user', resend: !user.is_active };
}
