import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toaster';
import type { SyncErrorCause } from '@generated/api/model';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';

import { SYNC_TEXT } from '../sync/use-sync-starter';

const backend = setupSandboxBackend();
wholeAppTestSettings();

const SF = '/api/v1/salesforce';

/** A sync of the seeded Acme org: it raises errors that share causes (four leads' 'Nurturing'). */
async function syncAcme(): Promise<SyncErrorCause[]> {
  const dana = await backend.as(DANA);
  await dana.post(`${SF}/data-mappings/sync-data/`, { tenant_sub_domain: 'acme' });
  await backend.syncsIdle();
  return (
    (await dana.get(`${SF}/data-mappings/sync-errors/causes/`)).body as {
      results: SyncErrorCause[];
    }
  ).results;
}

async function openCauses() {
  await backend.signIn(DANA);
  const view = renderApp('/dashboard?tab=causes');
  const table = await screen.findByRole('table', { name: 'By cause' });
  await within(table).findAllByRole('button', { name: /^Retry \d+ records?$/ });
  return { ...view, table };
}

/** The row of the cause whose message starts so. */
const rowOf = (table: HTMLElement, message: string | RegExp) =>
  within(table).getByText(message).closest('tr')!;

describe("the errors card's 'By cause' view", () => {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
    vi.spyOn(toast, 'warning').mockResolvedValue('t');
    vi.spyOn(toast, 'danger').mockResolvedValue('t');
  });

  it('lists one row per cause, most errors first, with its count, its fix and a link to it', async () => {
    const causes = await syncAcme();
    const { table } = await openCauses();
    expect(screen.getByRole('tab', { name: 'By cause' })).toHaveAttribute('aria-selected', 'true');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'CATEGORY',
      'Lead/Opportunity',
      'ACE Field',
      'ERROR',
      'Records',
      'Usual fix',
      'Retry',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(causes.length);
    const buttons = within(table).getAllByRole('button', { name: /^Retry \d+ records?$/ });
    expect(buttons.map((button) => button.textContent)).toEqual(
      causes.map((cause) => `Retry ${cause.count} ${cause.count === 1 ? 'record' : 'records'}`),
    );

    // A picklist value of leads: the values mapper at the lead field.
    const picklist = causes.find((cause) => cause.fix === 'map_picklist_value')!;
    expect(picklist.count).toBeGreaterThan(1);
    const picklistRow = rowOf(table, picklist.message);
    expect(within(picklistRow).getByText(String(picklist.count))).toBeInTheDocument();
    expect(
      within(picklistRow).getByText(/^Map this Salesforce value to an ACE value/),
    ).toBeVisible();
    const link = within(picklistRow).getByRole('link', { name: 'Open in Sync Settings' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/values-mapper');
    expect(href.searchParams.get('field')).toBe(String(picklist.ace_attribute!.id));
    // An opportunity field opens on the Opportunities tab.
    const stage = causes.find(
      (cause) => cause.fix === 'map_picklist_value' && cause.entity === 'Opportunity',
    )!;
    const stageHref = new URL(
      within(rowOf(table, stage.message))
        .getByRole('link', { name: 'Open in Sync Settings' })
        .getAttribute('href')!,
      'http://localhost',
    );
    expect(Object.fromEntries(stageHref.searchParams)).toEqual({
      field: String(stage.ace_attribute!.id),
      tab: 'opportunities',
    });

    // Waiting for ACE: words, no link.
    const wait = rowOf(table, causes.find((cause) => cause.fix === 'wait_for_ace')!.message);
    expect(within(wait).queryByRole('link')).not.toBeInTheDocument();
    expect(within(wait).getByText('Nothing to change: retry once ACE allows it.')).toBeVisible();
  });

  it('gives a user (not a super_admin) the fix in words, without the Sync Settings links', async () => {
    await backend.signIn(MARCUS);
    renderApp('/dashboard?tab=causes');
    const table = await screen.findByRole('table', { name: 'By cause' });
    await within(table).findByText(/^Stage 'Needs Analysis'/);
    const picklist = within(rowOf(table, /^Stage 'Needs Analysis'/));
    expect(picklist.getByText(/^Map this Salesforce value to an ACE value/)).toBeVisible();
    expect(picklist.queryByRole('link')).not.toBeInTheDocument();
    expect(picklist.getByRole('button', { name: 'Retry 1 record' })).toBeEnabled();
  });

  it("'Retry N records' starts a retry run of exactly the cause's records", async () => {
    const causes = await syncAcme();
    const { table } = await openCauses();
    const [first] = causes;
    const runAsked = backend.callsTo('getSyncRun').length;
    const causesAsked = backend.callsTo('listSyncErrorCauses').length;
    await userEvent.click(
      within(rowOf(table, first!.message)).getByRole('button', {
        name: `Retry ${first!.count} records`,
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(backend.callsTo('retrySyncErrors').map((call) => call.body)).toEqual([
      { cause_id: first!.id },
    ]);
    expect(toast.success).toHaveBeenCalledWith(`Retrying ${first!.count} records.`);
    // The retry's run is followed as a sync started here is: its own calls ask how it goes.
    await waitFor(() => expect(backend.callsTo('getSyncRun').length).toBeGreaterThan(runAsked));
    await backend.syncsIdle();
    const run = backend.store.state.syncRuns.at(-1)!;
    expect(run).toMatchObject({ trigger: 'retry', state: 'failed', total: first!.count });
    // Once the run is over, its outcome toasts and the causes are asked again: the retry
    // replaced their errors. Nothing was fixed, so every record failed again: the run failed.
    await waitFor(() =>
      expect(backend.callsTo('listSyncErrorCauses').length).toBeGreaterThan(causesAsked),
    );
    expect(toast.danger).toHaveBeenLastCalledWith(
      `Retry: none of ${first!.count} records synced: ${first!.count} failed.`,
    );
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('disables the retries while a run is under way', async () => {
    await backend.signIn(DANA);
    backend.store.transact((draft) => {
      const [last] = draft.syncRuns.filter((run) => run.tenantId === 1).slice(-1);
      draft.syncRuns.push({
        ...last!,
        id: 9999,
        trigger: 'scheduled',
        state: 'running',
        phase: 'sending_to_ace',
        started_at: new Date().toISOString(),
        queued_at: new Date().toISOString(),
        finished_at: null,
        processed: 10,
        total: 300,
      });
    });
    renderApp('/dashboard?tab=causes');
    const table = await screen.findByRole('table', { name: 'By cause' });
    const buttons = await within(table).findAllByRole('button', { name: /^Retry \d+ records?$/ });
    await waitFor(() => buttons.forEach((button) => expect(button).toBeDisabled()));
  });

  it('warns as Sync does when the backend says a sync is already running', async () => {
    const { table } = await openCauses();
    backend.fail('retrySyncErrors', {
      status: 400,
      body: { message: 'A sync is already in progress for this tenant. Try again later.' },
    });
    const [button] = within(table).getAllByRole('button', { name: /^Retry \d+ records?$/ });
    await userEvent.click(button!);
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith(SYNC_TEXT.busy));
    expect(toast.danger).not.toHaveBeenCalled();
  });

  it('shows why a cause whose errors are gone cannot be retried, and lists the causes again', async () => {
    const { table } = await openCauses();
    const stageRow = rowOf(table, /^Stage 'Needs Analysis'/);
    // Meanwhile, the error was dismissed elsewhere.
    backend.store.transact((draft) => {
      draft.syncErrors = draft.syncErrors.filter((error) => error.id !== 2);
    });
    const causesAsked = backend.callsTo('listSyncErrorCauses').length;
    await userEvent.click(within(stageRow).getByRole('button', { name: 'Retry 1 record' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^No open error has the cause ".+" \(any more\)\.$/);
    await waitFor(() =>
      expect(backend.callsTo('listSyncErrorCauses').length).toBeGreaterThan(causesAsked),
    );
    await waitFor(() =>
      expect(within(table).queryByText(/^Stage 'Needs Analysis'/)).not.toBeInTheDocument(),
    );
    expect(toast.danger).not.toHaveBeenCalled();
  });

  it('dismisses the error of a record that no longer exists, after asking, and lists the causes again', async () => {
    const { table } = await openCauses();
    // The seeded opportunity that ACE holds and Salesforce no longer has.
    const gone = /^The Salesforce record linked to ACE opportunity/;
    const row = rowOf(table, gone);
    expect(within(row).getByText(/dismiss the error\.$/)).toBeVisible();
    const open = backend.store.state.syncErrors.length;

    // Cancel leaves it as it was.
    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss the error' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dismiss these errors?' });
    expect(dialog).toHaveTextContent(
      'The record no longer exists on the other side, so no retry can fix it. Dismissing takes this error off the open errors; the log keeps it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo('dismissSyncErrors')).toHaveLength(0);

    // A call with no answer says so (the banner, not a toast repeating it), and dismisses nothing.
    backend.failNetwork('dismissSyncErrors');
    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss the error' }));
    dialog = await screen.findByRole('dialog', { name: 'Dismiss these errors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/cannot reach its server/);
    expect(toast.danger).not.toHaveBeenCalled();
    expect(backend.store.state.syncErrors).toHaveLength(open);
    expect(within(table).getByText(gone)).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss the error' }));
    dialog = await screen.findByRole('dialog', { name: 'Dismiss these errors?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Dismissed 1 error. They stay in the log.'),
    );
    expect(backend.store.state.syncErrors).toHaveLength(open - 1);
    await waitFor(() => expect(within(table).queryByText(gone)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens Sync Settings at the field of a picklist cause, its row shown and highlighted', async () => {
    const causes = await syncAcme();
    const { table, router } = await openCauses();
    const picklist = causes.find((cause) => cause.fix === 'map_picklist_value')!;
    await userEvent.click(
      within(rowOf(table, picklist.message)).getByRole('link', { name: 'Open in Sync Settings' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/values-mapper'));
    expect(router.state.location.search).toMatchObject({ field: picklist.ace_attribute!.id });
    const row = await waitFor(
      () => {
        const found = document.getElementById(`mapper-row-${picklist.ace_attribute!.id}`);
        expect(found).not.toBeNull();
        return found!;
      },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(row.className).toMatch(/highlight/));
    expect(row).toContainElement(document.activeElement as HTMLElement);
  });

  it('opens the override editor at the field of a wrong-type cause', async () => {
    const causes = await syncAcme();
    const { table, router } = await openCauses();
    const override = causes.find((cause) => cause.fix === 'set_override')!;
    await userEvent.click(
      within(rowOf(table, override.message)).getByRole('button', { name: 'Set a dummy value' }),
    );
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('tab'));
    const errors = await screen.findByRole('table', { name: 'Errors' });
    const editor = await waitFor(() => {
      const found = errors.querySelector(`[data-sync-error="${override.error_ids[0]}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const row = editor.closest('tr')!;
    await waitFor(() => expect(row.className).toMatch(/highlight/));
    expect(within(editor).getByRole('button', { name: /^ACE field for / })).toHaveTextContent(
      override.ace_attribute!.name,
    );
    expect(document.activeElement).toHaveAccessibleName(/^Dummy value for /);
  });
});
