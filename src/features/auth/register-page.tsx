import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useRef } from 'react';

import { errorMessages } from '@/api/error-messages';
import { firstFieldError } from '@/lib/field-errors';
import { toast } from '@/lib/toaster';
import { getVerifyInviteMutationOptions } from '@generated/api/auth/auth';

import styles from './auth.module.css';
import { PasswordPairFields } from './components/password-pair-fields';
import { usePasswordPairForm } from './components/use-password-pair-form';
import { INVITE_PASSWORD_FIELDS } from './model/password-pair';

export interface RegisterPageProps {
  uid: string;
  token: string;
  name?: string;
}

/**
 * An invited user sets a password: new and confirm password, Save once both match. The server's
 * message shows on success; a refused password shows under its field, a refused link as a
 * danger toast.
 */
export function RegisterPage({ uid, token, name }: RegisterPageProps) {
  // The toast of the last refused attempt: a later success takes it away, so that a red "failed"
  // never stays beside the green "saved".
  const refusal = useRef<Promise<string> | undefined>(undefined);
  const form = usePasswordPairForm(
    getVerifyInviteMutationOptions(),
    ({ newPassword, confirmPassword }) => ({
      data: { uid, token, user: { password: newPassword, confirm_password: confirmPassword } },
    }),
    {
      // The login that follows has the account's address filled in: only the password is typed.
      loginEmail: (reply) => reply?.email,
      onSuccess: (reply) => {
        void refusal.current?.then(toast.dismiss);
        refusal.current = undefined;
        if (reply?.message) void toast.success(reply.message);
      },
      // A refused password shows under its field; any other refusal is about the link, and shows
      // the reply's `error` field (else the catalogue's text) as a toast: the form has no place
      // for it.
      fields: INVITE_PASSWORD_FIELDS,
      onError: (error) => {
        const message = firstFieldError(error.body, 'error') ?? errorMessages(error)[0];
        if (message) refusal.current = toast.danger(message);
      },
    },
  );

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>New Account</h1>
      <p>
        {name ? `Hello ${name}, ` : 'Hello, '}
        choose a password to activate your AceBridge account.
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <PasswordPairFields
          {...form.passwords}
          onChange={form.setPasswords}
          submitted={form.submitted}
          serverErrors={form.fieldErrors}
        />
        <div className={styles.actions}>
          <span />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Save"
            disabled={!form.canSave}
            loading={form.busy}
          />
        </div>
      </form>
    </Card>
  );
}
