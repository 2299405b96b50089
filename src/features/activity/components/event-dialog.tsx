import { Classes, Dialog, DialogBody, HTMLTable, Switch } from '@blueprintjs/core';
import { useState } from 'react';

import { formatDateTime } from '@/lib/format-date';
import type { ActivityEvent } from '@generated/api/model';

import styles from '../activity.module.css';
import { ACTIVITY_TEXT, actionText, areaText } from '../model/activity-texts';
import { changeView, type FieldChange } from '../model/changes';

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
      <Changes event={event} />
    </>
  );
}

function Changes({ event }: { event: ActivityEvent }) {
  const view = changeView(event.before, event.after);
  if (view.kind === 'none') return <p className={Classes.TEXT_MUTED}>{ACTIVITY_TEXT.noChange}</p>;
  if (view.kind === 'value') {
    return (
      <p className={styles.scalar}>
        {view.before} → {view.after}
      </p>
    );
  }
  return <FieldChanges fields={view.fields} />;
}

/** The keys that changed, before | after; the unchanged ones on request. */
function FieldChanges({ fields }: { fields: FieldChange[] }) {
  const [showAll, setShowAll] = useState(false);
  const unchanged = fields.filter((field) => !field.changed).length;
  const shown = showAll ? fields : fields.filter((field) => field.changed);
  return (
    <>
      {unchanged > 0 ? (
        <Switch
          checked={showAll}
          label={ACTIVITY_TEXT.showUnchanged(unchanged)}
          onChange={(change) => setShowAll(change.currentTarget.checked)}
        />
      ) : null}
      <HTMLTable compact striped className={styles.changes} aria-label={ACTIVITY_TEXT.changes}>
        <thead>
          <tr>
            <th scope="col">{ACTIVITY_TEXT.field}</th>
            <th scope="col">{ACTIVITY_TEXT.before}</th>
            <th scope="col">{ACTIVITY_TEXT.after}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((field) => (
            <tr key={field.key} className={field.changed ? undefined : Classes.TEXT_MUTED}>
              <th scope="row">{field.key}</th>
              <td data-label={ACTIVITY_TEXT.before}>{field.before}</td>
              <td data-label={ACTIVITY_TEXT.after}>{field.after}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
