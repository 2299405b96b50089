import { Classes } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';

import { ERROR_TEXT } from '@/api/error-messages';
import { setRequestHeadersDecorator } from '@/api/http';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { ScenarioSwitcher } from '@/features/scenario-switcher/components/scenario-switcher';
import { CATALOGUE } from '@/features/scenario-switcher/model/catalogue';
import { createPreferDecorator } from '@/features/scenario-switcher/model/prefer-decorator';
import { PRESETS } from '@/features/scenario-switcher/model/presets';
import { linkScenariosToQueries } from '@/features/scenario-switcher/model/query-link';
import { createScenarioStore } from '@/features/scenario-switcher/model/scenario-store';
import { answerPreferAsPrism } from '@/features/scenario-switcher/testing/prism-prefer';

import { wholeAppTestSettings } from './render-app';
import { DANA, setupSandboxBackend } from './sandbox-backend';

// QA's journey on the dashboard, with the app's own query client (retries on, as in the app, not
// the tests' client without them) and the switcher wired as mount.tsx wires it.
const backend = setupSandboxBackend();
wholeAppTestSettings();

let unlink: (() => void) | undefined;

beforeEach(async () => {
  localStorage.clear();
  await backend.signIn(DANA);
  answerPreferAsPrism();
});
afterEach(() => {
  setRequestHeadersDecorator(undefined);
  unlink?.();
});

function renderDashboardWithSwitcher() {
  const store = createScenarioStore();
  setRequestHeadersDecorator(createPreferDecorator(CATALOGUE, store));
  unlink = linkScenariosToQueries(CATALOGUE, store);
  const client = createQueryClient();
  const router = createAppRouter(client, createMemoryHistory({ initialEntries: ['/dashboard'] }));
  render(
    <>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <ScenarioSwitcher catalogue={CATALOGUE} presets={PRESETS} store={store} />
    </>,
  );
  return userEvent.setup({ delay: null });
}

it('a 500 picked for the statistics shows in their card at once, without retries; clearing it brings the figures back', async () => {
  const user = renderDashboardWithSwitcher();
  const heading = await screen.findByRole('heading', { name: 'Total Synced' });
  const card = heading.closest<HTMLElement>(`.${Classes.CARD}`)!;
  // The figures are in when their lists are no longer busy.
  const figuresShown = () => expect(card.querySelector('[aria-busy="true"]')).toBeNull();
  await waitFor(figuresShown);
  const before = backend.callsTo('getSyncStats').length;

  await user.click(screen.getByRole('button', { name: 'Mock scenarios' }));
  const panel = await screen.findByRole('region', { name: 'Mock scenarios' });
  await user.type(
    within(panel).getByRole('searchbox', { name: 'Search operations' }),
    'getSyncStats',
  );
  await user.selectOptions(
    within(panel).getAllByLabelText(/\(getSyncStats\)/)[0]!,
    'code=500, example=serverError',
  );

  // No reload, and no retry's back-off (1 s, then 2 s): the card says so within a second.
  const alert = await within(card).findByRole('alert', {}, { timeout: 1000 });
  expect(alert).toHaveTextContent(ERROR_TEXT.server);
  expect(
    backend
      .callsTo('getSyncStats')
      .slice(before)
      .map((call) => call.headers.get('Prefer')),
  ).toEqual(['code=500, example=serverError']);

  await user.click(screen.getByRole('button', { name: 'Clear all scenarios' }));
  expect(
    await within(card).findByRole('heading', { name: 'Total Synced' }, { timeout: 1000 }),
  ).toBeInTheDocument();
  await waitFor(figuresShown, { timeout: 1000 });
  expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  expect(backend.callsTo('getSyncStats').at(-1)?.headers.get('Prefer')).toBeNull();
});
