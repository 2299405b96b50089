import { Classes, HTMLTable, Switch } from '@blueprintjs/core';
import { useState } from 'react';

import styles from '../activity.module.css';
import { ACTIVITY_TEXT } from '../model/activity-texts';
import { changeView, type FieldChange } from '../model/changes';

/** What changed: a value that became another, the keys of an object before | after, or nothing. */
export function ChangesView({
  before,
  after,
  label,
}: {
  before: unknown;
  after: unknown;
  /** The table's accessible name. */
  label: string;
}) {
  const view = changeView(before, after);
  if (view.kind === 'none') return <p className={Classes.TEXT_MUTED}>{ACTIVITY_TEXT.noChange}</p>;
  if (view.kind === 'value') {
    return (
      <p className={styles.scalar}>
        {view.before} → {view.after}
      </p>
    );
  }
  return <FieldChanges fields={view.fields} label={label} />;
}

/** The keys that changed, before | after; the unchanged ones on request. */
function FieldChanges({ fields, label }: { fields: FieldChange[]; label: string }) {
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
      <HTMLTable compact striped className={styles.changes} aria-label={label}>
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
