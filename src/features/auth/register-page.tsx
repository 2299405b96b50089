import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useVerifyInvite } from '@generated/api/auth/auth';
import { errorMessages } from '@/api/error-messages';
import { firstFieldError } from '@/lib/field-errors';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { canSavePasswordPair } from './password-pair';
import { PasswordPairFields } from './password-pair-fields';
import styles from './auth.module.css';
import { useSingleFlight } from '@/lib/use-single-flight';

export interface RegisterPageProps {
  uid: string;
  token: string;
  name?: string;
}

/** An invited user sets a password (spec sections 2, 4 and 5). */
export function RegisterPage({ uid, token, name }: RegisterPageProps) {
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState({ newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  // Failures show the reply's `error` field rather than the generic catalogue text.
  const verify = useSingleFlight(useVerifyInvite({ mutation: { meta: { silentErrors: true } } }));
  const canSave = canSavePasswordPair(passwords.newPassword, passwords.confirmPassword);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSave || verify.isPending) return;
    verify.mutate(
      {
        data: {
          uid,
          token,
          user: { password: passwords.newPassword, confirm_password: passwords.confirmPassword },
        },
      },
      {
        onSuccess: async (reply) => {
          if (reply?.message) void toast.success(reply.message);
          await wait(SUCCESS_DELAY_MS);
          await navigate({ to: '/login', replace: true });
        },
        onError: (error) => {
          const message = firstFieldError(error.body, 'error') ?? errorMessages(error)[0];
          if (message) void toast.danger(message);
        },
      },
    );
  };

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>New Account</h1>
      <p>
        {name ? `Hello ${name}, ` : 'Hello, '}
        choose a password to activate your AceBridge account.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <PasswordPairFields {...passwords} onChange={setPasswords} submitted={submitted} />
        <div className={styles.actions}>
          <span />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Save"
            disabled={!canSave}
            loading={verify.isPending || verify.isSuccess}
          />
        </div>
      </form>
    </Card>
  );
}
