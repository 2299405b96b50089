import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/api/session';
import { renderApp, wholeAppTestSettings } from '@tests/render-app';
import { replyExample, type Schemas } from '@tests/sandbox/contract';
import { DANA, MARCUS, setupSandboxBackend } from '@tests/sandbox-backend';
import { spyOnToasts, toasts } from '@tests/toaster-spies';

spyOnToasts();

wholeAppTestSettings();
const backend = setupSandboxBackend();

/** What the app sent that changes something: method, path and body. */
const writes = () => backend.writes().map(({ method, path, body }) => ({ method, path, body }));

/** Acme on the Enterprise plan at the Premier tier, its Salesforce connection failing. */
function enterpriseWithFailingSalesforce() {
  backend.store.transact((draft) => {
    const acme = draft.tenants.find((tenant) => tenant.id === 1)!;
    acme.subscription = 'Enterprise';
    acme.aws_partner_status = 'premier';
    acme.salesforce_connection = 'Failed';
  });
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const rowOf = async (name: string) => {
  const table = await usersTable();
  const cell = await within(table).findByRole('cell', { name });
  return cell.closest('tr') as HTMLElement;
};

/** Two clicks with no render between them, as a fast double click can come in a browser. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

describe('Company Settings as a super_admin', () => {
  it('shows the company, both connections upper-cased and coloured, and the Salesforce pencil', async () => {
    enterpriseWithFailingSalesforce();
    await backend.signIn(DANA);
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'Company Settings' })).toBeInTheDocument();
    expect(await screen.findByText('Enterprise')).toBeInTheDocument();
    expect(screen.getByText('Premier Tier')).toBeInTheDocument();
    const ok = await screen.findByText('OK');
    const failed = screen.getByText('FAILED');
    expect(ok.closest('.bp6-tag')).toHaveClass('bp6-intent-success');
    expect(failed.closest('.bp6-tag')).toHaveClass('bp6-intent-danger');
    expect(screen.getByRole('link', { name: 'support@acebridge.io' })).toHaveAttribute(
      'href',
      'mailto:support@acebridge.io',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update your Salesforce Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your Salesforce Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows CONNECTING until the check answers, then FAILED when it fails', async () => {
    const check = backend.hold('checkConnection');
    backend.fail('checkConnection', { status: 500, body: { error: 'Server Error' } });
    await backend.signIn(DANA);
    // renderApp's client does not retry: with the app's policy (shouldRetry) a 500 is asked twice
    // more, 1 s and 2 s apart, and the tags would read CONNECTING through the retries; FAILED
    // after the first failure is what a user sees once the retries are spent.
    renderApp('/accounts');
    expect(await screen.findAllByText('CONNECTING')).toHaveLength(2);
    check.release();
    expect(await screen.findAllByText('FAILED')).toHaveLength(2);
  });

  it('shows a connection still being checked in neutral colours, and its verdict by itself', async () => {
    // The server's first check of the connections is still running when the screen asks; the
    // next answer (the sandbox's own) has the verdicts.
    backend.fail('checkConnection', {
      status: 200,
      body: { salesforce_connection: 'connecting', aws_connection: 'connecting' },
    });
    await backend.signIn(DANA);
    renderApp('/accounts');
    await waitFor(() => expect(backend.callsTo('checkConnection')).toHaveLength(1));
    const connecting = await screen.findAllByText('CONNECTING');
    expect(connecting).toHaveLength(2);
    for (const tag of connecting) {
      expect(tag.closest('.bp6-tag')).not.toHaveClass('bp6-intent-danger');
      expect(tag.closest('.bp6-tag')).not.toHaveClass('bp6-intent-success');
    }
    // Nobody reloads: the screen asks again while connecting, and stops once both are settled.
    const ok = await screen.findAllByText('OK');
    expect(ok).toHaveLength(2);
    for (const tag of ok) expect(tag.closest('.bp6-tag')).toHaveClass('bp6-intent-success');
    const asked = backend.callsTo('checkConnection').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(backend.callsTo('checkConnection')).toHaveLength(asked);
  });

  it('lists users by first and last name, role and e-mail, with the actions each may have', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    // The seeded company: its plan, and both connections healthy.
    expect(await screen.findByText('Professional')).toBeInTheDocument();
    expect(await screen.findAllByText('OK')).toHaveLength(2);
    const table = await usersTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.slice(0, 3).map((header) => header.textContent)).toEqual([
      'Name',
      'Role',
      'Email',
    ]);
    const actions = async (name: string) =>
      within(await rowOf(name))
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label')?.split(' ')[0]);
    expect(within(await rowOf('Dana Whitfield')).getByText('super admin')).toBeInTheDocument();
    expect(within(await rowOf('Priya Raman')).getByText('admin')).toBeInTheDocument();
    expect(await actions('Dana Whitfield')).toEqual(['Edit']);
    expect(await actions('Marcus Oyelaran')).toEqual(['Edit', 'Delete']);
    expect(await actions('Priya Raman')).toEqual(['Edit']);
    expect(await actions('Tomás Rivera')).toEqual(['Edit', 'Resend', 'Delete']);
  });

  it('invites a user from Add New, splitting the name, and reloads the list', async () => {
    await backend.signIn(DANA);
    const { router } = renderApp('/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    expect(router.state.location.search).toEqual({ invite: true });
    const invite = within(dialog).getByRole('button', { name: 'Invite User' });
    expect(invite).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), '  Jean  Paul Lemaire Dubois ');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'JP@Acme-Cloud.com');
    expect(invite).toBeDisabled();
    const role = within(dialog).getByLabelText(/^Role/);
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select…', 'Super Admin', 'User']);
    await userEvent.selectOptions(role, 'User');
    const listLoads = backend.callsTo('listUsers').length;
    await userEvent.click(invite);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('User Added Successfully'));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/v1/tenants/invite-users/',
        body: {
          first_name: 'Jean',
          middle_name: 'Paul',
          last_name: 'Lemaire Dubois',
          email: 'jp@acme-cloud.com',
          role: 'user',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(backend.callsTo('listUsers').length).toBe(listLoads + 1));
  });

  it('shows a taken e-mail under the field and keeps the modal open', async () => {
    // The sandbox refuses an e-mail it has: Dana's own.
    await backend.signIn(DANA);
    renderApp('/invite-user');
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Dana Whitfield');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), DANA);
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Role/), 'Super Admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite User' }));
    expect(await within(dialog).findByText('user with this email already exists.')).toBeVisible();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Invite User' })).toBeDisabled();
    expect(writes()).toHaveLength(1);
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('shows too many invitations of one address as a toast with the wait, and keeps the modal as typed', async () => {
    // The address was invited and re-invited 3 times within the hour (then the user deleted).
    const dana = await backend.as(DANA);
    const invited = await dana.post('/api/v1/tenants/invite-users/', {
      first_name: 'Jean',
      middle_name: null,
      last_name: 'Dubois',
      email: 'jp@acme-cloud.com',
      role: 'user',
    });
    for (const _ of [1, 2])
      await dana.post('/api/v1/tenants/resend-user-invite/', { user_id: invited.body.id });
    await dana.delete(`/api/v1/users/${invited.body.id}/`);
    await backend.signIn(DANA);
    renderApp('/invite-user');
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Jean Dubois');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'jp@acme-cloud.com');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Role/), 'User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite User' }));
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith(
        expect.stringMatching(/^Too many attempts\. Try again in \d+ min\.$/),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Jean Dubois');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('jp@acme-cloud.com');
  });

  it('says what is wrong with each field once left, is not dismissed by Escape, and Cancel closes it without a call', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts?invite=true');
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'T');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'tomas.rivera@');
    await userEvent.click(within(dialog).getByLabelText(/^Role/));
    await userEvent.tab();
    for (const message of [
      'The full name must contains at least first name and last name',
      'The each part of the full name must contains at least 2 characters',
      'Email is not valid',
      'Please choose the proper role',
    ]) {
      expect(within(dialog).getByText(message)).toBeVisible();
    }
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Ada{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
  });

  it('edits only the name, with the e-mail and role shown but disabled', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    await userEvent.click(
      within(await rowOf('Priya Raman')).getByRole('button', { name: 'Edit Priya Raman' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Account' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Priya Kaur Raman');
    expect(within(dialog).getByLabelText(/^Email/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('priya.raman@acme-cloud.com');
    expect(within(dialog).getByLabelText(/^Role/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Role/)).toHaveDisplayValue('Admin');
    await userEvent.clear(name);
    await userEvent.type(name, 'Priya Kaur Raman Iyer');
    const listLoads = backend.callsTo('listUsers').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('User Update Successfully'));
    expect(writes()).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/users/3/',
        body: { first_name: 'Priya', middle_name: 'Kaur', last_name: 'Raman Iyer' },
      },
    ]);
    await waitFor(() => expect(backend.callsTo('listUsers').length).toBe(listLoads + 1));
  });

  it('deletes a user only once confirmed; Cancel and the close icon decline', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    const remove = async () =>
      userEvent.click(
        within(await rowOf('Marcus Oyelaran')).getByRole('button', {
          name: 'Delete Marcus Oyelaran',
        }),
      );

    await remove();
    let dialog = await screen.findByRole('dialog', { name: 'Delete User Marcus Oyelaran?' });
    expect(
      within(dialog).getByText(
        'You are going to delete this user. The process is irreversible. Are you sure you want to delete this user?',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await remove();
    dialog = await screen.findByRole('dialog', { name: 'Delete User Marcus Oyelaran?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);

    await remove();
    dialog = await screen.findByRole('dialog', { name: 'Delete User Marcus Oyelaran?' });
    const accept = within(dialog).getByRole('button', { name: 'Are you sure?' });
    expect(accept).toHaveClass('bp6-intent-danger');
    const listLoads = backend.callsTo('listUsers').length;
    await userEvent.click(accept);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('User deleted Successfully'));
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/v1/users/2/', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(backend.callsTo('listUsers').length).toBe(listLoads + 1));
  });

  it('re-sends a pending invitation', async () => {
    await backend.signIn(DANA);
    renderApp('/accounts');
    await userEvent.click(
      within(await rowOf('Tomás Rivera')).getByRole('button', {
        name: 'Resend invitation to Tomás Rivera',
      }),
    );
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('User Re-invite email sent Successfully'),
    );
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/v1/tenants/resend-user-invite/', body: { user_id: 4 } },
    ]);
  });

  it('re-sends once on a double click while the first is under way', async () => {
    await backend.signIn(DANA);
    const gate = backend.hold('resendUserInvite');
    renderApp('/accounts');
    const mailsBefore = backend.store.state.outbox.length;
    doubleClick(
      within(await rowOf('Tomás Rivera')).getByRole('button', {
        name: 'Resend invitation to Tomás Rivera',
      }),
    );
    await waitFor(() => expect(gate.waiting).toBe(1));
    gate.open();
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('User Re-invite email sent Successfully'),
    );
    expect(backend.callsTo('resendUserInvite')).toHaveLength(1);
    expect(backend.store.state.outbox.length).toBe(mailsBefore + 1);
  });

  it('shows too many re-invitations of one address as a toast with the wait', async () => {
    const dana = await backend.as(DANA);
    for (const _ of [1, 2, 3])
      await dana.post('/api/v1/tenants/resend-user-invite/', { user_id: 4 });
    await backend.signIn(DANA);
    renderApp('/accounts');
    await userEvent.click(
      within(await rowOf('Tomás Rivera')).getByRole('button', {
        name: 'Resend invitation to Tomás Rivera',
      }),
    );
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith(
        expect.stringMatching(/^Too many attempts\. Try again in \d+ min\.$/),
      ),
    );
    expect(toasts.success).not.toHaveBeenCalledWith('User Re-invite email sent Successfully');
  });
});

describe('Company Settings as a user', () => {
  it('shows My Account only: no users, no Salesforce pencil, no users request', async () => {
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Marcus Oyelaran');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(MARCUS);
    expect(screen.getByRole('textbox', { name: 'Role' })).toHaveValue('user');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Update your Salesforce Account' }),
    ).not.toBeInTheDocument();
    expect(backend.callsTo('listUsers').length > 0).toBe(false);
  });

  it('says the user details are not available when the stored user has no id', async () => {
    await backend.signIn(MARCUS);
    const { id: _id, ...withoutId } = session.getUser()!;
    session.setUser(withoutId);
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts.danger).toHaveBeenCalledWith('User details is not available'),
    );
  });

  it('says nothing of the kind for a complete user', async () => {
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(toasts.danger).not.toHaveBeenCalled();
  });

  it('is sent from /invite-user to Company Settings without the invite modal', async () => {
    await backend.signIn(MARCUS);
    const { router } = renderApp('/invite-user');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accounts');
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('My Account: e-mail alerts', () => {
  const section = async () =>
    within(
      (await screen.findByRole('heading', { name: 'E-mail alerts' })).closest(
        'section',
      ) as HTMLElement,
    );

  it('loads the saved alerts, saves a change and shows the server message', async () => {
    backend.store.transact((draft) => {
      draft.alertSettings.push({
        userId: 2,
        settings: {
          sync_failures: { enabled: true, threshold: 7 },
          new_cause: { enabled: false },
          connection_failed: { enabled: false },
          new_launches: { enabled: false },
          digest: { enabled: true, hour: 9, time_zone: 'Europe/Paris' },
        },
        lastDigestDay: null,
      });
    });
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    const alerts = await section();
    const threshold = await alerts.findByRole('spinbutton', {
      name: 'Failed records that send the alert (at least)',
    });
    expect(threshold).toHaveValue(7);
    expect(alerts.getByRole('checkbox', { name: 'A sync run has failed records' })).toBeChecked();
    expect(alerts.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    expect(alerts.getByRole('combobox', { name: 'Digest hour' })).toHaveValue('9');
    await userEvent.click(alerts.getByRole('checkbox', { name: 'Opportunities are launched' }));
    await userEvent.click(alerts.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('E-mail alerts saved.'));
    expect(backend.store.state.alertSettings.find((row) => row.userId === 2)?.settings).toEqual({
      sync_failures: { enabled: true, threshold: 7 },
      new_cause: { enabled: false },
      connection_failed: { enabled: false },
      new_launches: { enabled: true },
      digest: { enabled: true, hour: 9, time_zone: 'Europe/Paris' },
    });
  });

  const thresholdOf = (alerts: ReturnType<typeof within>) =>
    alerts.getByRole('spinbutton', { name: 'Failed records that send the alert (at least)' });

  it('checks the threshold against the contract’s bounds and sends nothing out of them', async () => {
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    const alerts = await section();
    await userEvent.click(
      await alerts.findByRole('checkbox', { name: 'A sync run has failed records' }),
    );
    const threshold = thresholdOf(alerts);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0');
    await userEvent.click(alerts.getByRole('button', { name: 'Save alerts' }));
    // The message the API would give, under the field; no request, no toast.
    expect(
      await alerts.findByText('Ensure this value is greater than or equal to 1.'),
    ).toBeVisible();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(threshold).toHaveValue(0);
    expect(backend.callsTo('updateAlertSettings')).toEqual([]);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '1000001');
    expect(
      await alerts.findByText('Ensure this value is less than or equal to 1000000.'),
    ).toBeVisible();
    await userEvent.click(alerts.getByRole('button', { name: 'Save alerts' }));
    expect(backend.callsTo('updateAlertSettings')).toEqual([]);
    expect(toasts.danger).not.toHaveBeenCalled();
    // Back within the bounds, it goes.
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '1000000');
    expect(alerts.queryByText(/^Ensure this value/)).not.toBeInTheDocument();
    await userEvent.click(alerts.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('E-mail alerts saved.'));
    expect(backend.callsTo('updateAlertSettings')).toHaveLength(1);
  });

  it("shows the server's field error under its field and keeps what was typed", async () => {
    // A refusal the form cannot foresee: a zone the browser lists and the server does not know.
    backend.fail('updateAlertSettings', {
      status: 400,
      body: replyExample<Schemas['BadRequestError']>(
        '/api/v1/users/me/alerts/',
        'put',
        '400',
        'unknownTimeZone',
      ),
    });
    await backend.signIn(MARCUS);
    renderApp('/accounts');
    const alerts = await section();
    await userEvent.click(
      await alerts.findByRole('checkbox', { name: 'A sync run has failed records' }),
    );
    await userEvent.click(
      alerts.getByRole('checkbox', { name: 'Send them in one daily digest instead of one by one' }),
    );
    await userEvent.selectOptions(alerts.getByRole('combobox', { name: 'Digest hour' }), '17');
    await userEvent.selectOptions(
      alerts.getByRole('combobox', { name: 'Time zone' }),
      'Europe/Paris',
    );
    const threshold = thresholdOf(alerts);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.click(alerts.getByRole('button', { name: 'Save alerts' }));
    expect(await alerts.findByText('"Mars/Olympus" is not a known time zone.')).toBeInTheDocument();
    expect(backend.callsTo('updateAlertSettings')).toHaveLength(1);
    // Nothing typed is lost, and nothing was saved.
    expect(threshold).toHaveValue(5);
    expect(alerts.getByRole('combobox', { name: 'Digest hour' })).toHaveValue('17');
    expect(
      alerts.getByRole('checkbox', { name: 'Send them in one daily digest instead of one by one' }),
    ).toBeChecked();
    expect(backend.store.state.alertSettings).toEqual([]);
    expect(toasts.success).not.toHaveBeenCalledWith('E-mail alerts saved.');
  });
});
