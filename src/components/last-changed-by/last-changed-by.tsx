import { Classes } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { formatAgo, formatDateTime } from '@/lib/format-date';
import { getListActivityQueryOptions } from '@generated/api/activity/activity';
import type { ActivityArea } from '@generated/api/model';

/** How often "5 min ago" is worked out again while it is on screen. */
const TICK_MS = 30_000;

/** Re-renders every `ms`, for a text that says how long ago something was. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export interface LastChangedByProps {
  area: ActivityArea;
  /** One target of the area (its id as the log writes it); the whole area when absent. */
  target?: string;
}

/**
 * "Last changed by Dana Whitfield, 5 min ago", linking to those events in Activity: the newest
 * event of the area (or of one target), one event asked for. Shown on super_admin screens, whose
 * log is the tenant's; a `user` would read only their own events there. Nothing while it loads,
 * when there is no event, or when the log cannot be read: it is a hint, not the screen's content.
 */
export function LastChangedBy({ area, target }: LastChangedByProps) {
  const now = useNow(TICK_MS);
  const latest = useQuery(
    getListActivityQueryOptions(
      { area, ...(target === undefined ? {} : { target }), 'page-size': 1 },
      { query: { meta: { silentErrors: true }, retry: false } },
    ),
  );
  // Any change saved on the screen (a filter, a mapping) is a newer event: ask again.
  const queryClient = useQueryClient();
  const { refetch } = latest;
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((change) => {
        if (change.type === 'updated' && change.action.type === 'success') void refetch();
      }),
    [queryClient, refetch],
  );
  const event = latest.data?.results[0];
  if (!event) return null;
  const who = event.actor?.name ?? 'someone';
  return (
    <p className={Classes.TEXT_MUTED}>
      <Link
        to="/activity"
        search={{ area, ...(target === undefined ? {} : { target }) }}
        title={formatDateTime(event.at) ?? undefined}
      >
        Last changed by {who}, {formatAgo(event.at, now)}
      </Link>
    </p>
  );
}
