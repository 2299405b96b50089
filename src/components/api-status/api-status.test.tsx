import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { apiHealth } from '@/api/api-health';
import { apiBehind, FRONTS, VITE_PROXY } from '@tests/faults/fronts';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { createTestQueryClient } from '@tests/test-query-client';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

import { ApiStatus, QUIET_MS, RETRY_EVERY_MS } from './api-status';

spyOnToasts();

wholeAppTestSettings();

const backend = setupSandboxBackend();
const BANNER = /AceBridge cannot reach its server/;

describe('an API that cannot be reached', () => {
  it('is said once above the screen, says the connection is unknown rather than failed, and goes once the API answers again', async () => {
    await backend.signIn(DANA);
    // The check is the one call that gets no answer, and the last one: a call answered after it
    // would rightly say the API is back before the test could look.
    const check = backend.hold('checkConnection');
    backend.failNetwork('checkConnection', { times: 1 });
    renderApp('/values-mapper');
    await screen.findByText(/Last changed by/);
    await screen.findByText(/Required Fields of opportunities Matched/);
    await waitFor(() => expect(check.waiting).toBe(1));
    check.open();
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    expect(screen.getByRole('status')).toHaveTextContent(
      `Trying again every ${RETRY_EVERY_MS / 1000} s`,
    );
    // The check got no answer: its state is not known, and nothing says Salesforce failed.
    expect(await screen.findByText('UNKNOWN')).toBeInTheDocument();
    expect(screen.queryByText('FAILED')).not.toBeInTheDocument();
    // Asked again by itself: the API answers, the banner goes, the real state shows.
    await waitFor(() => expect(screen.getByText('OK')).toBeInTheDocument(), {
      timeout: RETRY_EVERY_MS + 4000,
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('names when what the screen shows was last up to date', async () => {
    await backend.signIn(DANA);
    renderApp('/values-mapper');
    expect(await screen.findByText('OK')).toBeInTheDocument();
    act(() => apiHealth.unreachable());
    const shownAt = new Date(apiHealth.get().lastAnswerAt ?? 0).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      `What you see was last up to date at ${shownAt}.`,
    );
  });

  it('is said above a login that got no answer, which keeps what was typed', async () => {
    backend.failNetwork('login', { times: 1 });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), DANA);
    await user.type(screen.getByLabelText(/^Password/), 'right or wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    expect(screen.getByLabelText(/^Email/)).toHaveValue(DANA);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('right or wrong');
  });
});

describe('an API that stops answering while the screen asks nothing', () => {
  it('is told within 5 s by one light call, and the banner goes once that call is answered', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    renderWithClient(
      <ApiStatus>
        <p>Figures</p>
      </ApiStatus>,
    );
    act(() => apiHealth.answered());
    // Answers seen within QUIET_MS: nothing is asked.
    await act(() => vi.advanceTimersByTimeAsync(QUIET_MS - 1000));
    expect(backend.callsTo('getHealth')).toHaveLength(0);
    // Then the API goes away: the next look asks it, gets no answer, and says so.
    backend.failNetwork('getHealth', { times: 2 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    expect(backend.callsTo('getHealth')).toHaveLength(1);
    expect(toasts.danger).not.toHaveBeenCalled();
    // Asked again every RETRY_EVERY_MS, not every second; the third time it answers.
    await act(() => vi.advanceTimersByTimeAsync(RETRY_EVERY_MS - 1000));
    expect(backend.callsTo('getHealth')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(backend.callsTo('getHealth')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_EVERY_MS));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(backend.callsTo('getHealth')).toHaveLength(3);
  });
});

describe('an API that stops behind any front: told the same way behind each', () => {
  it.each(FRONTS)(
    'behind $name: the banner within 5 s of quiet, no toast, and gone once it answers',
    async (front) => {
      vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
      onTestFinished(() => void vi.useRealTimers());
      renderWithClient(
        <ApiStatus>
          <p>Figures</p>
        </ApiStatus>,
      );
      act(() => apiHealth.answered());
      const api = apiBehind(front);
      api.stop();
      await act(() => vi.advanceTimersByTimeAsync(QUIET_MS + 1000));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(BANNER));
      expect(toasts.danger).not.toHaveBeenCalled();
      api.start();
      await act(() => vi.advanceTimersByTimeAsync(RETRY_EVERY_MS));
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    },
  );
});

describe('the API answering again', () => {
  it('reloads what holds no query (onRecovered), and at most once per RETRY_EVERY_MS when it flips back and forth', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const onRecovered = vi.fn();
    renderWithClient(
      <ApiStatus onRecovered={onRecovered}>
        <p>Something went wrong.</p>
      </ApiStatus>,
    );
    act(() => apiHealth.unreachable());
    act(() => apiHealth.answered());
    expect(onRecovered).toHaveBeenCalledTimes(1);
    // Some calls answered, some not: the next recovery waits for the rest of the 5 s.
    act(() => apiHealth.unreachable());
    act(() => apiHealth.answered());
    expect(onRecovered).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_EVERY_MS));
    expect(onRecovered).toHaveBeenCalledTimes(2);
  });
});

describe('the dashboard while the API behind the dev server’s proxy is stopped', () => {
  const lastSynced = async () =>
    within(await screen.findByRole('region', { name: 'Last Synced' })).findByText('37');

  it('says so with the banner on Sync, and no toast repeats it', async () => {
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await lastSynced();
    const api = apiBehind(VITE_PROXY);
    api.stop();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    // Whatever acts on the failure has run: the button is back, and no toast was shown.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled());
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('shows every block again by itself within 10 s of the API answering, with no Retry pressed', async () => {
    await backend.signIn(DANA);
    const { queryClient } = renderApp('/dashboard');
    await lastSynced();
    const api = apiBehind(VITE_PROXY);
    api.stop();
    // The screen asks for its figures again while nothing answers: every block fails, and shows
    // its error with a Retry.
    await act(() => queryClient.resetQueries());
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0),
    );
    expect(toasts.danger).not.toHaveBeenCalled();
    api.start();
    const back = Date.now();
    await waitFor(
      () => {
        expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
      },
      { timeout: 10_000 },
    );
    await lastSynced();
    expect(Date.now() - back).toBeLessThan(10_000);
  });
});

describe('a screen opened while the API behind the dev server’s proxy is stopped', () => {
  it('ends on the error page under the banner, and loads itself once the API answers again', async () => {
    await backend.signIn(DANA);
    const api = apiBehind(VITE_PROXY);
    api.stop();
    // A reload during the outage: the route's own guard gets no answer.
    renderApp('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent(BANNER);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    api.start();
    expect(
      await screen.findByRole('region', { name: 'Last Synced' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('an API host that answers with something no AceBridge API gives', () => {
  it('shows a page naming the host it tried, keeps what was typed behind it, and tries again', async () => {
    const client = createTestQueryClient();
    renderWithClient(
      <ApiStatus>
        <label>
          Company name <input />
        </label>
      </ApiStatus>,
      { client },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company name'), 'Acme Cloud');
    act(() => apiHealth.notTheApi('https://acme.api.example.com/api/v1/auth/login/', 404));
    expect(
      screen.getByRole('heading', { name: 'AceBridge cannot find its server' }),
    ).toBeInTheDocument();
    expect(screen.getByText('https://acme.api.example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Company name')).toBeVisible();
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme Cloud');
    expect(toasts.danger).not.toHaveBeenCalled();
  });
});
