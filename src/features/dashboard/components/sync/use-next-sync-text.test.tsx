import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SyncStats } from '@generated/api/model';

import { useNextSyncText } from './use-next-sync-text';

const at = (iso: string) => new Date(iso);

/** Statistics of a backend without `next_sync_at`: the schedule's rule applies. */
const SYNCED: Pick<SyncStats, 'last_synced_date'> = { last_synced_date: '2026-03-02T00:00:05Z' };

function Countdown({ stats }: { stats?: Pick<SyncStats, 'next_sync_at' | 'last_synced_date'> }) {
  return <p>{useNextSyncText(stats) ?? 'no statistics'}</p>;
}

describe('useNextSyncText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('recomputes the text every 60 seconds', () => {
    vi.setSystemTime(at('2026-03-02T10:58:30Z'));
    render(<Countdown stats={SYNCED} />);
    expect(screen.getByText('Next sync in 1 hr')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 10:59:30
    expect(screen.getByText('Next sync in 1 hr')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 11:00:30
    expect(screen.getByText('Next sync in 59 mins')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(59 * 60_000)); // 11:59:30
    expect(screen.getByText('Next sync in 1 min')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000)); // 12:00:30, the next sync is at midnight
    expect(screen.getByText('Next sync in 11 hrs')).toBeInTheDocument();
  });

  it('does not change between two ticks', () => {
    vi.setSystemTime(at('2026-03-02T11:30:00Z'));
    render(<Countdown stats={SYNCED} />);
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('Next sync in 30 mins')).toBeInTheDocument();
  });

  it("counts to the server's next sync, and says nothing before the statistics are in", () => {
    vi.setSystemTime(at('2026-03-02T10:00:00Z'));
    const { rerender } = render(<Countdown />);
    expect(screen.getByText('no statistics')).toBeInTheDocument();
    rerender(<Countdown stats={{ ...SYNCED, next_sync_at: '2026-03-02T18:00:00Z' }} />);
    expect(screen.getByText('Next sync in 8 hrs')).toBeInTheDocument();
  });
});
