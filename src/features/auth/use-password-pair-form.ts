import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { canSavePasswordPair } from './password-pair';

export interface PasswordPair {
  newPassword: string;
  confirmPassword: string;
}

/**
 * The state of a new-password form (invitation and reset): the pair, whether a submit was tried
 * (the fields then show their messages), and a submit handler that sends only a valid pair.
 * `send` gets `toLogin`, what both forms do once saved: a moment for the success message, then
 * /login.
 */
export function usePasswordPairForm(
  send: (pair: PasswordPair, toLogin: () => Promise<void>) => void,
) {
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<PasswordPair>({
    newPassword: '',
    confirmPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const canSave = canSavePasswordPair(passwords.newPassword, passwords.confirmPassword);

  const toLogin = async () => {
    await wait(SUCCESS_DELAY_MS);
    await navigate({ to: '/login', replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (canSave) send(passwords, toLogin);
  };

  return { passwords, setPasswords, submitted, canSave, onSubmit };
}
