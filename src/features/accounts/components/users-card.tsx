import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { DataTable, useDataTable } from '@/components/data-table';
import { lazyNamed } from '@/lib/lazy-named';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { User } from '@generated/api/model';
import {
  getListUsersQueryKey,
  useDeleteUser,
  useResendUserInvite,
} from '@generated/api/users/users';

import { usersQueryOptions } from '../accounts-queries';
import styles from '../accounts.module.css';
import { DELETE_USER_BODY, deleteUserTitle } from '../model/delete-user';
import { shortName } from '../model/names';
import { UserRowHandlersContext, type UserRowHandlers } from './user-row-actions';
import { usersColumns } from './users-columns';

const NO_USERS: User[] = [];

// The invite/edit modal loads with its form (the schema form library, the user form's validator)
// when first opened: the users table does not carry it.
const UserDialog = lazyNamed(() => import('./user-dialog'), 'UserDialog');

export interface UsersCardProps {
  /** The invite modal is open (the URL owns it: /accounts?invite=true, or /invite-user). */
  inviting: boolean;
  onInvitingChange: (inviting: boolean) => void;
}

/** The users of the company, for a super_admin to invite, rename, re-invite and delete. */
export function UsersCard({ inviting, onInvitingChange }: UsersCardProps) {
  const queryClient = useQueryClient();
  const users = useQuery(usersQueryOptions());
  const [editing, setEditing] = useState<User>();
  // Kept after closing, so that the title does not change while the dialog fades out.
  const [deleting, setDeleting] = useState<{ user: User; open: boolean }>();
  const reload = () => queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() });
  // A double click sends once: one e-mail, one delete.
  const remove = useSingleFlight(useDeleteUser());
  const resend = useSingleFlight(useResendUserInvite());

  // A new value each render is fine: the list is short and every row reads it.
  const handlers: UserRowHandlers = {
    onEdit: setEditing,
    onDelete: (user) => setDeleting({ user, open: true }),
    onResend: (user) =>
      resend.mutate(
        { data: { user_id: user.id } },
        {
          onSuccess: () => void toast.success('User Re-invite email sent Successfully'),
          // The list may be stale (the invitation was accepted meanwhile).
          onError: () => void reload(),
        },
      ),
    resendingId: resend.isPending ? resend.variables?.data.user_id : undefined,
  };

  const table = useDataTable({
    data: users.data?.results ?? NO_USERS,
    columns: usersColumns,
    getRowId: (user) => String(user.id),
  });

  const onDeleteResult = (result: 'accept' | 'decline') => {
    if (!deleting) return;
    const close = () => setDeleting({ ...deleting, open: false });
    if (result === 'decline') return close();
    remove.mutate(
      { id: deleting.user.id },
      {
        onSuccess: () => {
          void toast.success('User deleted Successfully');
          void reload();
        },
        onSettled: close,
      },
    );
  };

  return (
    <Card className={styles.card} elevation={1}>
      <div className={styles.cardHeader}>
        <h2 className={Classes.HEADING} id="users-title">
          Users
        </h2>
        <Button
          icon={<AddIcon />}
          intent={Intent.PRIMARY}
          text="Add New"
          onClick={() => onInvitingChange(true)}
        />
      </div>
      <UserRowHandlersContext.Provider value={handlers}>
        <DataTable
          table={table}
          label="Users"
          loading={users.isPending}
          busy={users.isFetching && !users.isPending}
          emptyMessage={users.isError ? 'The users could not be loaded.' : 'No users yet.'}
          className={styles.usersScroller}
        />
      </UserRowHandlersContext.Provider>
      <Suspense fallback={null}>
        {inviting ? (
          <UserDialog target={{ kind: 'invite' }} onClose={() => onInvitingChange(false)} />
        ) : null}
        {editing ? (
          <UserDialog
            target={{ kind: 'edit', user: editing }}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        isOpen={Boolean(deleting?.open)}
        title={deleteUserTitle(deleting ? shortName(deleting.user) : '')}
        body={DELETE_USER_BODY}
        acceptText="Are you sure?"
        declineText="Cancel"
        busy={remove.isPending}
        onResult={onDeleteResult}
      />
    </Card>
  );
}
