import { Button, Card, Tag } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { Fragment } from 'react';

import type { RefusalBoard } from '@/components/form/refusal-board';

import type {
  FilterAttribute,
  FilterBlock,
  FilterField,
  FilterRow,
  RowPatch,
} from '../model/filter-blocks';
import styles from '../values-mapper.module.css';
import { FilterRowView } from './filter-row';

const BLOCK_TEXT = {
  add: 'Add',
  and: 'AND',
  /** The accessible name of the n-th block on screen. */
  blockLabel: (position: number) => `OR block ${position}`,
} as const;

export interface FilterBlockCardProps {
  block: FilterBlock;
  /** 1-based place on screen (block numbers may have gaps after removals). */
  position: number;
  attributes: readonly FilterAttribute[];
  removing: ReadonlySet<string>;
  /** Refused saves, shown on the row that caused them. */
  refusals: RefusalBoard<FilterField>;
  onAdd: (block: number) => void;
  onPatch: (key: string, patch: RowPatch) => void;
  onSave: (row: FilterRow) => void;
  onRemove: (row: FilterRow) => void;
}

/** An OR block: a card of conditions that must all hold, with 'Add' for one more. */
export function FilterBlockCard(props: FilterBlockCardProps) {
  const { block, position, removing, onAdd, ...rowProps } = props;
  return (
    <Card
      className={styles.block}
      role="group"
      aria-label={BLOCK_TEXT.blockLabel(position)}
      compact
    >
      {block.rows.map((row, index) => (
        <Fragment key={row.key}>
          {index > 0 ? (
            <Tag minimal className={styles.joiner}>
              {BLOCK_TEXT.and}
            </Tag>
          ) : null}
          <FilterRowView
            row={row}
            isLast={index === block.rows.length - 1}
            removing={removing.has(row.key)}
            {...rowProps}
          />
        </Fragment>
      ))}
      <Button
        className={styles.add}
        variant="minimal"
        icon={<AddIcon />}
        text={BLOCK_TEXT.add}
        onClick={() => onAdd(block.block)}
      />
    </Card>
  );
}
