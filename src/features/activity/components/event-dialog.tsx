import { Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';

import { formatDateTime } from '@/lib/format-date';
import type { ActivityEvent } from '@generated/api/model';

import styles from '../activity.module.css';
import { ACTIVITY_TEXT, actionText, areaText } from '../model/activity-texts';
import { ChangesView } from './changes-view';
import { RevertAction } from './revert-action';

export interface EventDialogProps {
  /** The event shown; kept while the dialog closes, so its text does not change as it fades. */
  event: ActivityEvent | undefined;
  isOpen: boolean;
  onClose: () => void;
}

/** One event: who did what to which target, and what it was before and after. */
export function EventDialog({ event, isOpen, onClose }: EventDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={event ? actionText(event.action) : ACTIVITY_TEXT.event}
      style={{ width: 'min(720px, 95vw)' }}
    >
      <DialogBody>{event ? <EventDetail key={event.id} event={event} /> : null}</DialogBody>
      {event?.revertible ? (
        <DialogFooter actions={<RevertAction key={event.id} event={event} onDone={onClose} />} />
      ) : null}
    </Dialog>
  );
}

function EventDetail({ event }: { event: ActivityEvent }) {
  const who = event.actor
    ? `${event.actor.name} (${event.actor.email})`
    : ACTIVITY_TEXT.unknownActor;
  const facts: [string, string][] = [
    [ACTIVITY_TEXT.when, formatDateTime(event.at) ?? event.at],
    [ACTIVITY_TEXT.who, who],
    [ACTIVITY_TEXT.area, areaText(event.area)],
    [ACTIVITY_TEXT.target, event.target.label],
    [ACTIVITY_TEXT.event, String(event.id)],
    [ACTIVITY_TEXT.request, event.request_id],
  ];
  return (
    <>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={Classes.HEADING}>{ACTIVITY_TEXT.changes}</h3>
      <ChangesView before={event.before} after={event.after} label={ACTIVITY_TEXT.changes} />
    </>
  );
}
