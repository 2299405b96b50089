import { useMemo, useSyncExternalStore } from 'react';

import type { Attribute } from '@generated/api/model';

import styles from '../mapper.module.css';
import type { EntityType } from '../model/attributes';
import { unmatchedRequired } from '../model/counts';
import { useMapper } from './mapper-context';

export interface UnmatchedLinksProps {
  type: EntityType;
  /** Takes the user to the field's row (its tab and page), focused. */
  onPick: (attribute: Attribute) => void;
}

/** The required fields of one type still unmatched, each a link to its row. */
export function UnmatchedLinks({ type, onPick }: UnmatchedLinksProps) {
  const { attributes, store } = useMapper();
  // The ids as one string: a stable snapshot that changes only when the list does.
  const ids = useSyncExternalStore(store.subscribe, () =>
    unmatchedRequired(attributes, store, type)
      .map((attribute) => attribute.id)
      .join(','),
  );
  const unmatched = useMemo(
    () =>
      ids
        .split(',')
        .filter(Boolean)
        .map((id) => attributes.find((attribute) => attribute.id === Number(id)))
        .filter((attribute): attribute is Attribute => attribute !== undefined),
    [ids, attributes],
  );
  if (unmatched.length === 0) return null;
  const entity = type === 'Lead' ? 'leads' : 'opportunities';
  return (
    <nav
      aria-label={`Required fields of ${entity} still unmatched`}
      className={styles.unmatchedLinks}
    >
      <span>Still unmatched:</span>
      <ul>
        {unmatched.map((attribute) => (
          <li key={attribute.id}>
            <button type="button" className={styles.linkButton} onClick={() => onPick(attribute)}>
              {attribute.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
