import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';

import { session } from '@/api/session';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { isBlank } from '@/lib/required-text';
import { toast } from '@/lib/toaster';
import { getChangePasswordMutationOptions } from '@generated/api/auth/auth';
import { PASSWORD_MAX_LENGTH } from '@generated/rules';

import styles from '../accounts.module.css';
import {
  EMPTY_PASSWORD_CHANGE,
  PASSWORD_CHANGE_FIELDS,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeProblem,
  type PasswordChangeValues,
} from '../model/password-change';

type Field = keyof PasswordChangeValues;

const FIELDS: ReadonlyArray<{ field: Field; label: string; autoComplete: string }> = [
  { field: 'oldPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
];

/**
 * Changes the signed-in user's password on My Account: the form's message shows once a change was
 * tried; the server's message shows on success, its field errors under the fields.
 */
export function PasswordChangeForm() {
  const [values, setValues] = useState(EMPTY_PASSWORD_CHANGE);
  const [tried, setTried] = useState(false);
  const change = useFormSubmit(getChangePasswordMutationOptions(), {
    fields: PASSWORD_CHANGE_FIELDS,
    onSuccess: (reply) => {
      // The change ended the user's other sessions; this one goes on with the fresh tokens of the
      // reply (its previous refresh token is retired). An older backend sends none: keep ours.
      if (reply?.access && reply.refresh)
        session.setTokens({ access: reply.access, refresh: reply.refresh });
      if (reply?.message) void toast.success(reply.message);
      setValues(EMPTY_PASSWORD_CHANGE);
      setTried(false);
    },
  });
  const serverErrors = change.fieldErrors ?? {};
  const problem = passwordChangeProblem(values);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    change.submit({
      data: {
        old_password: values.oldPassword,
        new_password: values.newPassword,
        confirm_password: values.confirmPassword,
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-change-title">
      <h3 id="password-change-title" className={Classes.HEADING}>
        Change Password
      </h3>
      {FIELDS.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          label={label}
          type="password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete={autoComplete}
          required
          value={values[field]}
          invalid={
            tried &&
            (isBlank(values[field]) ||
              (field === 'confirmPassword' && problem === PASSWORD_CHANGE_MESSAGES.mismatch))
          }
          errors={serverErrors[field]}
          onChange={(event) => {
            const next = event.target.value;
            setValues((current) => ({ ...current, [field]: next }));
            change.clearFieldErrors(field);
          }}
        />
      ))}
      {tried && problem ? (
        <Callout role="alert" intent={Intent.DANGER} className={styles.formMessage}>
          {problem}
        </Callout>
      ) : null}
      <div className={styles.actions}>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          text="Change Password"
          loading={change.busy}
        />
      </div>
    </form>
  );
}
