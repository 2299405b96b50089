import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { session } from '@/api/session';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { toast } from '@/lib/toaster';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { User } from '@generated/api/model';
import {
  getInviteUserMutationOptions,
  getListUsersQueryKey,
  getUpdateUserMutationOptions,
} from '@generated/api/users/users';

import { FORM_NOT_VALID } from '../model/names';
import {
  editFormData,
  inviteRequest,
  isUserFormValid,
  updateRequest,
  USER_FIELDS,
  userFormSchema,
  userFormUiSchema,
  userFormValidator,
  type UserFormData,
} from '../model/user-form';
import { RoleWidget } from './role-widget';

/** Whom the modal is for: a new user to invite, or an existing user to rename. */
export type UserDialogTarget = { kind: 'invite' } | { kind: 'edit'; user: User };

export interface UserDialogProps {
  target: UserDialogTarget;
  /** Called after Cancel, and after a successful invite or edit. */
  onClose: () => void;
}

const widgets = { role: RoleWidget };

/**
 * The invite/edit user modal: Name, Email and Role; 'Create Account' and 'Invite User' by default.
 * Static: neither the backdrop nor Escape closes it. In edit mode only the name can change.
 */
export function UserDialog({ target, onClose }: UserDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  useReturnFocus();
  const editing = target.kind === 'edit';
  const [formData, setFormData] = useState<UserFormData>(() =>
    target.kind === 'edit' ? editFormData(target.user) : {},
  );
  const onSaved = (message: string) => {
    void toast.success(message);
    void queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() });
    onClose();
  };
  const invite = useFormSubmit(getInviteUserMutationOptions(), {
    fields: USER_FIELDS,
    onSuccess: () => onSaved('User Added Successfully'),
  });
  const update = useFormSubmit(getUpdateUserMutationOptions(), {
    fields: USER_FIELDS,
    onSuccess: (user) => {
      // Renaming oneself renames My Account too.
      if (user && session.getUser()?.id === user.id) session.setUser(user);
      onSaved('User Update Successfully');
    },
  });
  // A dialog either invites or edits: its field errors and busy state are that call's.
  const save = editing ? update : invite;
  const serverErrors = save.fieldErrors;

  const onSubmit = (data: UserFormData) => {
    if (target.kind === 'edit') {
      const name = updateRequest(data);
      if (!name) return void toast.danger(FORM_NOT_VALID);
      update.submit({ id: target.user.id, data: name });
      return;
    }
    const request = inviteRequest(data);
    if (!request) return void toast.danger(FORM_NOT_VALID);
    invite.submit({ data: request });
  };

  return (
    <Dialog
      isOpen
      title={editing ? 'Edit Account' : 'Create Account'}
      onClose={() => {
        if (!save.busy) onClose();
      }}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <SchemaForm<UserFormData>
          id={formId}
          schema={userFormSchema}
          uiSchema={userFormUiSchema(editing)}
          validator={userFormValidator}
          widgets={widgets}
          formData={formData}
          onChange={(next) => {
            setFormData(next);
            save.clearFieldErrors();
          }}
          onSubmit={onSubmit}
          serverErrors={serverErrors}
          disabled={save.busy}
        >
          {/* The buttons live in the dialog's footer and submit through `form`. */}
          <></>
        </SchemaForm>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={save.busy} />
            <Button
              type="submit"
              form={formId}
              intent={Intent.PRIMARY}
              text={editing ? 'Update User' : 'Invite User'}
              disabled={!isUserFormValid(formData) || Boolean(serverErrors)}
              loading={save.busy}
            />
          </>
        }
      />
    </Dialog>
  );
}
