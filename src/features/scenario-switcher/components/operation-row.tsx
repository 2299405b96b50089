import { Classes, HTMLSelect, Tag } from '@blueprintjs/core';
import { memo, type ChangeEvent } from 'react';

import { type CatalogueOperation, operationKey } from '../model/catalogue-types';
import { formatPrefer } from '../model/prefer';
import { type ActiveScenario, type ScenarioStore } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';

const DEFAULT_OPTION_TEXT = 'Contract default (no Prefer header)';

function ResponseOptions({ operation }: { operation: CatalogueOperation }) {
  return operation.responses.map((response) =>
    response.examples.length === 0 ? (
      <option key={response.code} value={formatPrefer({ code: response.code })}>
        {`${response.code} · ${response.description || 'no body'}`}
      </option>
    ) : (
      <optgroup key={response.code} label={`${response.code} · ${response.description}`}>
        {response.examples.map((example) => (
          <option
            key={example.name}
            value={formatPrefer({ code: response.code, example: example.name })}
          >
            {`${response.code} · ${example.name}: ${example.summary}`}
          </option>
        ))}
      </optgroup>
    ),
  );
}

function isOffered(operation: CatalogueOperation, prefer: string): boolean {
  return operation.responses.some((response) =>
    response.examples.length === 0
      ? formatPrefer({ code: response.code }) === prefer
      : response.examples.some(
          (example) => formatPrefer({ code: response.code, example: example.name }) === prefer,
        ),
  );
}

export interface OperationRowProps {
  /** Unique on the page: one operation may be listed under several screens. */
  id: string;
  operation: CatalogueOperation;
  active: ActiveScenario | undefined;
  store: ScenarioStore;
}

/** One contract operation and the mock reply its requests get. */
export const OperationRow = memo(function OperationRow({
  id,
  operation,
  active,
  store,
}: OperationRowProps) {
  const change = (event: ChangeEvent<HTMLSelectElement>) =>
    store.set(
      operationKey(operation),
      event.target.value ? { prefer: event.target.value } : undefined,
    );

  return (
    <div className={active ? `${styles.operation} ${styles.operationActive}` : styles.operation}>
      <label htmlFor={id}>
        <span className={styles.method}>{operation.method}</span>{' '}
        <code className={styles.path}>{operation.path}</code>{' '}
        <span className={`${styles.summary} ${Classes.TEXT_MUTED}`}>
          {operation.summary} ({operation.id})
        </span>
      </label>
      <HTMLSelect id={id} fill value={active?.prefer ?? ''} onChange={change}>
        <option value="">{DEFAULT_OPTION_TEXT}</option>
        <ResponseOptions operation={operation} />
        {active && !isOffered(operation, active.prefer) && (
          <option value={active.prefer}>{`${active.prefer} (not in the contract)`}</option>
        )}
      </HTMLSelect>
      {active?.times !== undefined && (
        <Tag minimal intent="warning" className={Classes.TEXT_SMALL}>
          {active.times === 1 ? 'next request only' : `next ${active.times} requests`}
        </Tag>
      )}
    </div>
  );
});
