import type { UseMutationOptions } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';

import { useFormSubmit, type FormSubmitOptions } from '@/components/form/use-form-submit';

import { canSavePasswordPair } from '../model/password-pair';

export interface PasswordPair {
  newPassword: string;
  confirmPassword: string;
}

/**
 * A new-password form (invitation and reset): the pair, whether a submit was tried (the fields
 * then show their messages), and a submit that sends only a valid pair, as `toVariables` makes
 * it. Once saved, both forms do the same: a moment for the success message, then /login (with
 * the account's address filled in when the reply names it).
 */
export function usePasswordPairForm<TData, TError, TVariables, TContext>(
  mutationOptions: UseMutationOptions<TData, TError, TVariables, TContext>,
  toVariables: (pair: PasswordPair) => TVariables,
  options: Pick<
    FormSubmitOptions<TData, TError, TVariables, keyof PasswordPair>,
    'fields' | 'onSuccess' | 'onError'
  > & {
    /** The address the login that follows fills in, when the reply names it. */
    loginEmail?: (data: TData) => string | undefined;
  },
) {
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<PasswordPair>({
    newPassword: '',
    confirmPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const canSave = canSavePasswordPair(passwords.newPassword, passwords.confirmPassword);
  const { loginEmail, ...submitOptions } = options;
  const save = useFormSubmit(mutationOptions, {
    ...submitOptions,
    next: (data) => {
      const email = loginEmail?.(data);
      return navigate({ to: '/login', replace: true, search: email ? { email } : {} });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (canSave) save.submit(toVariables(passwords));
  };

  /** Typing in a field takes away the server's message about it. */
  const edit = (next: PasswordPair) => {
    for (const field of ['newPassword', 'confirmPassword'] as const) {
      if (next[field] !== passwords[field]) save.clearFieldErrors(field);
    }
    setPasswords(next);
  };

  return {
    passwords,
    setPasswords: edit,
    submitted,
    canSave,
    onSubmit,
    busy: save.busy,
    fieldErrors: save.fieldErrors,
  };
}
