import { Button, Tag } from '@blueprintjs/core';
import { LabTestIcon } from '@blueprintjs/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';

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

export interface ScenarioSwitcherProps {
  catalogue: Catalogue;
  presets: readonly Preset[];
  store: ScenarioStore;
}

/** A discreet button at the page's end (with the count of active scenarios) that opens the panel. */
export function ScenarioSwitcher({ catalogue, presets, store }: ScenarioSwitcherProps) {
  const [isOpen, setOpen] = useState(false);
  const active = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const count = Object.keys(active).length;

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
      <Button
        className={count > 0 ? `${styles.toggle} ${styles.toggleActive}` : styles.toggle}
        size="small"
        icon={<LabTestIcon />}
        aria-label={`${PANEL_TITLE} (${count} active)`}
        aria-expanded={isOpen}
        title={`${PANEL_TITLE} (Alt+Shift+S)`}
        onClick={() => setOpen((open) => !open)}
      >
        {count > 0 && (
          <Tag round intent="warning" aria-hidden>
            {count}
          </Tag>
        )}
      </Button>
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
