import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ERROR_TEXT } from '@/api/error-messages';
import { getToaster, toast } from '@/lib/toaster';
import type { DataMapping, PaginatedDataMappingList } from '@generated/api/model';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { renderMapper } from './testing/render-mapper';

/**
 * The last mapping change, told by a toast whose Undo puts the mapping back: with the app's real
 * toaster (the toast is clicked) and the sandbox in process. Acme as seeded: ACE attributes 27
 * customerCompanyName (mapping 2, to Account.Name, not receiving updates), 33 postalCode
 * (required, unmapped), 30 industryOther (optional, unmapped); 9 of 18 required opportunity
 * fields mapped.
 */
const backend = setupSandboxBackend();

const field = (name: string) =>
  screen.getByRole('combobox', { name: `Salesforce Fields for ${name}` });
const row = (name: string) => field(name).closest('tr') as HTMLElement;
const toastOf = (text: string) => screen.findByText(text, { selector: '.bp6-toast-message' });
const undo = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const toast = (await toastOf(text)).closest('.bp6-toast') as HTMLElement;
  await user.click(within(toast).getByRole('button', { name: 'Undo' }));
};

/** What the server holds for one ACE field, as the API lists it, ids aside. */
async function mappingsOf(aceId: number): Promise<Omit<DataMapping, 'id' | 'picklist_mapping'>[]> {
  const dana = await backend.as(DANA);
  const { body } = await dana.get<PaginatedDataMappingList>(
    '/api/v1/salesforce/data-mappings/?page-size=100000',
  );
  return body.results
    .filter((mapping) => mapping.aws_ace_attribute === aceId)
    .map(({ id: _id, picklist_mapping: _parent, ...rest }) => rest);
}

async function openOpportunities(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Opportunities' }));
  await screen.findByRole('combobox', { name: 'Salesforce Fields for partnerProjectTitle' });
}

async function mapPostalCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(field('postalCode'));
  await user.keyboard('billing zip');
  await user.click(await screen.findByRole('option', { name: /^Account\.BillingPostalCode/ }));
  await user.keyboard('{Escape}');
}

describe('undoing the last mapping change', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await backend.signIn(DANA);
  });

  afterEach(async () => {
    (await getToaster()).clear();
  });

  it('a new mapping says it was saved; Undo deletes it, and the row and the count go back', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await mapPostalCode(user);
    await toastOf('Saved the mapping of postalCode.');
    expect(await mappingsOf(33)).toHaveLength(1);
    expect(screen.getByText('10/18 Required Fields of opportunities Matched')).toBeInTheDocument();

    await undo(user, 'Saved the mapping of postalCode.');
    await toastOf('Undid the change to the mapping of postalCode.');
    expect(await mappingsOf(33)).toEqual([]);
    expect(backend.callsTo('deleteDataMapping')).toHaveLength(1);
    expect(
      within(row('postalCode')).queryByRole('button', { name: /^Remove Account\./ }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('9/18 Required Fields of opportunities Matched')).toBeInTheDocument();
    // The undone toast offers no second undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('a cleared mapping comes back exactly as it was, under a new id', async () => {
    const before = await mappingsOf(27);
    expect(before).toHaveLength(1);
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(within(row('customerCompanyName')).getByRole('button', { name: 'Clear all' }));
    await undo(user, 'Saved the mapping of customerCompanyName.');
    await toastOf('Undid the change to the mapping of customerCompanyName.');
    expect(await mappingsOf(27)).toEqual(before);
    expect(
      within(row('customerCompanyName')).getByRole('button', { name: /^Remove Account\.Name/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('9/18 Required Fields of opportunities Matched')).toBeInTheDocument();
  });

  it('a cleared boolean field comes back with its value rows, under their new parent', async () => {
    // 51 doesOppBelongToNatSec: mapping 20, value rows 21 True -> 'true' and 22 False -> 'false'.
    const before = await mappingsOf(51);
    expect(before).toHaveLength(3);
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const pages = screen.getByRole('navigation', { name: 'Opportunities pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('combobox', { name: 'Salesforce Fields for doesOppBelongToNatSec' });
    await user.click(
      within(row('doesOppBelongToNatSec')).getByRole('button', { name: 'Clear all' }),
    );
    await undo(user, 'Saved the mapping of doesOppBelongToNatSec.');
    await toastOf('Undid the change to the mapping of doesOppBelongToNatSec.');
    const after = await mappingsOf(51);
    expect(after).toHaveLength(before.length);
    expect(after).toEqual(expect.arrayContaining(before));
    const dana = await backend.as(DANA);
    const { body } = await dana.get<PaginatedDataMappingList>(
      '/api/v1/salesforce/data-mappings/?page-size=100000',
    );
    const restored = body.results.filter((mapping) => mapping.aws_ace_attribute === 51);
    const parent = restored.find((mapping) => !mapping.aws_ace_picklist_value);
    expect(restored.filter((mapping) => mapping.picklist_mapping === parent?.id)).toHaveLength(2);
    expect(
      await screen.findByRole('combobox', {
        name: 'Salesforce values for doesOppBelongToNatSec False',
      }),
    ).toBeInTheDocument();
  });

  it("'Receive ACE Updates?' says 'Updated successfully'; Undo unticks it on the server", async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    const receive = screen.getByRole('checkbox', {
      name: 'Receive ACE Updates? customerCompanyName',
    });
    await user.click(receive);
    await undo(user, 'Updated successfully');
    await toastOf('Undid the change to the mapping of customerCompanyName.');
    expect((await mappingsOf(27))[0]?.is_receive_update).toBe(false);
    expect(receive).not.toBeChecked();
  });

  it('quick changes are one toast, replaced in place; Undo takes back the last change only', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await mapPostalCode(user);
    await toastOf('Saved the mapping of postalCode.');
    await user.click(field('industryOther'));
    await user.keyboard('descr{Enter}{Escape}');
    await toastOf('Saved the mapping of industryOther.');
    await waitFor(() =>
      expect(screen.queryByText('Saved the mapping of postalCode.')).not.toBeInTheDocument(),
    );
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(1);

    await undo(user, 'Saved the mapping of industryOther.');
    await toastOf('Undid the change to the mapping of industryOther.');
    expect(await mappingsOf(30)).toEqual([]);
    expect(await mappingsOf(33)).toHaveLength(1);
  });

  it('a refused undo is told, the refusal once, and the row shows what the server still holds', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await mapPostalCode(user);
    await toastOf('Saved the mapping of postalCode.');
    backend.fail('deleteDataMapping', { status: 500 });
    const danger = vi.spyOn(toast, 'danger');
    await undo(user, 'Saved the mapping of postalCode.');
    await toastOf('Could not undo the change to the mapping of postalCode.');
    await toastOf(ERROR_TEXT.server);
    // The refused delete is heard by the sync and by the undo: it is told once all the same.
    expect(danger.mock.calls.filter(([text]) => text === ERROR_TEXT.server)).toHaveLength(1);
    expect(await mappingsOf(33)).toHaveLength(1);
    // Reloaded from the server: the mapping is on screen again, and counted.
    await waitFor(() =>
      expect(
        within(row('postalCode')).getByRole('button', { name: /^Remove Account\.BillingPostal/ }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('10/18 Required Fields of opportunities Matched')).toBeInTheDocument();
  });

  it('a refused re-creation does not leave the row claiming the mapping is back', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(within(row('customerCompanyName')).getByRole('button', { name: 'Clear all' }));
    await toastOf('Saved the mapping of customerCompanyName.');
    backend.fail('createDataMapping', { status: 400, body: { error: 'Refused.' } });
    await undo(user, 'Saved the mapping of customerCompanyName.');
    await toastOf('Could not undo the change to the mapping of customerCompanyName.');
    await toastOf('Refused.');
    expect(await mappingsOf(27)).toEqual([]);
    await waitFor(() =>
      expect(
        within(row('customerCompanyName')).queryByRole('button', { name: /^Remove Account\./ }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText('8/18 Required Fields of opportunities Matched')).toBeInTheDocument();
  });

  it('AutoMatch takes the Undo away: undoing under it would write over what it matched', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await mapPostalCode(user);
    await toastOf('Saved the mapping of postalCode.');
    await user.click(screen.getByRole('button', { name: 'AutoMatch' }));
    await toastOf('Auto match completed. 13 fields were matched.');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
    expect(await mappingsOf(33)).toHaveLength(1);
  });

  it('leaving the mapper takes the Undo away with it', async () => {
    const user = userEvent.setup();
    const view = renderMapper();
    await openOpportunities(user);
    await mapPostalCode(user);
    await toastOf('Saved the mapping of postalCode.');
    act(() => view.unmount());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
    expect(await mappingsOf(33)).toHaveLength(1);
  });
});
