import { MutationObserver } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithClient } from '@tests/render-with-client';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';
import { createTestQueryClient } from '@tests/test-query-client';
import { spyOnToasts } from '@tests/toaster-spies';

import { RecordPreview } from './record-preview';

spyOnToasts();

/**
 * Acme's seeded org (tests/sandbox/store/salesforce-org.ts) holds the opportunity Initech - SAP on
 * AWS at the stage 'Needs Assessment', which no ACE stage is mapped from: its preview has one
 * problem, on stage. Mapping 10 translates 'Needs Analysis' to the ACE stage Qualified.
 */
const INITECH = '0065g00000XyZ34AAB';
const backend = setupSandboxBackend();
const previews = () => backend.callsTo('previewSalesforceRecord');
/** Holds the nth (from 1) preview the app asks for, until the gate lets it go. */
const holdPreview = (nth: number) =>
  backend.hold(
    (call) => call.operationId === 'previewSalesforceRecord' && previews().length === nth,
  );

/** Maps 'Needs Assessment' to Qualified too: Initech then has no problem left. */
function mapNeedsAssessment(mapped: boolean) {
  backend.store.transact((draft) => {
    const qualified = draft.mappings.find((mapping) => mapping.id === 10);
    if (qualified)
      qualified.salesforce_picklist_value = mapped
        ? 'Needs Analysis,Needs Assessment'
        : 'Needs Analysis';
  });
}

function renderPreview() {
  const client = createTestQueryClient();
  const onPickField = vi.fn();
  renderWithClient(<RecordPreview onPickField={onPickField} />, { client });
  /** A mapping saved by a row of the mapper (what the panel listens for). */
  const saveMapping = () =>
    new MutationObserver(client, {
      mutationKey: ['updateDataMapping'],
      mutationFn: () => Promise.resolve({}),
    }).mutate();
  return { onPickField, saveMapping, user: userEvent.setup() };
}

async function pickInitech(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search Salesforce records' }), 'initech');
  await user.click(await screen.findByRole('button', { name: /Initech - SAP on AWS/ }));
}

describe('RecordPreview', { timeout: 20_000 }, () => {
  beforeEach(() => backend.signIn(DANA));

  it('searches records of the chosen type and says when none match', async () => {
    const { user } = renderPreview();
    await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Salesforce records' }), 'hooli');
    expect(await screen.findByText('No opportunities match “hooli”.')).toBeInTheDocument();
    const last = backend.callsTo('searchSalesforceRecords').at(-1)?.search;
    expect(last?.get('type')).toBe('Opportunity');
    expect(last?.get('search')).toBe('hooli');
  });

  it('shows what ACE would receive, field by field, and each problem beside its field', async () => {
    const { user, onPickField } = renderPreview();
    await pickInitech(user);

    const table = await screen.findByRole('table', {
      name: 'What ACE would receive for Initech - SAP on AWS',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'ACE would refuse this record: 1 problem.',
    );
    const [, stage, company] = within(table).getAllByRole('row');
    expect(stage).toHaveTextContent('stage');
    expect(stage).toHaveTextContent('Salesforce field StageName');
    expect(stage).toHaveTextContent('Picklist Standard Value Error');
    expect(company).toHaveTextContent('customerCompanyNameInitechSalesforce field Account.Name');
    const natSec = within(table).getByRole('row', { name: /^doesOppBelongToNatSec/ });
    expect(natSec).toHaveTextContent('Picklist translation of AWS_National_Security__c “false”');
    expect(screen.getByRole('link', { name: /Go to SF/ })).toHaveAttribute('target', '_blank');

    await user.click(within(stage as HTMLElement).getByRole('button', { name: 'stage' }));
    expect(onPickField).toHaveBeenCalledWith(expect.objectContaining({ id: 46, name: 'stage' }));
  });

  it('asks again once a mapping is saved; a newer answer wins over a stale one', async () => {
    const { user, saveMapping } = renderPreview();
    await pickInitech(user);
    await screen.findByText('ACE would refuse this record: 1 problem.');
    expect(previews()).toHaveLength(1);

    // Two mapping changes, the second while the first one's preview is still on its way.
    const second = holdPreview(2);
    const third = holdPreview(3);
    mapNeedsAssessment(true);
    saveMapping();
    await waitFor(() => expect(previews()).toHaveLength(2));
    saveMapping();
    await waitFor(() => expect(previews()).toHaveLength(3));
    // Never two in flight: the older request was cancelled when the newer one left.
    expect(previews()[1]?.signal?.aborted).toBe(true);

    third.release();
    expect(
      await screen.findByText('This record would sync: ACE would accept every value.'),
    ).toBeInTheDocument();
    // Were the stale request still on its way, it would now answer with the problem back.
    mapNeedsAssessment(false);
    second.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      screen.getByText('This record would sync: ACE would accept every value.'),
    ).toBeInTheDocument();
    expect(previews()).toHaveLength(3);
  });

  it('shows a failed preview with a way to ask again', async () => {
    const { user } = renderPreview();
    await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Search Salesforce records' }),
      'initech',
    );
    const initech = await screen.findByRole('button', { name: /Initech - SAP on AWS/ });
    // Deleted in Salesforce since the search listed it.
    backend.store.transact((draft) => {
      const acme = draft.salesforce['1'] ?? [];
      draft.salesforce['1'] = acme.filter((record) => record.Id !== INITECH);
    });
    await user.click(initech);
    expect(await screen.findByRole('alert')).toHaveTextContent('404: URL Not Found..');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
