import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { getToaster } from '@/lib/toaster';
import type { PaginatedDataMappingList } from '@generated/api/model';
import { DANA, setupSandboxBackend } from '@tests/sandbox-backend';

import { renderMapper } from './testing/render-mapper';

/**
 * Importing a mappings file: one importMappings call for the whole file, applied by the server
 * all at once or not at all, with the app's real toaster and the sandbox in process. Acme as
 * seeded: ACE attributes 33 postalCode (required, unmapped), 30 industryOther (optional,
 * unmapped); Name (147) already receives ACE updates for partnerProjectTitle; 9 of 18 required
 * opportunity fields mapped.
 */
const backend = setupSandboxBackend();

const field = (name: string) =>
  screen.getByRole('combobox', { name: `Salesforce Fields for ${name}` });
const row = (name: string) => field(name).closest('tr') as HTMLElement;
const toastOf = (text: string) => screen.findByText(text, { selector: '.bp6-toast-message' });

const entry = (name: string, fields: string[], receive = false) => ({
  ace_field: { name, type: 'Opportunity' },
  salesforce_fields: fields,
  receive_updates: receive,
});

function mappingsFile(mappings: object[]): File {
  const text = JSON.stringify({
    format: 'acebridge-mappings',
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    mappings,
  });
  return new File([text], 'mappings.json', { type: 'application/json' });
}

const POSTAL_CODE = entry('postalCode', ['Account.BillingPostalCode']);
const UNKNOWN = {
  ...entry('noSuchField', ['Name']),
  ace_field: { name: 'noSuchField', type: 'Lead' },
};

async function serverHas(aceId: number): Promise<number> {
  const dana = await backend.as(DANA);
  const { body } = await dana.get<PaginatedDataMappingList>(
    '/api/v1/salesforce/data-mappings/?page-size=100000',
  );
  return body.results.filter((mapping) => mapping.aws_ace_attribute === aceId).length;
}

async function openOpportunities(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Opportunities' }));
  await screen.findByRole('combobox', { name: 'Salesforce Fields for partnerProjectTitle' });
}

describe('importing a mappings file', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await backend.signIn(DANA);
  });

  afterEach(async () => {
    (await getToaster()).clear();
  });

  it('sends the whole file in one call, then shows the summary and the mapper as reloaded', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.upload(screen.getByLabelText('Mappings file'), mappingsFile([POSTAL_CODE, UNKNOWN]));

    const text = 'Import: 1 created, 0 updated, 0 deleted, 0 failed, 1 skipped';
    await toastOf(text);
    const calls = backend.callsTo('importMappings');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      fields: [
        {
          aws_ace_attribute: 33,
          field: expect.objectContaining({ aws_ace_attribute: 33, is_receive_update: false }),
          values: [],
        },
      ],
    });
    // None of the single-field writes: the file is one call.
    expect(backend.writes().map((call) => call.operationId)).toEqual(['importMappings']);
    expect(screen.getByText(text, { selector: '.bp6-callout *' })).toBeVisible();
    expect(screen.getByText('Skipped, not found in this tenant: Lead noSuchField')).toBeVisible();
    await waitFor(() =>
      expect(
        within(row('postalCode')).getByRole('button', {
          name: /^Remove Account\.BillingPostalCode/,
        }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('10/18 Required Fields of opportunities Matched')).toBeInTheDocument();
    expect(await serverHas(33)).toBe(1);
  });

  it('a refused file changes nothing, and says so naming the refused field', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    // Name already receives ACE updates for partnerProjectTitle: the server refuses a second one.
    const refused = entry('industryOther', ['Name'], true);
    await user.upload(screen.getByLabelText('Mappings file'), mappingsFile([POSTAL_CODE, refused]));

    await toastOf('Import failed: nothing was changed.');
    expect(backend.callsTo('importMappings')).toHaveLength(1);
    expect(screen.getByText('Refused by the server: Opportunity industryOther')).toBeVisible();
    expect(await serverHas(33)).toBe(0);
    expect(await serverHas(30)).toBe(0);
    expect(
      within(row('postalCode')).queryByRole('button', { name: /^Remove Account\./ }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('9/18 Required Fields of opportunities Matched')).toBeInTheDocument();
  });

  it('takes the last change’s Undo away: undoing under it would write over the import', async () => {
    const user = userEvent.setup();
    renderMapper();
    await openOpportunities(user);
    await user.click(field('industryOther'));
    await user.keyboard('billing zip');
    await user.click(await screen.findByRole('option', { name: /^Account\.BillingPostalCode/ }));
    await user.keyboard('{Escape}');
    await toastOf('Saved the mapping of industryOther.');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    // Gone as the import is sent, not only once the mapper reloads after it.
    const gate = backend.hold('importMappings');
    await user.upload(screen.getByLabelText('Mappings file'), mappingsFile([POSTAL_CODE]));
    await waitFor(() => expect(gate.waiting).toBe(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(),
    );
    gate.open();
    await toastOf('Import: 1 created, 0 updated, 0 deleted, 0 failed, 0 skipped');
    expect(await serverHas(30)).toBe(1);
  });
});
