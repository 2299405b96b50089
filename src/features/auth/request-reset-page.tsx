import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';

import { tooManyAttemptsMessage } from '@/api/error-messages';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { isBlank } from '@/lib/required-text';
import { getRequestPasswordResetMutationOptions } from '@generated/api/auth/auth';
import { EMAIL_MAX_LENGTH } from '@generated/rules';

import styles from './auth.module.css';
import { ResetStatusCallout } from './components/status-callout';
import { resetRequestFailureMessage, type ResetStatus } from './model/reset-status';

const EMAIL_REQUIRED = 'Email Field is required';

export function RequestResetPage() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<ResetStatus>(-1);
  const [message, setMessage] = useState('');
  // The result shows as the form's own feedback, not as a toast.
  const request = useFormSubmit(getRequestPasswordResetMutationOptions(), {
    onSuccess: (reply) => {
      setStatus(1);
      setMessage(reply.message);
    },
    onError: (error) => {
      setStatus(0);
      setMessage(tooManyAttemptsMessage(error) ?? resetRequestFailureMessage(error.body));
    },
  });
  const missing = isBlank(email);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) request.submit({ data: { email: email.trim().toLowerCase() } });
  };

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>Reset your password</h1>
      <p>Enter the e-mail address of your account and we will send you a link to reset it.</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          placeholder="name@company.com"
          required
          value={email}
          errors={touched && missing ? [EMAIL_REQUIRED] : []}
          invalid={status === 0}
          onBlur={() => setTouched(true)}
          onChange={(event) => {
            setEmail(event.target.value);
            setStatus(-1);
          }}
        />
        <ResetStatusCallout status={status} message={message} />
        <div className={styles.actions}>
          <Link to="/login">Back to login</Link>
          <Button type="submit" intent={Intent.PRIMARY} text="Send" loading={request.busy} />
        </div>
      </form>
    </Card>
  );
}
