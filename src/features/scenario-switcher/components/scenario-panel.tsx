import { Button, Classes, Drawer, InputGroup, Position, Switch } from '@blueprintjs/core';
import { LabTestIcon, ResetIcon, SearchIcon } from '@blueprintjs/icons';
import { useState } from 'react';

import { type Catalogue, operationKey } from '../model/catalogue-types';
import { filterOperations } from '../model/operation-filter';
import { type Preset } from '../model/presets';
import { type ActiveScenarios, type ScenarioStore } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';
import { OperationRow } from './operation-row';
import { PresetList } from './preset-list';

export const PANEL_TITLE = 'Mock scenarios';

export interface ScenarioPanelProps {
  isOpen: boolean;
  onClose: () => void;
  catalogue: Catalogue;
  presets: readonly Preset[];
  store: ScenarioStore;
  active: ActiveScenarios;
}

function presetScenarios(preset: Preset): ActiveScenarios {
  return Object.fromEntries(
    preset.entries.map((entry) => [
      operationKey(entry),
      entry.times === undefined
        ? { prefer: entry.prefer }
        : { prefer: entry.prefer, times: entry.times },
    ]),
  );
}

/**
 * The scenario panel: presets, the active count with "Reset all", and every contract operation
 * (grouped by tag, searchable) with the responses the mock can give. No backdrop and no focus
 * trap, so the app stays usable while it is open.
 */
export function ScenarioPanel({
  isOpen,
  onClose,
  catalogue,
  presets,
  store,
  active,
}: ScenarioPanelProps) {
  const [query, setQuery] = useState('');
  const [onlyActive, setOnlyActive] = useState(false);
  const count = Object.keys(active).length;
  const tags = filterOperations(catalogue.tags, query, onlyActive ? active : undefined);

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.LEFT}
      size="440px"
      hasBackdrop={false}
      enforceFocus={false}
      canOutsideClickClose={false}
      icon={<LabTestIcon />}
      title={PANEL_TITLE}
    >
      <section className={Classes.DRAWER_BODY} aria-label={PANEL_TITLE}>
        <div className={Classes.DIALOG_BODY}>
          <p className={`${styles.intro} ${Classes.TEXT_MUTED}`}>
            Pick how the Prism mock answers a call: the app then sends Prism&apos;s Prefer header on
            that call&apos;s requests until you reset it. Choices survive a reload. Shortcut:
            Alt+Shift+S.
          </p>
          <PresetList
            presets={presets}
            onApply={(preset) => store.replaceAll(presetScenarios(preset))}
          />
          <section className={styles.section} aria-labelledby="scenario-operations">
            <div className={styles.sectionHeader}>
              <h3 id="scenario-operations" className={Classes.HEADING}>
                Operations ({count} active)
              </h3>
              <Button
                size="small"
                intent="danger"
                variant="outlined"
                icon={<ResetIcon />}
                disabled={count === 0}
                onClick={() => store.reset()}
              >
                Reset all
              </Button>
            </div>
            <div className={styles.filters}>
              <InputGroup
                type="search"
                leftIcon={<SearchIcon />}
                placeholder="Search operations"
                aria-label="Search operations"
                value={query}
                onValueChange={setQuery}
              />
              <Switch
                label="Only active"
                checked={onlyActive}
                onChange={(event) => setOnlyActive(event.currentTarget.checked)}
              />
            </div>
            {tags.length === 0 && <p className={Classes.TEXT_MUTED}>No operation matches.</p>}
            {tags.map((tag) => (
              <section key={tag.name} aria-label={`Tag ${tag.name}`} className={styles.section}>
                <h4 className={Classes.HEADING}>{tag.name}</h4>
                {tag.operations.map((operation) => (
                  <OperationRow
                    key={operation.id}
                    operation={operation}
                    active={active[operationKey(operation)]}
                    store={store}
                  />
                ))}
              </section>
            ))}
          </section>
        </div>
      </section>
    </Drawer>
  );
}
