import { Button } from '@blueprintjs/core';
import { CrossIcon, LabTestIcon } from '@blueprintjs/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { describeActive } from '../model/active-summary';
import { type Catalogue } from '../model/catalogue-types';
import { type Preset } from '../model/presets';
import { type ScenarioStore } from '../model/scenario-store';
import styles from '../scenario-switcher.module.css';
import { ScenarioPanel, PANEL_TITLE } from './scenario-panel';

/** Alt+Shift+S (by key position, so that macOS's Option characters do not get in the way). */
function isToggleShortcut(event: KeyboardEvent): boolean {
  return (
    event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS'
  );
}

/** The accessible name of the scenario bar (a landmark of its own). */
export const BAR_LABEL = 'Scenario switcher';

export interface ScenarioSwitcherProps {
  catalogue: Catalogue;
  presets: readonly Preset[];
  store: ScenarioStore;
}

/**
 * A slim bar across the top of every page, in a strip the page leaves free for it (see the
 * stylesheet), so it covers nothing: the flask button that opens the panel, which says what is
 * active ("Scenario: getSyncStats → 500 serverError", "3 scenarios active") on a warning colour
 * while anything is, and "Clear all" beside it.
 */
export function ScenarioSwitcher({ catalogue, presets, store }: ScenarioSwitcherProps) {
  const [isOpen, setOpen] = useState(false);
  const active = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const summary = describeActive(active, catalogue, presets);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      setOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <aside
        aria-label={BAR_LABEL}
        className={summary ? `${styles.bar} ${styles.barActive}` : styles.bar}
      >
        <Button
          className={styles.barToggle}
          size="small"
          variant="minimal"
          icon={<LabTestIcon />}
          ellipsizeText
          aria-expanded={isOpen}
          title={`${summary ?? PANEL_TITLE} (Alt+Shift+S)`}
          onClick={() => setOpen((open) => !open)}
        >
          {summary ?? PANEL_TITLE}
        </Button>
        {summary && (
          <Button
            className={styles.barClear}
            size="small"
            variant="minimal"
            icon={<CrossIcon />}
            aria-label="Clear all scenarios"
            onClick={() => store.reset()}
          >
            Clear all
          </Button>
        )}
      </aside>
      <ScenarioPanel
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        catalogue={catalogue}
        presets={presets}
        store={store}
        active={active}
      />
    </>
  );
}
