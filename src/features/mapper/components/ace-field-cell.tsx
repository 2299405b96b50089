import { Classes, Tag } from '@blueprintjs/core';

import type { Attribute } from '@generated/api/model';

import styles from '../mapper.module.css';
import { isReadOnly, mandatoryMark } from '../model/attributes';
import { cx } from './cx';

/** The ACE side of a row: name, asterisk, 'Read Only' badge and help text. */
export function AceFieldCell({ attribute }: { attribute: Attribute }) {
  const mark = mandatoryMark(attribute);
  return (
    <>
      <div className={styles.aceName}>
        <span className={styles.name}>{attribute.name}</span>
        {mark ? (
          <span
            className={mark === 'required' ? styles.required : styles.maybe}
            title={mark === 'required' ? 'Mandatory' : 'May be required'}
          >
            *
          </span>
        ) : null}
        {isReadOnly(attribute) ? (
          <Tag minimal className={styles.badge}>
            Read Only
          </Tag>
        ) : null}
      </div>
      {attribute.help_text ? (
        <div className={cx(Classes.TEXT_MUTED, Classes.TEXT_SMALL, styles.help)}>
          {attribute.help_text}
        </div>
      ) : null}
    </>
  );
}
