import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { InboxIcon, TickIcon } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { BlockError } from '@/components/block-error/block-error';
import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from '@/components/confirm-dialog/lazy-confirm-dialog';
import { countOf } from '@/lib/plural';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import { getListUnreadLaunchesQueryKey, resolveLaunches } from '@generated/api/launches/launches';

import { launchesQueryOptions } from '../../dashboard-queries';
import { launchNamesText, launchToggleText } from '../../model/launch-names';
import styles from './inbox.module.css';

/** The inbox's count, as the spec writes it: `1 Launch`, `14 Launches`. */
const launchesText = (count: number) => countOf(count, { one: 'Launch', other: 'Launches' });

/** The same count inside a sentence: `1 launch`, `12 launches`. */
const launchCount = (count: number) => countOf(count, { one: 'launch', other: 'launches' });

const NAMES_STAND_IN = `${'Customer Inc - Cloud Migration, '.repeat(10)}and more`;

/**
 * The 'Inbox' card: how many opportunities were launched since the last Resolve, their names
 * (the first ten, or all), and Resolve, which marks them all read. Resolve asks first, naming how
 * many: one click would otherwise empty the inbox for good, with no undo.
 */
export function InboxCard() {
  const queryClient = useQueryClient();
  const launches = useQuery(launchesQueryOptions());
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The contract makes Resolve a GET that changes data: it is a mutation here, never cached.
  const resolve = useSingleFlight(
    useMutation({
      mutationKey: ['resolveLaunches'],
      mutationFn: () => resolveLaunches(),
      onSuccess: (reply) => {
        if (reply?.message) void toast.success(reply.message);
        setExpanded(false);
        setConfirming(false);
        return queryClient.invalidateQueries({ queryKey: getListUnreadLaunchesQueryKey() });
      },
      onError: () => setConfirming(false),
    }),
  );
  const names = launches.data?.data.map((launch) => launch.name) ?? [];
  const toggle = launchToggleText(names, expanded);

  return (
    <Card className={styles.inbox} elevation={1} role="region" aria-labelledby="inbox-title">
      <div className={styles.header}>
        <h2 id="inbox-title" className={Classes.HEADING}>
          <InboxIcon aria-hidden /> Inbox
        </h2>
        <Button
          icon={<TickIcon />}
          text="Resolve"
          intent={Intent.SUCCESS}
          disabled={names.length === 0}
          loading={resolve.isPending}
          onPointerEnter={preloadConfirmDialog}
          onFocus={preloadConfirmDialog}
          onClick={() => setConfirming(true)}
        />
      </div>
      <LazyConfirmDialog
        isOpen={confirming}
        title="Mark every launch as read?"
        body={`Resolve marks ${launchCount(names.length)} as read: they leave the inbox, and this cannot be undone.`}
        acceptText="Resolve"
        busy={resolve.isPending}
        onResult={(answer) => {
          if (answer === 'accept') resolve.mutate();
          else setConfirming(false);
        }}
      />
      {launches.isError ? (
        <BlockError
          error={launches.error}
          onRetry={() => void launches.refetch()}
          retrying={launches.isFetching}
        />
      ) : launches.isPending ? (
        // The shape of a loaded inbox, a count and then about ten names, so that nothing below
        // moves when it arrives: the stand-in text wraps as names of a usual length would.
        <>
          <p className={`${styles.count} ${Classes.SKELETON}`}>0 Launches</p>
          <p className={`${styles.names} ${Classes.SKELETON}`} aria-hidden>
            {NAMES_STAND_IN}
          </p>
        </>
      ) : (
        <>
          <p className={styles.count}>{launchesText(names.length)}</p>
          {names.length > 0 ? (
            <p className={styles.names}>
              {launchNamesText(names, expanded)}
              {toggle ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className={styles.toggle}
                    aria-expanded={expanded}
                    onClick={() => setExpanded((open) => !open)}
                  >
                    {toggle}
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
