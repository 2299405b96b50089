import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { getToaster, showToast, TOAST_TIMEOUT_MS, toast } from '@/lib/toaster';

describe('toaster', () => {
  // The toaster is created once, at start-up, before any timer is faked.
  beforeAll(async () => {
    await getToaster();
  });

  afterEach(async () => {
    (await getToaster()).clear();
    vi.useRealTimers();
  });

  // The toaster has a React root of its own, which no test cleanup unmounts: let the last toasts
  // finish leaving (their exit transition renders again) before the file's DOM goes, or React's
  // scheduler would render into a window that is gone.
  afterAll(async () => {
    (await getToaster()).clear();
    await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('shows toasts at the bottom right for five seconds', async () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      await toast.success('Login successful');
    });
    const message = await screen.findByText('Login successful');
    const container = message.closest('.bp6-toast-container');
    expect(container).toHaveClass('bp6-toast-container-bottom', 'bp6-toast-container-right');

    await act(() => vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 100));
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.queryByText('Login successful')).not.toBeInTheDocument());
  });

  it('shows a text once while it shows, however many times it is asked for', async () => {
    await act(async () => {
      for (let call = 0; call < 5; call++)
        await toast.danger('Error connecting to the backend services');
      await toast.success('Error connecting to the backend services');
    });
    await waitFor(() =>
      expect(screen.getAllByText('Error connecting to the backend services')).toHaveLength(2),
    );
    const intents = screen
      .getAllByText('Error connecting to the backend services')
      .map((message) => message.closest('.bp6-toast')?.className);
    expect(intents).toEqual([
      expect.stringContaining('bp6-intent-success'),
      expect.stringContaining('bp6-intent-danger'),
    ]);
  });

  it('marks a danger toast with the danger intent', async () => {
    await act(async () => {
      await showToast('Please fill all the fields.', 'danger');
    });
    const message = await screen.findByText('Please fill all the fields.');
    expect(message.closest('.bp6-toast')).toHaveClass('bp6-intent-danger');
  });
  it('gives a keyed toast its five seconds more, whatever other toasts came in between', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      await toast.success('Saved the mapping of stage.', { key: 'between' });
      await toast.danger('Another toast meanwhile.');
    });
    await act(() => vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1000));
    await act(async () => {
      await toast.success('Saved the mapping of country.', { key: 'between' });
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Saved the mapping of country.')).toBeInTheDocument();
  });

  it('replaces a keyed toast in place, for five seconds more, with its action', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const undo = vi.fn();
    await act(async () => {
      await toast.success('Saved the mapping of stage.', { key: 'last-change' });
    });
    await act(() => vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1000));
    await act(async () => {
      await toast.success('Saved the mapping of country.', {
        key: 'last-change',
        action: { text: 'Undo', onClick: undo },
      });
    });
    await screen.findByText('Saved the mapping of country.');
    expect(screen.queryByText('Saved the mapping of stage.')).not.toBeInTheDocument();
    // Past the first toast's five seconds, the replaced one still shows.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const shown = screen.getByText('Saved the mapping of country.').closest('.bp6-toast');
    vi.useRealTimers();
    await userEvent.click(within(shown as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByText('Saved the mapping of country.')).not.toBeInTheDocument(),
    );
  });
});
