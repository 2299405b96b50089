import { Classes } from '@blueprintjs/core';

import styles from './overrides.module.css';
import { useOverrideFormContext } from './use-override-form';

/**
 * The 'Overwritten value' cell: the values saved for this error, which the next sync submits
 * instead of the record's own (the record in the CRM keeps its value).
 */
export function SavedOverridesCell({ syncErrorId }: { syncErrorId: number }) {
  const form = useOverrideFormContext();
  const saved = form.savedRow(syncErrorId)?.pairs ?? [];
  if (saved.length === 0) {
    return <span className={Classes.TEXT_MUTED}>—</span>;
  }
  return (
    <ul className={styles.saved}>
      {saved.map((pair) => (
        <li key={pair.key}>
          <span className={styles.savedName}>
            {form.attributesById.get(pair.attributeId ?? -1)?.name ?? `#${pair.attributeId}`}
          </span>
          {': '}
          {pair.value}
        </li>
      ))}
    </ul>
  );
}
