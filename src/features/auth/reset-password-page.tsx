import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';

import { getConfirmPasswordResetMutationOptions } from '@generated/api/auth/auth';

import styles from './auth.module.css';
import { PasswordPairFields } from './components/password-pair-fields';
import { ResetStatusCallout } from './components/status-callout';
import { usePasswordPairForm } from './components/use-password-pair-form';
import { resetFailureMessage, type ResetStatus } from './model/reset-status';

export function ResetPasswordPage({ uid, token }: { uid: string; token: string }) {
  const [status, setStatus] = useState<ResetStatus>(-1);
  const [message, setMessage] = useState('');
  // The result shows under the form (field messages), not as a toast.
  const form = usePasswordPairForm(
    getConfirmPasswordResetMutationOptions(),
    ({ newPassword, confirmPassword }) => ({
      data: { uid, token, new_password: newPassword, confirm_password: confirmPassword },
    }),
    {
      onSuccess: (reply) => {
        setStatus(1);
        setMessage(reply.message);
      },
      onError: (error) => {
        setStatus(0);
        setMessage(resetFailureMessage(error.body));
      },
    },
  );

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>Reset Password</h1>
      <form onSubmit={form.onSubmit} noValidate>
        <PasswordPairFields
          {...form.passwords}
          submitted={form.submitted}
          onChange={(next) => {
            form.setPasswords(next);
            setStatus(-1); // typing clears the result
          }}
        />
        <ResetStatusCallout status={status} message={message} />
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
