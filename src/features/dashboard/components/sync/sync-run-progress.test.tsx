import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { toast } from '@/lib/toaster';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { queueRun } from '@tests/sandbox/domain/sync/runs';
import type { SyncRunRow } from '@tests/sandbox/store/state';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';

import { runCounts } from '../../testing/sync-runs';

wholeAppTestSettings();
const backend = setupSandboxBackend();

const stamp = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** Acme's run under way, as the sandbox's engine would leave it; returns its id. */
function acmeRun(fields: Partial<SyncRunRow>): number {
  return backend.store.transact((draft) => {
    const run = queueRun(draft, 1, { trigger: 'scheduled', direction: 'both' }, new Date());
    Object.assign(run, fields);
    return run.id;
  });
}

function changeRun(id: number, fields: Partial<SyncRunRow>): void {
  backend.store.transact((draft) => {
    Object.assign(
      draft.syncRuns.find((run) => run.id === id)!,
      fields,
    );
  });
}

/** 100 of 400 records, started 5 s ago. */
const running = (): Partial<SyncRunRow> => ({
  state: 'running',
  phase: 'reading_salesforce',
  started_at: stamp(5_000),
  processed: 100,
  total: 400,
});

/**
 * 400 records: 298 synced (created or updated), 4 unchanged, 9 failed, 89 held back by the
 * filters, over both entities.
 */
const ENDED: Partial<SyncRunRow> = {
  state: 'completed_with_failures',
  phase: 'done',
  finished_at: '2026-11-26T10:00:00Z',
  processed: 400,
  counts: runCounts([2, 6, 4, 89, 2], [10, 280, 0, 0, 7]),
};

const statsCalls = () => backend.callsTo('getSyncStats').length;

describe('the run under way', () => {
  let toasts: {
    success: ReturnType<typeof vi.spyOn>;
    warning: ReturnType<typeof vi.spyOn>;
    danger: ReturnType<typeof vi.spyOn>;
  };
  beforeEach(() => {
    toasts = {
      success: vi.spyOn(toast, 'success').mockResolvedValue('t'),
      warning: vi.spyOn(toast, 'warning').mockResolvedValue('t'),
      danger: vi.spyOn(toast, 'danger').mockResolvedValue('t'),
    };
  });

  it('shows on every dashboard of the tenant (a reload, a second tab), then its outcome', async () => {
    const id = acmeRun(running());
    await backend.signIn(DANA);
    const first = renderApp('/dashboard');
    const second = renderApp('/dashboard');
    const tabs = [within(first.container), within(second.container)];

    for (const tab of tabs) {
      // The first screen of a file loads its lazy routes, which takes seconds on a busy machine.
      const bar = await tab.findByRole(
        'progressbar',
        { name: 'Sync progress' },
        { timeout: 10_000 },
      );
      expect(bar).toHaveAttribute('aria-valuenow', '25');
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(tab.getByText('100 of 400 records')).toBeInTheDocument();
      expect(
        tab.getByText(/^Reading Salesforce · \d+ s elapsed · about \d+ s left$/),
      ).toBeInTheDocument();
      // The buttons take their state from the server's run.
      expect(tab.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
      expect(tab.getByRole('button', { name: 'More sync options' })).toBeDisabled();
    }

    changeRun(id, { processed: 300, phase: 'sending_to_ace' });
    for (const tab of tabs) {
      expect(await tab.findByText('300 of 400 records')).toBeInTheDocument();
      expect(tab.getByText(/^Sending to ACE · /)).toBeInTheDocument();
    }

    const stats = statsCalls();
    changeRun(id, ENDED);
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledTimes(2));
    expect(toasts.warning).toHaveBeenCalledWith(
      'Synced 298 of 400 records: 12 created, 286 updated. 4 unchanged, 9 failed, 89 held back by the filters.',
    );
    expect(toasts.success).not.toHaveBeenCalled();
    for (const tab of tabs) {
      await waitFor(() => expect(tab.queryByRole('progressbar')).not.toBeInTheDocument());
      expect(tab.getByRole('button', { name: 'Sync' })).toBeEnabled();
    }
    // The figures refresh by themselves.
    await waitFor(() => expect(statsCalls()).toBeGreaterThanOrEqual(stats + 2));
  });

  it('shows another user of the tenant a queued run, with no figures yet', async () => {
    acmeRun({});
    await backend.signIn(MARCUS);
    renderApp('/dashboard');
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Waiting to start');
    expect(screen.getByText('Waiting to start')).toBeInTheDocument();
    expect(screen.queryByText(/ of \d+ records$/)).not.toBeInTheDocument();
  });

  it('shows right after a click, and gives the outcome with its counts when the run ends', async () => {
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByText('14 Launches');
    // A run that ended before the visit toasts nothing.
    // (the newest run: the history card asks for the runs of 30 days besides)
    await waitFor(() =>
      expect(
        backend.callsTo('listSyncRuns').filter((call) => call.search.get('page-size') === '1'),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // The run's own calls wait: what shows comes from startSync's reply.
    const runCalls = backend.hold('getSyncRun');
    const stats = statsCalls();
    await userEvent.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByRole('progressbar', { name: 'Sync progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(toasts.success).toHaveBeenCalledWith(
      'Sync started. Results will appear on the dashboard when it finishes.',
    );

    await backend.syncsIdle();
    runCalls.open();
    // Some of the seeded records fail: the run completed with failures, a warning, not a success.
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledTimes(1));
    const run = backend.store.state.syncRuns.at(-1)!;
    expect(run.state).toBe('completed_with_failures');
    const text = String(toasts.warning.mock.calls[0]![0]);
    // The parts the toast names add up to the total the progress bar counted.
    const match =
      /^Synced ([\d,]+) of ([\d,]+) records: ([\d,]+) created, ([\d,]+) updated\. (?:([\d,]+) unchanged, )?([\d,]+) failed, ([\d,]+) held back by the filters\.$/.exec(
        text,
      );
    expect(match, text).not.toBeNull();
    const [synced, total, created, updated, unchanged, failed, held] = match!
      .slice(1)
      .map((figure) => Number((figure ?? '0').replaceAll(',', '')));
    expect(total).toBe(run.total);
    // Synced is created plus updated; unchanged records are a part of their own.
    expect(created! + updated!).toBe(synced);
    expect(synced! + unchanged! + failed! + held!).toBe(total);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
    await waitFor(() => expect(statsCalls()).toBe(stats + 1));
    // Last Synced counts the same synced records, leads and opportunities.
    const last = screen.getByRole('region', { name: 'Last Synced' });
    const figure = (term: string) =>
      Number(within(last).getByText(term).nextElementSibling!.textContent!.replaceAll(',', ''));
    await waitFor(() => expect(figure('Leads') + figure('Opportunities')).toBe(synced));
  });

  it('gives the reason of a failed run, and reads an interrupted one as failed', async () => {
    const id = acmeRun(running());
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByText('100 of 400 records');
    const reason = 'The sync stopped on an error: Salesforce refused the session.';
    changeRun(id, {
      state: 'failed',
      phase: 'done',
      finished_at: stamp(0),
      failure_reason: reason,
    });
    await waitFor(() => expect(toasts.danger).toHaveBeenCalledWith(reason));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    // A run started elsewhere shows as soon as the window comes back (once the list is idle).
    const next = acmeRun(running());
    await waitFor(() => {
      window.dispatchEvent(new Event('focus'));
      expect(screen.getByText('100 of 400 records')).toBeInTheDocument();
    });
    changeRun(next, {
      state: 'interrupted',
      phase: 'done',
      failure_reason: 'The sync service restarted during the run.',
    });
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith(
        'The sync was interrupted. The sync service restarted during the run.',
      ),
    );
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('says Reconnecting… while the calls fail, keeps the last figures and the clock, then resumes', async () => {
    const id = acmeRun(running());
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByText('100 of 400 records');

    // Two calls fail: new tries after 1 s, then 2 s.
    backend.failNetwork('getSyncRun', { times: 2 });
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByText('100 of 400 records')).toBeInTheDocument();
    const elapsed = () => screen.getByText(/ elapsed/).textContent;
    const before = elapsed();
    await waitFor(() => expect(elapsed()).not.toBe(before), { timeout: 2_500 });
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(toasts.danger).not.toHaveBeenCalled();

    changeRun(id, { processed: 300 });
    expect(await screen.findByText('300 of 400 records')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    expect(backend.callsTo('getSyncRun').length).toBeGreaterThanOrEqual(4);
  });

  it('says Reconnecting… while the browser is offline, and resumes when it is back', async () => {
    // The clock is the test's from the start (the poll's interval is set as the run is first
    // seen), moving with real time for the app's waits, so that seconds offline take no time.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    onTestFinished(() => void vi.useRealTimers());
    const id = acmeRun(running());
    await backend.signIn(DANA);
    renderApp('/dashboard');
    await screen.findByText('100 of 400 records');
    onTestFinished(() => void window.dispatchEvent(new Event('online')));

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    changeRun(id, { processed: 200 });
    const asked = backend.callsTo('getSyncRun').length;
    // Five polls' worth of seconds: none of them asks while offline.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(backend.callsTo('getSyncRun')).toHaveLength(asked);
    expect(screen.getByText('100 of 400 records')).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('200 of 400 records')).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });
});
