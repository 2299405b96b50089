import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useNextSyncText } from './use-next-sync-text';

const at = (iso: string) => new Date(iso);

function Countdown() {
  return <p>{useNextSyncText()}</p>;
}

describe('useNextSyncText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('recomputes the text every 60 seconds', () => {
    vi.setSystemTime(at('2026-03-02T10:58:30Z'));
    render(<Countdown />);
    expect(screen.getByText('Next sync in 1 hrs')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 10:59:30
    expect(screen.getByText('Next sync in 1 hrs')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 11:00:30
    expect(screen.getByText('Next sync in 59 mins')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(59 * 60_000)); // 11:59:30
    expect(screen.getByText('Next sync in 1 mins')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 12:00:30, the next sync is at midnight
    expect(screen.getByText('Next sync in 11 hrs')).toBeInTheDocument();
  });

  it('does not change between two ticks', () => {
    vi.setSystemTime(at('2026-03-02T11:30:00Z'));
    render(<Countdown />);
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('Next sync in 30 mins')).toBeInTheDocument();
  });
});
