import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/lib/format-date';
import type { SyncRun } from '@generated/api/model';
import { runStateLabel } from '@generated/rules';
import { renderApp } from '@tests/render-app';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { formatDuration, runTotals, TRIGGER_LABEL } from '../../model/sync-history';
import { acmeRunsUpToNow, acmeWithoutRuns, aRun, runCounts } from '../../testing/sync-runs';
import { HistoryTable } from './history-table';
import { SyncHistoryCard } from './sync-history-card';

// The chart's module, replaced: the test sees when it is imported and what it is given.
const chart = vi.hoisted(() => ({ imported: false }));
vi.mock('./history-chart', () => {
  chart.imported = true;
  return {
    HistoryChart: ({ runs, onOpen }: { runs: SyncRun[]; onOpen: (run: SyncRun) => void }) => (
      <button type="button" onClick={() => onOpen(runs[0]!)}>
        Chart of {runs.length} runs
      </button>
    ),
  };
});

const backend = setupSandboxBackend();

function renderCard() {
  return renderWithClient(<SyncHistoryCard />);
}

/** Acme's runs in the history's order (newest first), as the sandbox holds them. */
const acmeRuns = () =>
  backend.store.state.syncRuns
    .filter((run) => run.tenantId === 1)
    .sort((a, b) => (b.started_at ?? '').localeCompare(a.started_at ?? ''));

/** A browser that draws on a canvas and reports when the card comes on screen. */
function drawingBrowser() {
  type Report = (entries: { isIntersecting: boolean }[]) => void;
  let watching: { report: Report; on: boolean } | undefined;
  vi.stubGlobal('CanvasRenderingContext2D', class {});
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watch: { report: Report; on: boolean };
      constructor(report: Report) {
        this.watch = { report, on: false };
      }
      observe() {
        this.watch.on = true;
        watching = this.watch;
      }
      disconnect() {
        this.watch.on = false;
      }
    },
  );
  return {
    /** The chart's box is watched, then comes on screen. */
    async comeOnScreen() {
      await waitFor(() => expect(watching?.on).toBe(true));
      act(() => watching?.report([{ isIntersecting: true }]));
    },
  };
}

async function showAsTable() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Show as table', pressed: false }),
  );
  return screen.findByRole('table', { name: 'Sync runs' });
}

describe('the Sync history card', () => {
  it('loads the chart only once the card comes on screen', async () => {
    const browser = drawingBrowser();
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Sync history' });
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chart.imported).toBe(false);
    await browser.comeOnScreen();
    expect(await within(card).findByText(`Chart of ${acmeRuns().length} runs`)).toBeInTheDocument();
    expect(chart.imported).toBe(true);
  });

  it('switches between the chart and the table', async () => {
    const browser = drawingBrowser();
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    renderCard();
    await browser.comeOnScreen();
    expect(await screen.findByRole('button', { name: /^Chart of \d+ runs$/ })).toBeInTheDocument();
    await showAsTable();
    expect(screen.queryByRole('button', { name: /^Chart of/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table', pressed: true }));
    await browser.comeOnScreen();
    expect(await screen.findByRole('button', { name: /^Chart of/ })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sync runs' })).not.toBeInTheDocument();
  });

  it('lists the runs newest first with their trigger, duration, counts and state', async () => {
    acmeRunsUpToNow(backend);
    // A run made now, through the API: it is the first row.
    const dana = await backend.as(DANA);
    await dana.post('/api/v1/salesforce/data-mappings/sync-data/', { tenant_sub_domain: 'acme' });
    await backend.syncsIdle();
    await backend.signIn(DANA);
    renderCard();
    const table = await showAsTable();
    const expected = acmeRuns();
    const [newest] = expected;
    expect(newest).toMatchObject({ trigger: 'manual' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'When',
      'Trigger',
      'Duration',
      'Created',
      'Updated',
      'Unchanged',
      'Filtered out',
      'Failed',
      'Changes before',
      'State',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    const totals = runTotals(newest!);
    expect(cells(rows[0]!)).toEqual([
      formatDateTime(newest!.started_at),
      'Manual',
      expect.stringMatching(/^\d+ s$/),
      String(totals.created),
      String(totals.updated),
      String(totals.unchanged),
      String(totals.skipped),
      String(totals.failed),
      expect.stringMatching(/^\d+$/),
      // Its outcome in the contract's words: 'Succeeded' only when none of its records failed.
      totals.failed > 0 ? `Completed, ${totals.failed} failed` : 'Succeeded',
    ]);
    // Newest first, one row per run.
    expect(rows.map((row) => cells(row)[0])).toEqual(
      expected.slice(0, 20).map((run) => formatDateTime(run.started_at)),
    );
    // A failed run says why, on its row.
    const failed = expected.find((run) => run.state === 'failed')!;
    for (let page = 1; page <= expected.indexOf(failed) / 20; page += 1)
      await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const failedRow = within(table)
      .getByRole('button', { name: formatDateTime(failed.started_at)! })
      .closest('tr')!;
    expect(within(failedRow).getByText(failed.failure_reason!)).toBeInTheDocument();
    expect(within(failedRow).getByText('Scheduled')).toBeInTheDocument();
  });

  it('opens a run: its counts per entity and the errors it raised', async () => {
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    renderCard();
    const table = await showAsTable();
    const [last] = acmeRuns();
    const when = formatDateTime(last!.started_at)!;
    await userEvent.click(within(table).getByRole('button', { name: when }));
    const dialog = await screen.findByRole('dialog', { name: `Sync of ${when}` });
    const summary = [
      TRIGGER_LABEL[last!.trigger],
      runStateLabel(last!),
      formatDuration(last!.started_at, last!.finished_at),
    ].join(' · ');
    expect(within(dialog).getByText(summary)).toBeInTheDocument();
    const counts = within(dialog).getByRole('table', { name: 'Records of this run' });
    const row = (name: string) =>
      within(within(counts).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // Each part, then the total they add up to.
    for (const [name, counts] of [
      ['Leads', last!.counts.lead],
      ['Opportunities', last!.counts.opportunity],
    ] as const) {
      const parts = [
        counts.created,
        counts.updated,
        counts.unchanged,
        counts.skipped,
        counts.failed,
      ];
      expect(row(name)).toEqual([...parts, parts.reduce((a, b) => a + b)].map(String));
    }
    // Its errors: the log entries of that run (the seed's last run raised the open errors).
    const logged = backend.store.state.syncLogs.filter((log) => log.runId === last!.id);
    expect(logged.length).toBeGreaterThan(0);
    const errors = await within(dialog).findByRole('table', { name: 'Errors of this run' });
    await within(errors).findByText(logged[0]!.error_description);
    expect(within(errors).getAllByRole('row').slice(1)).toHaveLength(Math.min(20, logged.length));
    expect(backend.callsTo('listSyncLogs').at(-1)?.search.get('run')).toBe(String(last!.id));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the changes made since the run before, beside its counts, and lists them when opened', async () => {
    acmeRunsUpToNow(backend);
    const dana = await backend.as(DANA);
    await dana.post('/api/v1/salesforce/update-create-on-sf-settings', {
      type: 'opportunity',
      value: true,
    });
    await dana.post('/api/v1/salesforce/data-mappings/sync-data/', { tenant_sub_domain: 'acme' });
    await backend.syncsIdle();
    await backend.signIn(DANA);
    renderCard();
    const table = await showAsTable();
    const [newest] = within(table).getAllByRole('row').slice(1);
    const changes = within(newest!).getByRole('button', { name: /^\d+ changes? before this run$/ });
    // The count came with the runs: no call per row.
    expect(backend.callsTo('listActivity')).toHaveLength(0);
    await userEvent.click(changes);
    const dialog = await screen.findByRole('dialog', { name: /^Sync of/ });
    const section = within(dialog).getByRole('region', { name: 'Changes since the run before' });
    expect(section).toHaveTextContent(changes.getAttribute('aria-label')!);
    expect(
      within(section).getByText(
        /Dana Whitfield · Changed a rule · Create opportunities in Salesforce/,
      ),
    ).toBeInTheDocument();
    // Only a super_admin's dashboard links to Activity (this card was rendered without it).
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens a run from the chart too', async () => {
    const browser = drawingBrowser();
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    renderCard();
    await browser.comeOnScreen();
    await userEvent.click(await screen.findByRole('button', { name: /^Chart of/ }));
    const [last] = acmeRuns();
    expect(
      await screen.findByRole('dialog', { name: `Sync of ${formatDateTime(last!.started_at)}` }),
    ).toBeInTheDocument();
  });

  it('says so when there was no sync in the last 30 days', async () => {
    acmeWithoutRuns(backend);
    await backend.signIn(DANA);
    renderCard();
    expect(await screen.findByText('No syncs in the last 30 days.')).toBeInTheDocument();
    expect(backend.callsTo('listSyncRuns')[0]?.search.get('days')).toBe('30');
  });

  it('says why the runs could not be loaded, not that there were none, and Retry asks again', async () => {
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    backend.fail('listSyncRuns', { status: 500 });
    renderCard();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(
      screen.getByText('Please contact the system Administrator or try again later..'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No syncs in the last 30 days.')).not.toBeInTheDocument();
    await userEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    expect(backend.callsTo('listSyncRuns')).toHaveLength(2);
  });

  it('keeps the runs it shows when asking again fails', async () => {
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    const { client } = renderWithClient(<SyncHistoryCard />);
    const shown = 'The chart cannot be drawn in this browser. Show it as a table instead.';
    await screen.findByText(shown);
    backend.fail('listSyncRuns', { status: 500 });
    await act(async () => {
      await client.refetchQueries();
      // The query's observers hear of the failure in a later task: let the card render it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(backend.callsTo('listSyncRuns')).toHaveLength(2);
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('sits on the dashboard, after the statistics', async () => {
    acmeRunsUpToNow(backend);
    await backend.signIn(DANA);
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Sync history' });
    expect(within(card).getByRole('heading', { name: 'Sync history' })).toBeInTheDocument();
    // jsdom draws on no canvas: the card says so, and the table still shows the runs.
    expect(
      await within(card).findByText(
        'The chart cannot be drawn in this browser. Show it as a table instead.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the runs table', () => {
  it('reads a run with failures as completed with them, and one in which none synced as failed', async () => {
    acmeRunsUpToNow(backend);
    // Acme's run with 18 failed records, and a first run whose 140 records all failed.
    const [completed, failed] = acmeRuns();
    backend.store.transact((draft) => {
      const run = (id: number) => draft.syncRuns.find((row) => row.id === id)!;
      Object.assign(run(completed!.id), {
        state: 'completed_with_failures',
        failure_reason: null,
        counts: runCounts([98, 0, 0, 36, 8], [101, 44, 0, 31, 10]),
      });
      Object.assign(run(failed!.id), {
        state: 'failed',
        failure_reason: 'No record synced: all 140 failed.',
        counts: runCounts([0, 0, 0, 0, 60], [0, 0, 0, 0, 80]),
      });
    });
    await backend.signIn(DANA);
    renderCard();
    const table = await showAsTable();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const state = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)!.textContent;
    expect(state(first!)).toBe('Completed, 18 failed');
    expect(state(second!)).toBe('FailedNo record synced: all 140 failed.');
    // The run's own dialog says the same.
    await userEvent.click(
      within(first!).getByRole('button', { name: formatDateTime(completed!.started_at)! }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^\w+ · Completed, 18 failed · /)).toBeInTheDocument();
  });

  it('renders a year of runs a page at a time', () => {
    const runs = Array.from({ length: 365 }, (_, day) =>
      aRun({
        id: 365 - day,
        started_at: new Date(Date.UTC(2026, 10, 26) - day * 86_400_000).toISOString(),
      }),
    );
    render(<HistoryTable runs={runs} onOpen={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Sync runs' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);
    expect(screen.getByText('1-20 of 365')).toBeInTheDocument();
  });
});
