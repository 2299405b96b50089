import { Button, ButtonGroup, Intent, Tooltip } from '@blueprintjs/core';
import { EditIcon, EnvelopeIcon, TrashIcon } from '@blueprintjs/icons';
import { createContext, useContext } from 'react';

import type { User } from '@generated/api/model';

import { shortName } from '../model/names';
import { userRowActions } from '../model/row-actions';

export interface UserRowHandlers {
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onResend: (user: User) => void;
  /** The user whose invitation is being sent again. */
  resendingId?: number;
}

/** The users card gives the rows its handlers; the columns stay static. */
export const UserRowHandlersContext = createContext<UserRowHandlers | null>(null);

/** Edit, delete (role user only) and resend invitation (pending invitations only). */
export function UserRowActionButtons({ user }: { user: User }) {
  const handlers = useContext(UserRowHandlersContext);
  if (!handlers) return null;
  const allowed = userRowActions(user);
  const name = shortName(user);
  return (
    <ButtonGroup variant="minimal">
      {allowed.edit ? (
        <Tooltip content="Edit" placement="top">
          <Button
            icon={<EditIcon />}
            aria-label={`Edit ${name}`}
            onClick={() => handlers.onEdit(user)}
          />
        </Tooltip>
      ) : null}
      {allowed.resend ? (
        <Tooltip content="Resend invitation" placement="top">
          <Button
            icon={<EnvelopeIcon />}
            aria-label={`Resend invitation to ${name}`}
            loading={handlers.resendingId === user.id}
            onClick={() => handlers.onResend(user)}
          />
        </Tooltip>
      ) : null}
      {allowed.delete ? (
        <Tooltip content="Delete" placement="top">
          <Button
            icon={<TrashIcon />}
            intent={Intent.DANGER}
            aria-label={`Delete ${name}`}
            onClick={() => handlers.onDelete(user)}
          />
        </Tooltip>
      ) : null}
    </ButtonGroup>
  );
}
