import { Button, Classes, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

import { apiHealth, type ApiHealth } from '@/api/api-health';
import { PageMessage } from '@/components/layout/page-message';
import { getHealth } from '@generated/api/health/health';

import styles from './api-status.module.css';

/** While the API cannot be reached, it is asked again this often. */
export const RETRY_EVERY_MS = 5_000;
/**
 * While the tab is shown and no call has had an answer for this long, the API is asked whether it
 * is up (getHealth), so that an outage shows on every screen within 5 s, not only when the next
 * figures are due (looked at every second: at most one light call per 4 s of silence).
 */
export const QUIET_MS = 4_000;
const LOOK_EVERY_MS = 1_000;

const time = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The API's health as the transport last saw it (api/api-health.ts). */
function useApiHealth(): ApiHealth {
  return useSyncExternalStore(apiHealth.subscribe, apiHealth.get, apiHealth.get);
}

/** The origin the app called, for a person who can fix the site's API host. */
function originOf(url: string): string {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return url;
  }
}

/**
 * Says an outage or a misconfigured API host once, as what it is, on every screen:
 * - the API cannot be reached: one banner above the screen, naming when what it shows was last
 *   fresh; the API is asked again every few seconds, and once it answers the banner goes and the
 *   screen's data is asked for again;
 * - the API host answers with something no AceBridge API gives (a web page): a page naming the
 *   host it tried, in place of the screen, which stays mounted behind it so that nothing typed is
 *   lost when the user tries again.
 *
 * `onRecovered` runs too when the API answers again: what holds no query to fetch again (the root
 * route's error page, after a route guard's call got no answer) loads itself again there.
 */
export function ApiStatus({
  children,
  onRecovered,
}: {
  children: ReactNode;
  onRecovered?: () => void;
}) {
  const health = useApiHealth();
  const queryClient = useQueryClient();

  // Silence is not taken for health: with no answer for QUIET_MS while the tab is shown, one light
  // call asks (the transport tells apiHealth what it saw; its failure toasts nothing), so an outage
  // shows within 5 s. While nothing answers, the same call asks again every RETRY_EVERY_MS.
  // The call that found the API gone counts as the last try: the next one comes RETRY_EVERY_MS
  // later, as the banner says.
  const askedAt = useRef(0);
  useEffect(() => {
    if (health.state === 'unreachable') askedAt.current = Date.now();
  }, [health.state]);
  const probing = health.state !== 'notTheApi';
  useEffect(() => {
    if (!probing) return undefined;
    const timer = setInterval(() => {
      const { state, lastAnswerAt } = apiHealth.get();
      const now = Date.now();
      const quietFor = now - Math.max(lastAnswerAt ?? 0, askedAt.current);
      const wait = state === 'unreachable' ? RETRY_EVERY_MS : QUIET_MS;
      if (document.visibilityState !== 'visible' || quietFor < wait) return;
      askedAt.current = now;
      void getHealth().catch(() => undefined);
    }, LOOK_EVERY_MS);
    return () => clearInterval(timer);
  }, [probing]);

  // Once the API answers again, every screen comes back by itself, with no Retry to press: its
  // figures were stale for as long as the banner said, and a block whose call failed meanwhile
  // shows its error. Every query is marked stale; the ones on screen, those in error included,
  // are fetched at once, the others when their screen opens. At most once per RETRY_EVERY_MS
  // (a later recovery waits for the rest of it): an API that answers some calls and not others
  // flips back and forth, and each flip would fetch everything again.
  const wasUnreachable = useRef(false);
  const recovered = useRef(onRecovered);
  useEffect(() => {
    recovered.current = onRecovered;
  });
  const recoveredAt = useRef(Number.NEGATIVE_INFINITY);
  const pendingRecovery = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (health.state === 'unreachable') {
      wasUnreachable.current = true;
      return;
    }
    if (wasUnreachable.current && health.state === 'ok' && !pendingRecovery.current) {
      const refetch = () => {
        pendingRecovery.current = undefined;
        if (apiHealth.get().state !== 'ok') return; // gone again: the next recovery refetches
        recoveredAt.current = Date.now();
        void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
        recovered.current?.();
      };
      const wait = recoveredAt.current + RETRY_EVERY_MS - Date.now();
      if (wait <= 0) refetch();
      else pendingRecovery.current = setTimeout(refetch, wait);
    }
    wasUnreachable.current = false;
  }, [health.state, queryClient]);
  useEffect(() => () => clearTimeout(pendingRecovery.current), []);

  const notTheApi = health.state === 'notTheApi' ? health : undefined;
  const tryAgain = () => {
    apiHealth.reset();
    void queryClient.refetchQueries({ type: 'active' });
  };
  return (
    <>
      {notTheApi ? (
        <PageMessage
          icon={null}
          title="AceBridge cannot find its server"
          action={<Button intent={Intent.PRIMARY} text="Try again" onClick={tryAgain} />}
        >
          <p>
            AceBridge called <strong>{originOf(notTheApi.url)}</strong> and got a web page (HTTP{' '}
            {notTheApi.status}) instead of an answer from the AceBridge API. The API host this site
            is set up with is probably wrong.
          </p>
          <p>
            Whoever runs this site can correct its <code>API_HOST</code>. Nothing you typed is lost:
            it is still here when you try again.
          </p>
        </PageMessage>
      ) : null}
      {health.state === 'unreachable' ? (
        // Blueprint's callout look from its classes alone: this shows on every screen, the login
        // included, whose first load need not carry the Callout component's code.
        <div
          role="status"
          className={`${Classes.CALLOUT} ${Classes.INTENT_WARNING} ${styles.banner}`}
        >
          <strong>AceBridge cannot reach its server.</strong>{' '}
          {health.lastAnswerAt === null
            ? 'Nothing could be loaded yet.'
            : `What you see was last up to date at ${time(health.lastAnswerAt)}.`}{' '}
          Trying again every {RETRY_EVERY_MS / 1000} s; this goes away once it answers.
        </div>
      ) : null}
      {/* Always the same element, so that the screen is never mounted again: what was typed stays. */}
      <div hidden={notTheApi !== undefined} className={styles.screen}>
        {children}
      </div>
    </>
  );
}
