import { Classes, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';

import highlight from '@/components/highlight/highlight.module.css';
import { Paginator } from '@/components/paginator/paginator';

import { useSalesforceFields } from '../mapper-queries';
import styles from '../mapper.module.css';
import { ROWS_PER_PAGE, rowsPage, tabRows, type EntityType } from '../model/attributes';
import { cx } from './cx';
import { FieldRow, RECEIVE_UPDATES_LABEL, SALESFORCE_FIELDS_LABEL } from './field-row';
import { useMapper } from './mapper-context';
import { rowId } from './row-id';

const RECEIVE_UPDATES_TOOLTIP =
  'If this option is selected your CRM will receive and update the value from ACE to your mapped field.';
const OPTIONAL_UPDATES_HEADING = 'Salesforce Optional Update Values';

/** A request to show one field's row and focus it (a new `request` repeats it). */
export interface RowFocus {
  attributeId: number;
  request: number;
}

export interface MappingTabProps {
  type: EntityType;
  /** Names the tab's page navigation, e.g. 'Leads'. */
  title: string;
  focus?: RowFocus | null;
}

/** The ACE fields of leads or opportunities, 20 a page, each with its Salesforce mapping. */
export function MappingTab({ type, title, focus }: MappingTabProps) {
  const { attributes } = useMapper();
  const fields = useSalesforceFields(type);
  const rows = useMemo(() => tabRows(attributes, type), [attributes, type]);
  const [page, setPage] = useState(1);
  const current = rowsPage(rows, page);
  // A link to a field: show the page that holds its row (adjusted while rendering, as React
  // advises for state that follows a prop), then focus the row's select once it is drawn.
  const [shown, setShown] = useState<RowFocus | null>(null);
  if (focus && focus !== shown) {
    setShown(focus);
    const index = rows.main.findIndex((row) => row.id === focus.attributeId);
    // The read-only rows follow the last page's.
    const extra = rows.extra.some((row) => row.id === focus.attributeId);
    if (index >= 0) setPage(Math.floor(index / ROWS_PER_PAGE) + 1);
    else if (extra) setPage(rowsPage(rows, Infinity).pages);
  }
  useEffect(() => {
    if (!shown) return;
    const row = document.getElementById(rowId(shown.attributeId));
    row?.scrollIntoView?.({ block: 'center' });
    // Highlighted for a moment, so the eye finds the row it was brought to.
    if (row) {
      row.classList.remove(highlight.highlight ?? '');
      void row.offsetWidth; // the fade starts again when the same row is asked for again
      row.classList.add(highlight.highlight ?? '');
      const fade = () => row.classList.remove(highlight.highlight ?? '');
      row.addEventListener('animationend', fade, { once: true });
    }
    // The field's select, where a mapping is typed (not a tag's remove button before it).
    (
      row?.querySelector<HTMLElement>('[role="combobox"]') ??
      row?.querySelector<HTMLElement>('button, input')
    )?.focus();
  }, [shown]);

  return (
    <div className={styles.tab}>
      <table className={cx(Classes.HTML_TABLE, Classes.COMPACT, styles.table)}>
        <thead>
          <tr>
            <th scope="col" className={styles.aceCell}>
              ACE Fields
            </th>
            <th scope="col">{SALESFORCE_FIELDS_LABEL}</th>
            <th scope="col" className={styles.receiveCell}>
              <Tooltip content={RECEIVE_UPDATES_TOOLTIP} placement="top">
                <span className={styles.tooltipTarget} tabIndex={0}>
                  {RECEIVE_UPDATES_LABEL}
                </span>
              </Tooltip>
            </th>
          </tr>
        </thead>
        <tbody>
          {current.rows.map((attribute) => (
            <FieldRow key={attribute.id} attribute={attribute} fields={fields} />
          ))}
          {current.extra.length > 0 ? (
            <tr>
              <th scope="colgroup" colSpan={3} className={styles.sectionHeading}>
                {OPTIONAL_UPDATES_HEADING}
              </th>
            </tr>
          ) : null}
          {current.extra.map((attribute) => (
            <FieldRow key={attribute.id} attribute={attribute} fields={fields} />
          ))}
        </tbody>
      </table>
      <Paginator
        page={Math.min(page, current.pages)}
        pageSize={ROWS_PER_PAGE}
        total={rows.main.length}
        onPageChange={setPage}
        label={`${title} pages`}
      />
    </div>
  );
}
