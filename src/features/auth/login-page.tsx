import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useEffectEvent, useState, type FormEvent } from 'react';

import { tooManyAttemptsMessage } from '@/api/error-messages';
import { connectionStore, session, type SessionUser } from '@/api/session';
import { onSessionStartedElsewhere } from '@/api/session-sync';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { lazyNamed } from '@/lib/lazy-named';
import { isBlank } from '@/lib/required-text';
import { safeReturnUrl } from '@/lib/return-url';
import { wait, waitMs } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { getLoginMutationOptions } from '@generated/api/auth/auth';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@generated/rules';

import { homeAfterLogin } from './auth-queries';
import styles from './auth.module.css';

// The callout shows only when sign-in is throttled, which takes a submit: its code (Blueprint's
// Callout with its intent icons, about 1.4 KB gzip) loads with the first submit, not the screen.
const loadStatusCallout = () => import('./components/status-callout');
const StatusCallout = lazyNamed(loadStatusCallout, 'StatusCallout');

export function LoginPage({
  returnUrl,
  email: filledIn = '',
}: {
  returnUrl?: string;
  email?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(filledIn);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState(false);
  /** Too many attempts: the wait, shown until the next attempt. */
  const [throttled, setThrottled] = useState('');
  const [routing, setRouting] = useState(false);

  /** On to where the user was going, else their home. */
  const goOn = async (user: SessionUser, before: Promise<unknown> = Promise.resolve()) => {
    const [home] = await Promise.all([homeAfterLogin(user, queryClient), before]);
    const back = safeReturnUrl(returnUrl);
    await (back ? navigate({ href: back, replace: true }) : navigate({ to: home, replace: true }));
  };

  // Signed in from another tab: this one goes on too, as if it had signed in itself.
  const goOnElsewhere = useEffectEvent(() => {
    const user = session.getUser();
    if (!user || routing) return;
    setRouting(true);
    void goOn(user);
  });
  useEffect(() => onSessionStartedElsewhere(goOnElsewhere), []);

  const login = useFormSubmit(getLoginMutationOptions(), {
    onSuccess: async (reply) => {
      // A product key the wizard stored belongs to the company it set up, and whoever signs in
      // here may be another company's user: the backend judges a key against the caller's own
      // company only, and counts any other as a guess. A signed-in user's company exists, so its
      // set-up step needs no key.
      connectionStore.setProductKey(null);
      session.start(reply);
      setRouting(true);
      // The success toast shows for a second, then the user goes on. That second runs beside
      // the look-up of the user's home, so it is this screen's own rather than the hook's `next`.
      const shown = Promise.all([toast.success('Login successful'), wait(waitMs('successShown'))]);
      await goOn(
        reply.user,
        shown.then(([key]) => toast.dismiss(key)),
      );
    },
    // The screen shows a refused login itself: both fields invalid, no message. Too many
    // attempts is no verdict on what was typed: the wait shows above the button, the fields stay.
    quietRefusal: true,
    onError: (error) => {
      const wait = tooManyAttemptsMessage(error);
      if (wait) setThrottled(wait);
      else setRefused(true);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // Signed in from another tab: this one is already on its way.
    if (isBlank(email) || isBlank(password) || routing) return;
    setThrottled('');
    void loadStatusCallout();
    login.submit({ data: { email: email.trim().toLowerCase(), password } });
  };

  const edit = (apply: () => void) => {
    apply();
    setRefused(false);
  };

  return (
    <Card className={styles.card} elevation={1}>
      <h1 className={Classes.HEADING}>User Login</h1>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="username"
          autoFocus
          required
          value={email}
          invalid={refused || (submitted && isBlank(email))}
          onChange={(event) => edit(() => setEmail(event.target.value))}
        />
        <TextField
          label="Password"
          type="password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
          required
          value={password}
          invalid={refused || (submitted && isBlank(password))}
          onChange={(event) => edit(() => setPassword(event.target.value))}
        />
        {throttled ? (
          <Suspense fallback={null}>
            <StatusCallout intent={Intent.DANGER} message={throttled} />
          </Suspense>
        ) : null}
        <div className={styles.actions}>
          <Link to="/request-reset-password">Forgot Password</Link>
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text="Login"
            loading={login.busy || routing}
          />
        </div>
      </form>
    </Card>
  );
}
