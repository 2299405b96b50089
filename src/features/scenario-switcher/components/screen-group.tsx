import { Button, Classes } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';

import { operationKey } from '../model/catalogue-types';
import { type OperationGroup } from '../model/operation-filter';
import { type ActiveScenarios, type ScenarioStore } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';
import { OperationRow } from './operation-row';

export interface ScreenGroupProps {
  group: OperationGroup;
  /** The group's place in the list, for ids unique on the page. */
  index: number;
  expanded: boolean;
  onToggle: () => void;
  active: ActiveScenarios;
  store: ScenarioStore;
}

/** A screen and the operations it calls, folded to its heading until opened (or searched). */
export function ScreenGroup({ group, index, expanded, onToggle, active, store }: ScreenGroupProps) {
  const headingId = `scenario-group-${index}`;
  const activeCount = group.operations.filter(
    (operation) => active[operationKey(operation)],
  ).length;
  const count = `${group.operations.length} ${group.operations.length === 1 ? 'operation' : 'operations'}`;
  return (
    <section aria-labelledby={headingId} className={styles.group}>
      <h4 className={`${Classes.HEADING} ${styles.groupHeading}`}>
        <Button
          id={headingId}
          variant="minimal"
          fill
          alignText="start"
          icon={expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
          aria-expanded={expanded}
          onClick={onToggle}
        >
          {group.title}
        </Button>
      </h4>
      <p className={`${styles.groupDetail} ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {group.detail} · {count}
        {activeCount > 0 ? `, ${activeCount} active` : ''}
      </p>
      {expanded &&
        group.operations.map((operation) => (
          <OperationRow
            key={operation.id}
            id={`scenario-${index}-${operation.id}`}
            operation={operation}
            active={active[operationKey(operation)]}
            store={store}
          />
        ))}
    </section>
  );
}
