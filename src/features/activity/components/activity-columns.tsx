import { Button, Classes } from '@blueprintjs/core';
import { createContext, useContext } from 'react';

import { createDataColumnHelper } from '@/components/data-table';
import { formatDateTime } from '@/lib/format-date';
import type { ActivityEvent } from '@generated/api/model';

import styles from '../activity.module.css';
import { ACTIVITY_TEXT, actionText, areaText } from '../model/activity-texts';

/** The page gives the rows the way to open an event; the columns stay static. */
export const OpenEventContext = createContext<(event: ActivityEvent) => void>(() => {});

/** The action in words, as the button that opens the event's before → after. */
function ActionCell({ event }: { event: ActivityEvent }) {
  const open = useContext(OpenEventContext);
  return (
    <Button
      variant="minimal"
      size="small"
      className={styles.actionButton}
      text={actionText(event.action)}
      aria-haspopup="dialog"
      onClick={() => open(event)}
    />
  );
}

function WhoCell({ event }: { event: ActivityEvent }) {
  if (!event.actor) return <span className={Classes.TEXT_MUTED}>{ACTIVITY_TEXT.unknownActor}</span>;
  return (
    <>
      <div>{event.actor.name}</div>
      <div className={`${Classes.TEXT_MUTED} ${styles.email}`}>{event.actor.email}</div>
    </>
  );
}

const column = createDataColumnHelper<ActivityEvent>();

/** When, who (name and e-mail), area, the action in words (opens the detail), and its target. */
export const activityColumns = column.columns([
  column.accessor('at', {
    header: ACTIVITY_TEXT.when,
    cell: ({ getValue }) => formatDateTime(getValue()) ?? getValue(),
    meta: { className: styles.colWhen },
  }),
  column.display({
    id: 'who',
    header: ACTIVITY_TEXT.who,
    cell: ({ row }) => <WhoCell event={row.original} />,
  }),
  column.accessor('area', {
    header: ACTIVITY_TEXT.area,
    cell: ({ getValue }) => areaText(getValue()),
  }),
  column.display({
    id: 'action',
    header: ACTIVITY_TEXT.action,
    cell: ({ row }) => <ActionCell event={row.original} />,
  }),
  column.accessor((event) => event.target.label, {
    id: 'target',
    header: ACTIVITY_TEXT.target,
    meta: { className: styles.colTarget },
  }),
]);
