import { Button, Classes, Drawer, InputGroup, Position, Switch } from '@blueprintjs/core';
import { LabTestIcon, ResetIcon, SearchIcon } from '@blueprintjs/icons';
import { useState } from 'react';

import { type Catalogue, operationKey } from '../model/catalogue-types';
import { groupOperations } from '../model/operation-filter';
import { type Preset, presetScenarios } from '../model/presets';
import { type ActiveScenarios, type ScenarioStore } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';
import { PresetList } from './preset-list';
import { ScreenGroup } from './screen-group';

export const PANEL_TITLE = 'Mock scenarios';

export interface ScenarioPanelProps {
  isOpen: boolean;
  onClose: () => void;
  catalogue: Catalogue;
  presets: readonly Preset[];
  store: ScenarioStore;
  active: ActiveScenarios;
}

/**
 * The scenario panel: presets, the active count with "Clear all", and every contract operation
 * with the responses the mock can give, grouped by the screen that calls it and searchable. A
 * group opens on a click, and by itself while a search or "Only active" narrows the list or when
 * it holds an active scenario. No backdrop and no focus trap, so the app stays usable while it is
 * open.
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
  // The groups QA opened or closed by hand; the others follow the rule above.
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const count = Object.keys(active).length;
  const groups = groupOperations(catalogue, query, onlyActive ? active : undefined);
  const narrowed = query.trim() !== '' || onlyActive;
  const isExpanded = (group: (typeof groups)[number]) =>
    toggled[group.key] ??
    (narrowed || group.operations.some((operation) => active[operationKey(operation)]));

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.LEFT}
      // Never wider than the screen: on a phone its close button stayed beyond the right edge.
      size="min(440px, 100vw)"
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
            that call&apos;s requests until you clear it. Choices survive a reload. Shortcut:
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
                Clear all
              </Button>
            </div>
            <div className={styles.filters}>
              <InputGroup
                type="search"
                leftIcon={<SearchIcon />}
                placeholder="Search screens and operations"
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
            {groups.length === 0 && <p className={Classes.TEXT_MUTED}>No operation matches.</p>}
            {groups.map((group, index) => {
              const expanded = isExpanded(group);
              return (
                <ScreenGroup
                  key={group.key}
                  group={group}
                  index={index}
                  expanded={expanded}
                  onToggle={() => setToggled((open) => ({ ...open, [group.key]: !expanded }))}
                  active={active}
                  store={store}
                />
              );
            })}
          </section>
        </div>
      </section>
    </Drawer>
  );
}
