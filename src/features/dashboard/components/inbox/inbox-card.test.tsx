import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '@/lib/toaster';
import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { InboxCard } from './inbox-card';

const backend = setupSandboxBackend();

function renderInbox() {
  renderWithClient(<InboxCard />);
}

/** Acme's unread launches in the sandbox, in the order it lists them. */
const unreadNames = () =>
  backend.store.state.launches
    .filter((launch) => launch.tenantId === 1 && !launch.read)
    .map((launch) => launch.name);

/** Acme's launches are only these, unread. */
function onlyLaunches(names: string[]) {
  backend.store.transact((draft) => {
    draft.launches = draft.launches.filter((launch) => launch.tenantId !== 1);
    names.forEach((name, index) =>
      draft.launches.push({
        tenantId: 1,
        name,
        salesforceId: null,
        read: false,
        at: new Date(Date.UTC(2026, 2, 2, 12, 1, index)).toISOString(),
      }),
    );
  });
}

describe('InboxCard', () => {
  beforeEach(async () => {
    vi.spyOn(toast, 'success').mockResolvedValue('t');
    await backend.signIn(DANA);
  });

  it("shows the count and the first ten names, all of them on 'view all', ten on 'view less'", async () => {
    const names = unreadNames();
    expect(names).toHaveLength(14);
    renderInbox();
    expect(await screen.findByText('14 Launches')).toBeInTheDocument();
    const list = screen.getByText(new RegExp(`^${names[0]}, ${names[1]},`));
    expect(list).toHaveTextContent(new RegExp(`${names[9]} view all$`));
    expect(screen.queryByText(new RegExp(names[10]!))).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'view all' }));
    expect(screen.getByText(new RegExp(names[13]!))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'view less' }));
    expect(screen.queryByText(new RegExp(names[10]!))).not.toBeInTheDocument();
  });

  it('resolves: shows the reply as a success toast and asks for the list again', async () => {
    onlyLaunches(['Globex', 'Initech']);
    renderInbox();
    expect(await screen.findByText('Globex, Initech')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /view/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    // It asks first, naming how many it marks read; nothing is sent until the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Mark every launch as read?' });
    expect(dialog).toHaveTextContent(
      'Resolve marks 2 launches as read: they leave the inbox, and this cannot be undone.',
    );
    expect(backend.callsTo('resolveLaunches')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    // The sandbox's own reply is what the toast shows.
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('All launches marked as resolved (2).'),
    );
    expect(await screen.findByText('0 Launches')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeDisabled();
    expect(backend.callsTo('resolveLaunches')).toHaveLength(1);
    expect(backend.callsTo('listUnreadLaunches')).toHaveLength(2);
  });

  it('a Resolve the user takes back sends nothing and keeps the inbox', async () => {
    onlyLaunches(['Globex']);
    renderInbox();
    await screen.findByText('Globex');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark every launch as read?' });
    expect(dialog).toHaveTextContent('Resolve marks 1 launch as read');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 Launch')).toBeInTheDocument();
    expect(backend.callsTo('resolveLaunches')).toHaveLength(0);
  });

  it('is busy while Resolve is sent, and a double click sends it once', async () => {
    onlyLaunches(['Globex', 'Initech']);
    renderInbox();
    await screen.findByText('Globex, Initech');
    const gate = backend.hold('resolveLaunches');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark every launch as read?' });
    const resolve = within(dialog).getByRole('button', { name: 'Resolve' });
    // Two clicks before React renders again: faster than the button can turn busy.
    act(() => {
      resolve.click();
      resolve.click();
    });
    await waitFor(() => expect(resolve).toHaveClass('bp6-loading'));
    expect(resolve).toBeDisabled();
    gate.open();
    expect(await screen.findByText('0 Launches')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(backend.callsTo('resolveLaunches')).toHaveLength(1);
  });

  it('disables Resolve with no launches, and shows its own error with a retry', async () => {
    onlyLaunches([]);
    backend.fail('listUnreadLaunches', { status: 500, body: { error: 'boom' } });
    renderInbox();
    expect(
      await screen.findByText('Please contact the system Administrator or try again later..'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('0 Launches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeDisabled();
  });
});
