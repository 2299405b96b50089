import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatDateTime } from '@/lib/format-date';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { actorOf, record, type Change } from '@tests/sandbox/domain/activity';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';

import { apiFilters } from './model/activity-api-filters';

wholeAppTestSettings();
const backend = setupSandboxBackend();

// The first render of the real route tree loads (and transforms) every lazy route chunk.
const FIRST_LOAD = { timeout: 10_000 };

const table = () => screen.findByRole('table', { name: 'Activity' }, FIRST_LOAD);

/** The data rows of the table, once loaded (not the skeleton). */
async function rows(): Promise<HTMLElement[]> {
  const shown = await table();
  await waitFor(() => expect(shown).not.toHaveAttribute('aria-busy'));
  return within(shown).getAllByRole('row').slice(1);
}

/** The action column's words, row by row. */
async function actions(): Promise<string[]> {
  return (await rows()).map((row) => within(row).queryByRole('button')?.textContent ?? '');
}

/** Waits until the table's actions are `expected`, row by row. */
const expectActions = (expected: string[]) =>
  waitFor(async () => expect(await actions()).toEqual(expected));

/** Appends an event of Dana's to Acme's log, as the sandbox records a change. */
function recordDana(change: Change, at = new Date()) {
  backend.store.transact((draft) => {
    const dana = draft.users.find((user) => user.id === 1)!;
    record(draft, { tenantId: 1, actor: actorOf(dana), requestId: 'test', at }, change);
  });
}

/** Acme's seeded events, newest first, under Dana's sign-in of the test. */
const SEEDED = [
  'Added a sync filter',
  'Marked launches as read',
  'Signed in',
  'Sign-in refused',
  'Invited a user',
  'Changed a rule',
  'Changed a mapping',
  'Signed in',
];

describe('/activity', () => {
  it('lists Acme’s events newest first: when, who, area, action and target', async () => {
    await backend.signIn(DANA);
    renderApp('/activity');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activity' }, FIRST_LOAD),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Activity · AceBridge'));
    // Dana's sign-in of this test is the newest.
    await expectActions(['Signed in', ...SEEDED]);
    const filter = (await rows())[1]!;
    const cells = within(filter).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'When',
      'Who',
      'Area',
      'Action',
      'Target',
    ]);
    expect(cells[0]).toHaveTextContent(formatDateTime('2026-03-01T16:40:03Z')!);
    expect(cells[1]).toHaveTextContent('Dana Whitfield');
    expect(cells[1]).toHaveTextContent(DANA);
    expect(cells[2]).toHaveTextContent('Sync filters');
    expect(cells[4]).toHaveTextContent('Opportunity filter');
    expect(backend.callsTo('listActivity').length).toBeGreaterThan(0);
    // The navbar links here, marked as the current screen.
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('narrows by person, area and text, each kept in the URL', async () => {
    const user = userEvent.setup();
    await backend.signIn(DANA);
    const { router } = renderApp('/activity');
    await expectActions(['Signed in', ...SEEDED]);

    await user.selectOptions(screen.getByLabelText('Person'), `Marcus Oyelaran (${MARCUS})`);
    await expectActions(['Marked launches as read', 'Signed in', 'Sign-in refused']);
    expect(router.state.location.search).toEqual({ person: 2 });

    await user.selectOptions(screen.getByLabelText('Area'), 'Sign-ins');
    await expectActions(['Signed in', 'Sign-in refused']);
    expect(router.state.location.search).toEqual({ person: 2, area: 'sign_in' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expectActions(['Signed in', ...SEEDED]);
    expect(router.state.location.search).toEqual({});

    // The search waits for a pause in the typing: one request for the word, not one per key.
    const before = backend.callsTo('listActivity').length;
    await user.type(screen.getByLabelText('Search'), 'STAGE');
    await expectActions(['Changed a mapping']);
    expect(router.state.location.search).toEqual({ search: 'STAGE' });
    const searched = backend.callsTo('listActivity').slice(before);
    expect(searched.map((call) => call.search.get('search'))).toEqual(['STAGE']);
  });

  it('narrows by days, from the link or the calendar', async () => {
    const user = userEvent.setup();
    await backend.signIn(DANA);
    const { router } = renderApp('/activity?from=2026-02-27&to=2026-02-27');
    await expectActions(['Invited a user']);
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('2026-02-27');
    // The user's own days, sent as the instants where they begin and end.
    expect(backend.callsTo('listActivity').at(-1)?.search.toString()).toBe(
      new URLSearchParams(apiFilters({ from: '2026-02-27', to: '2026-02-27' }) as never).toString(),
    );

    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await screen.findByRole('dialog', { name: 'date picker' });
    await user.clear(screen.getByRole('combobox', { name: 'To' }));
    await user.type(screen.getByRole('combobox', { name: 'To' }), '2026-02-28');
    await expectActions([
      'Marked launches as read',
      'Signed in',
      'Sign-in refused',
      'Invited a user',
    ]);
    expect(router.state.location.search).toEqual({ from: '2026-02-27', to: '2026-02-28' });
  });

  it('pages through the log, and a new filter starts again at page 1', async () => {
    const user = userEvent.setup();
    for (let index = 1; index <= 25; index += 1) {
      recordDana({
        area: 'override',
        action: 'override.saved',
        target: { kind: 'sync_error', id: index, label: `Error ${index}` },
        after: { value: String(index) },
      });
    }
    await backend.signIn(DANA);
    const { router } = renderApp('/activity');
    const pages = await screen.findByRole('navigation', { name: 'Activity pages' }, FIRST_LOAD);
    await waitFor(() => expect(pages).toHaveTextContent('1-20 of 34'));
    expect(await rows()).toHaveLength(20);

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pages).toHaveTextContent('21-34 of 34'));
    expect(router.state.location.search).toEqual({ page: 2 });
    await expectActions([
      'Saved override values',
      'Saved override values',
      'Saved override values',
      'Saved override values',
      'Saved override values',
      'Saved override values',
      ...SEEDED,
    ]);

    await user.selectOptions(screen.getByLabelText('Area'), 'Overrides');
    await waitFor(() => expect(router.state.location.search).toEqual({ area: 'override' }));
    await waitFor(() => expect(pages).toHaveTextContent('1-20 of 25'));
  });

  it('opens an event: the keys that changed before | after, the unchanged ones on request', async () => {
    const user = userEvent.setup();
    recordDana({
      area: 'sync_filter',
      action: 'sync_filter.changed',
      target: { kind: 'sync_filter', id: 1, label: 'Opportunity filter' },
      before: { comparison: 'greater_than', value: '10000', entity: 'Opportunity' },
      after: { comparison: 'greater_than', value: '25000', entity: 'Opportunity', note: null },
    });
    await backend.signIn(DANA);
    renderApp('/activity');
    const [, changed] = await rows();
    await user.click(within(changed!).getByRole('button', { name: 'Changed a sync filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed a sync filter' });
    expect(dialog).toHaveTextContent(`Dana Whitfield (${DANA})`);
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    const lines = () =>
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(lines()).toEqual([['value', '10000', '25000']]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show unchanged fields (3)' }));
    expect(lines()).toEqual([
      ['comparison', 'greater_than', 'greater_than'],
      ['value', '10000', '25000'],
      ['entity', 'Opportunity', 'Opportunity'],
      ['note', '(none)', '(none)'],
    ]);
    // The focus stays in the dialog; Escape closes it.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a value that became another as before → after, and a sign-in as no details', async () => {
    const user = userEvent.setup();
    recordDana({
      area: 'environment',
      action: 'environment.switched',
      target: { kind: 'tenant', id: 1, label: 'Acme' },
      before: 'Beta',
      after: 'Production',
    });
    await backend.signIn(DANA);
    renderApp('/activity');
    const [signIn, switched] = await rows();
    await user.click(within(switched!).getByRole('button', { name: 'Switched the environment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switched the environment' });
    expect(within(dialog).getByText('Beta → Production')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(signIn!).getByRole('button', { name: 'Signed in' }));
    const signedIn = await screen.findByRole('dialog', { name: 'Signed in' });
    expect(within(signedIn).getByText('No details recorded.')).toBeInTheDocument();
  });

  it('exports exactly what the filters show, every row, as activity.csv', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:activity';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await backend.signIn(DANA);
    renderApp('/activity?person=2&area=sign_in');
    await expectActions(['Signed in', 'Sign-in refused']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['activity.csv']));
    const [call] = backend.callsTo('exportActivity');
    expect(Object.fromEntries(call!.search)).toEqual({ person: '2', area: 'sign_in' });
    const lines = (await blobs[0]!.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,at,actor_id,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(5, 7).join(' '))).toEqual([
      'sign_in sign_in.succeeded',
      'sign_in sign_in.refused',
    ]);
    click.mockRestore();
  });

  it('checks the log’s chain, and names the event where an edit behind the API breaks it', async () => {
    const user = userEvent.setup();
    await backend.signIn(DANA);
    renderApp('/activity');
    await expectActions(['Signed in', ...SEEDED]);
    await user.click(screen.getByRole('button', { name: 'Check integrity' }));
    expect(await screen.findByText('The log is intact: 9 events checked.')).toBeInTheDocument();

    // The rule change (event 3) edited in the store, as someone with the snapshot file could.
    backend.store.transact((draft) => {
      const rule = draft.activity.find((row) => row.action === 'rule.changed')!;
      rule.after = { is_opportunity_create_allowed_in_sf: false };
    });
    await user.click(screen.getByRole('button', { name: 'Check integrity' }));
    expect(
      await screen.findByText(
        "The log is broken at event 3: The event's hash does not match its content.",
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it('says when nothing matches, and when there is nothing at all', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/activity?search=nobody-did-this');
    expect(
      await screen.findByText('No activity matches these filters.', {}, FIRST_LOAD),
    ).toBeVisible();
    backend.store.transact((draft) => {
      draft.activity = draft.activity.filter((row) => row.tenantId !== 1);
    });
    await router.navigate({ to: '/activity', search: {} });
    expect(await screen.findByText('No activity yet.')).toBeVisible();
  });

  it('goes back to page 1 from a link to a page that no longer exists', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/activity?page=9');
    await expectActions(['Signed in', ...SEEDED]);
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, which loads the list', async () => {
    const user = userEvent.setup();
    backend.fail('listActivity', { status: 500, body: { error: 'Server Error' } });
    await backend.signIn(DANA);
    renderApp('/activity');
    const alert = await screen.findByRole('alert', {}, FIRST_LOAD);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expectActions(['Signed in', ...SEEDED]);
  });

  it('sends a signed-in user (not a super_admin) to /login with returnUrl', async () => {
    await backend.signIn(MARCUS);
    const { router } = renderApp('/activity');
    const visited: string[] = [];
    router.subscribe('onBeforeNavigate', (event) => visited.push(event.toLocation.href));
    await waitFor(() => expect(visited).toContain('/login?returnUrl=%2Factivity'), FIRST_LOAD);
    expect(screen.queryByRole('heading', { name: 'Activity' })).not.toBeInTheDocument();
    expect(backend.callsTo('listActivity')).toHaveLength(0);
  });
});
