import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, it, onTestFinished } from 'vitest';

import { apiHealth } from '@/api/api-health';

import type { operations } from '../../generated/openapi';
import { renderApp, wholeAppTestSettings } from '../render-app';
import { setupSandboxBackend, type SandboxBackend } from '../sandbox-backend';
import { spyOnToasts, toasts } from '../toaster-spies';
import { CATALOGUE, FAULTS, REJECTED, type Fault, type ToldFault } from './catalogue';

type OperationId = keyof operations;

/** What a screen's steps work with: the user's hands, the sandbox, the app's query client. */
export interface Scene {
  user: UserEvent;
  backend: SandboxBackend;
  queryClient: QueryClient;
}

/** One call of one screen, and the user action that sends it. */
export interface ScreenCall {
  /** Reads `screen: action`; each test is named `<name> › <fault>`. */
  name: string;
  /** The contract operation that is answered with the fault. */
  operation: OperationId;
  /** Signed in as this seeded user before the screen opens (such calls also get the 401 case). */
  signIn?: string;
  /** Sets the scene in the sandbox before the screen opens (a tenant at a wizard step). */
  scene?: (backend: SandboxBackend) => void;
  /** Where the screen lives, and its level-1 heading (still there after the fault). */
  path: string;
  heading: string;
  /** The heading once the call went through, when the screen moves on (after a 401's retry). */
  headingAfterSuccess?: string;
  /** The fault answers the screen's load (set before it opens) rather than a user action. */
  onLoad?: boolean;
  /** Waits for the screen to be ready, or takes it to the state the call is made from. */
  ready?: (scene: Scene) => Promise<void>;
  /** What the user types (each must still hold its value after the failure). */
  typed?: ReadonlyArray<readonly [field: () => HTMLElement, value: string]>;
  /** The action that sends the call. */
  submit?: (scene: Scene) => Promise<void>;
  /** How the screen tells of the fault; by default the catalogue's text, toasted or on screen. */
  shows?: (fault: ToldFault, scene: Scene) => Promise<void>;
  /** What the screen shows once the call went through (after a 401 and its refresh). */
  success?: (scene: Scene) => Promise<void>;
}

/** The reply a fault gets: a 400 names its error, a 401 says the token expired. */
function faultBody(fault: Exclude<Fault, 'network'>): unknown {
  if (fault === 400) return { error: REJECTED };
  if (fault === 401) return { detail: 'Token expired' };
  return {};
}

/**
 * The catalogue's text as a danger toast, or on the screen itself (a block's own error). A backend
 * that cannot be reached is told by the banner, which every case of the matrix checks
 * (`outageTold`): a block may say so in place too, a toast never.
 */
async function catalogueShown(fault: ToldFault): Promise<void> {
  if (fault === 'network') return;
  const text = CATALOGUE[fault];
  await waitFor(() => {
    if (toasts.danger.mock.calls.some(([message]) => message === text)) return;
    expect(screen.getAllByText(text, { exact: true })[0]).toBeVisible();
  });
}

/**
 * The catalogue's text as a danger toast; for a backend that cannot be reached, the banner alone
 * (`outageTold`, checked by the matrix for every screen).
 */
export async function toastShows(fault: ToldFault): Promise<void> {
  if (fault === 'network') return;
  await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith(CATALOGUE[fault]));
}

/**
 * An outage is told once, by the banner (components/api-status), whatever the screen: the
 * transport held the API for unreachable, and no toast repeats it (decision 0033). The states are
 * read as the transport reported them, since the banner may rightly go again at once when another
 * call of the screen is answered; the banner itself is the api-status tests'.
 */
async function outageTold(healthSeen: readonly string[]): Promise<void> {
  await waitFor(() => expect(healthSeen, 'the banner was shown').toContain('unreachable'));
  // Whatever acts on the failure (a cache's onError, a form's onSettled) runs within a task or two.
  await new Promise((settled) => setTimeout(settled, 50));
  expect(toasts.danger, 'no toast repeats the banner').not.toHaveBeenCalled();
}

/** No toast of any kind was shown. */
export function noToast(): void {
  for (const spy of Object.values(toasts)) expect(spy).not.toHaveBeenCalled();
}

/**
 * The fault matrix for a file of screens: every call of every entry answered 400, 401, 404, 405,
 * 413, 500 and network down, through the app's real router, query client and transport against
 * the in-process sandbox. Each case checks what the user is told, that the page is not blank (the
 * shell and the screen's heading), that nothing typed is lost, and for a 401 that the session is
 * refreshed once and the call then goes through. Its toasts are watched, and none is shown.
 */
export function faultMatrix(entries: readonly ScreenCall[]): void {
  wholeAppTestSettings();
  spyOnToasts();
  const backend = setupSandboxBackend();
  // The contract declares a 400 or a 401 for most calls but not for every one (a GET has no 400);
  // the matrix answers them to every call all the same, as a proxy or a server in trouble would.
  const fail = backend.fail as (
    operationId: OperationId,
    reply: { status: Exclude<Fault, 'network'>; body: unknown },
    options: { times: number },
  ) => void;
  const inject = (operation: OperationId, fault: Fault) => {
    // A 401 answers only the first call: the retry, with the refreshed token, goes through.
    if (fault === 'network') backend.failNetwork(operation, { times: Infinity });
    else
      fail(
        operation,
        { status: fault, body: faultBody(fault) },
        { times: fault === 401 ? 1 : Infinity },
      );
  };

  for (const entry of entries) {
    for (const fault of FAULTS) {
      // Only a signed-in user has a session to refresh, and a 401 case needs a success to wait for.
      if (fault === 401 && (!entry.signIn || !entry.success)) continue;

      it(`${entry.name} › ${fault}`, async () => {
        const healthSeen: string[] = [];
        const unsubscribe = apiHealth.subscribe(() => healthSeen.push(apiHealth.get().state));
        onTestFinished(unsubscribe);
        const user = userEvent.setup();
        entry.scene?.(backend);
        if (entry.signIn) await backend.signIn(entry.signIn);
        if (entry.onLoad) inject(entry.operation, fault);
        const { queryClient } = renderApp(entry.path);
        const scene: Scene = { user, backend, queryClient };
        await screen.findByRole('heading', { level: 1, name: entry.heading });
        await entry.ready?.(scene);
        if (!entry.onLoad) inject(entry.operation, fault);
        for (const [field, value] of entry.typed ?? []) {
          await user.clear(field());
          await user.click(field());
          await user.paste(value);
        }
        await entry.submit?.(scene);

        if (fault === 401) {
          await entry.success?.(scene);
          expect(backend.callsTo('refreshToken'), 'one token refresh').toHaveLength(1);
        } else {
          await (entry.shows ?? catalogueShown)(fault, scene);
          if (fault === 'network') await outageTold(healthSeen);
        }

        // No blank page: the shell and the screen's heading are still there.
        expect(screen.getByRole('link', { name: 'AceBridge home' })).toBeVisible();
        const heading =
          fault === 401 ? (entry.headingAfterSuccess ?? entry.heading) : entry.heading;
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Nothing typed is lost (after a 401 the call went through, and a form may clear).
        if (fault === 401) return;
        for (const [field, value] of entry.typed ?? []) expect(field()).toHaveValue(value);
      });
    }
  }
}
