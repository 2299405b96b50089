import { Classes } from '@blueprintjs/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderApp, wholeAppTestSettings } from './render-app';
import { MARCUS, setupSandboxBackend } from './sandbox-backend';

wholeAppTestSettings();
const backend = setupSandboxBackend();

/** The system's colour scheme, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
function systemScheme(scheme: 'light' | 'dark') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: scheme === 'dark' && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** Whether the dark theme shows: Blueprint's dark class on the page (and its portals' body). */
const isDark = () =>
  document.body.classList.contains(Classes.DARK) &&
  document.documentElement.classList.contains(Classes.DARK);

/** A fresh page of a signed-in screen: nothing of the last page's theme, only what is stored. */
async function openPage() {
  cleanup();
  for (const element of [document.documentElement, document.body])
    element.classList.remove(Classes.DARK);
  renderApp('/accounts');
  await screen.findByRole('heading', { name: 'My Account' });
}

const toggle = (name: 'Use dark theme' | 'Use light theme') =>
  screen.findByRole('button', { name });

describe('the navbar’s theme switch', () => {
  beforeEach(() => backend.signIn(MARCUS));

  it('overrides a light system theme, and the choice is remembered over a reload', async () => {
    systemScheme('light');
    await openPage();
    expect(isDark()).toBe(false);
    await userEvent.click(await toggle('Use dark theme'));
    await waitFor(() => expect(isDark()).toBe(true));

    await openPage();
    expect(await toggle('Use light theme')).toBeInTheDocument();
    expect(isDark()).toBe(true);
    await userEvent.click(await toggle('Use light theme'));
    await waitFor(() => expect(isDark()).toBe(false));
  });

  it('overrides a dark system theme too', async () => {
    systemScheme('dark');
    await openPage();
    expect(isDark()).toBe(true);
    await userEvent.click(await toggle('Use light theme'));
    await waitFor(() => expect(isDark()).toBe(false));
    await openPage();
    expect(await toggle('Use dark theme')).toBeInTheDocument();
    expect(isDark()).toBe(false);
  });
});
