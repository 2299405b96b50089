import { MutationObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordPreview as Preview, SalesforceRecordSummary } from '@generated/api/model';
import { RecordPreview } from './record-preview';

vi.mock('@/lib/toaster', () => import('../../../../tests/toaster-spies'));

const INITECH: SalesforceRecordSummary = {
  id: '0065g00000XyZ34AAB',
  name: 'Initech - SAP on AWS',
  type: 'Opportunity',
  fields: { StageName: 'Needs Analysis', Amount: '416000' },
};

function preview(name: string, stageProblem: boolean): Preview {
  return {
    salesforce_id: INITECH.id,
    name,
    type: 'Opportunity',
    entity_url: 'https://acme.my.salesforce.com/0065g00000XyZ34AAB',
    passes_filters: true,
    attributes: [
      {
        attribute: { id: 27, name: 'customerCompanyName' },
        value: 'Initech',
        source: {
          kind: 'field',
          salesforce_fields: [{ id: 130, name: 'Account.Name' }],
          salesforce_value: 'Initech',
        },
      },
      {
        attribute: { id: 46, name: 'stage' },
        value: stageProblem ? null : 'Qualified',
        source: {
          kind: 'picklist',
          salesforce_fields: [{ id: 151, name: 'StageName' }],
          salesforce_value: 'Needs Analysis',
        },
      },
    ],
    problems: stageProblem
      ? [
          {
            attribute: { id: 46, name: 'stage' },
            error_type: 'Picklist Standard Value Error',
            error_description:
              "Stage 'Needs Analysis' has no ACE value mapped; ACE accepts only standard Stage values.",
            error_type_description: "ValidationException: Stage 'Needs Analysis' is not valid",
          },
        ]
      : [],
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface PreviewCall {
  signal: AbortSignal | null | undefined;
  answer: (body: Preview) => void;
}

/** Records: answers searches at once, holds each preview until the test answers it. */
function fakeBackend() {
  const previews: PreviewCall[] = [];
  const searches: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://app.test');
      if (parsed.pathname === '/api/v1/salesforce/records/') {
        searches.push(parsed.searchParams);
        const search = parsed.searchParams.get('search') ?? '';
        const results = 'initech'.includes(search.toLowerCase()) ? [INITECH] : [];
        return Promise.resolve(
          json({ count: results.length, next: null, previous: null, results }),
        );
      }
      return new Promise<Response>((resolve) =>
        previews.push({ signal: init.signal, answer: (body) => resolve(json(body)) }),
      );
    }),
  );
  return { previews, searches };
}

function renderPreview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onPickField = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RecordPreview onPickField={onPickField} />
    </QueryClientProvider>,
  );
  /** A mapping saved by a row of the mapper (what the panel listens for). */
  const saveMapping = () =>
    new MutationObserver(client, {
      mutationKey: ['updateDataMapping'],
      mutationFn: () => Promise.resolve({}),
    }).mutate();
  return { onPickField, saveMapping, user: userEvent.setup() };
}

describe('RecordPreview', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches records of the chosen type and says when none match', async () => {
    const backend = fakeBackend();
    const { user } = renderPreview();
    await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Salesforce records' }), 'hooli');
    expect(await screen.findByText('No opportunities match “hooli”.')).toBeInTheDocument();
    const last = backend.searches.at(-1);
    expect(last?.get('type')).toBe('Opportunity');
    expect(last?.get('search')).toBe('hooli');
  });

  it('shows what ACE would receive, field by field, and each problem beside its field', async () => {
    const backend = fakeBackend();
    const { user, onPickField } = renderPreview();
    await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
    await user.click(await screen.findByRole('button', { name: /Initech - SAP on AWS/ }));
    await waitFor(() => expect(backend.previews).toHaveLength(1));
    backend.previews[0]?.answer(preview('Initech - SAP on AWS', true));

    const table = await screen.findByRole('table', {
      name: 'What ACE would receive for Initech - SAP on AWS',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'ACE would refuse this record: 1 problem.',
    );
    const [, stage, company] = within(table).getAllByRole('row');
    expect(stage).toHaveTextContent('stage');
    expect(stage).toHaveTextContent('Picklist translation of StageName “Needs Analysis”');
    expect(stage).toHaveTextContent('Picklist Standard Value Error');
    expect(company).toHaveTextContent('customerCompanyNameInitechSalesforce field Account.Name');
    expect(screen.getByRole('link', { name: /Go to SF/ })).toHaveAttribute('target', '_blank');

    await user.click(within(stage as HTMLElement).getByRole('button', { name: 'stage' }));
    expect(onPickField).toHaveBeenCalledWith({ id: 46, name: 'stage' });
  });

  it('asks again once a mapping is saved; a newer answer wins over a stale one', async () => {
    const backend = fakeBackend();
    const { user, saveMapping } = renderPreview();
    await user.click(screen.getByRole('radio', { name: 'Opportunities' }));
    await user.click(await screen.findByRole('button', { name: /Initech - SAP on AWS/ }));
    await waitFor(() => expect(backend.previews).toHaveLength(1));
    backend.previews[0]?.answer(preview('Initech - SAP on AWS', true));
    await screen.findByText('ACE would refuse this record: 1 problem.');

    // Two mapping changes, the second while the first one's preview is still on its way.
    saveMapping();
    await waitFor(() => expect(backend.previews).toHaveLength(2));
    saveMapping();
    await waitFor(() => expect(backend.previews).toHaveLength(3));
    // Never two in flight: the older request was cancelled when the newer one left.
    expect(backend.previews[1]?.signal?.aborted).toBe(true);

    backend.previews[2]?.answer(preview('Initech - SAP on AWS', false));
    expect(
      await screen.findByText('This record would sync: ACE would accept every value.'),
    ).toBeInTheDocument();
    // The stale answer arrives last: it changes nothing.
    backend.previews[1]?.answer(preview('Initech (stale)', true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      screen.getByText('This record would sync: ACE would accept every value.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Initech (stale)')).not.toBeInTheDocument();
  });

  it('shows a failed preview with a way to ask again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.includes('/preview/')
            ? json({ detail: 'Not found.' }, 404)
            : json({ count: 1, next: null, previous: null, results: [INITECH] }),
        ),
      ),
    );
    const { user } = renderPreview();
    await user.click(await screen.findByRole('button', { name: /Initech - SAP on AWS/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('404: URL Not Found..');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
