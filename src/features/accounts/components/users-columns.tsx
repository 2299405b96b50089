import { createDataColumnHelper } from '@/components/data-table';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import type { User } from '@generated/api/model';

import styles from '../accounts.module.css';
import { roleLabel, shortName } from '../model/names';
import { UserRowActionButtons } from './user-row-actions';

const column = createDataColumnHelper<User>();

/** Name (first and last), role and email, then the row's actions. */
export const usersColumns = column.columns([
  column.accessor((user) => shortName(user), { id: 'name', header: 'Name' }),
  column.accessor((user) => roleLabel(user.role), { id: 'role', header: 'Role' }),
  column.accessor('email', { header: 'Email', meta: { className: styles.emailColumn } }),
  column.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => <UserRowActionButtons user={row.original} />,
    meta: { className: styles.actionsColumn },
  }),
]);
