import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useConfirmPasswordReset } from '@generated/api/auth/auth';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { canSavePasswordPair } from './password-pair';
import { PasswordPairFields } from './password-pair-fields';
import { resetFailureMessage, type ResetStatus } from './reset-status';
import { StatusCallout } from './status-callout';
import styles from './auth.module.css';
import { useSingleFlight } from '@/lib/use-single-flight';

export function ResetPasswordPage({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState({ newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<ResetStatus>(-1);
  const [message, setMessage] = useState('');
  // The result shows under the form (field messages), not as a toast.
  const reset = useSingleFlight(
    useConfirmPasswordReset({ mutation: { meta: { silentErrors: true } } }),
  );
  const canSave = canSavePasswordPair(passwords.newPassword, passwords.confirmPassword);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSave || reset.isPending) return;
    reset.mutate(
      {
        data: {
          uid,
          token,
          new_password: passwords.newPassword,
          confirm_password: passwords.confirmPassword,
        },
      },
      {
        onSuccess: async (reply) => {
          setStatus(1);
          setMessage(reply.message);
          await wait(SUCCESS_DELAY_MS);
          await navigate({ to: '/login', replace: true });
        },
        onError: (error) => {
          setStatus(0);
          setMessage(resetFailureMessage(error.body));
        },
      },
    );
  };

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>Reset Password</h1>
      <form onSubmit={onSubmit} noValidate>
        <PasswordPairFields
          {...passwords}
          submitted={submitted}
          onChange={(next) => {
            setPasswords(next);
            setStatus(-1); // typing clears the result
          }}
        />
        <StatusCallout status={status} message={message} />
        <div className={styles.actions}>
          <span />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Save"
            disabled={!canSave}
            loading={reset.isPending || status === 1}
          />
        </div>
      </form>
    </Card>
  );
}
