import { Button, Classes } from '@blueprintjs/core';

import { type Preset } from '../model/presets';
import styles from '../scenario-switcher.module.css';

export interface PresetListProps {
  presets: readonly Preset[];
  onApply: (preset: Preset) => void;
}

/** The journeys QA repeats; applying one replaces the active scenarios. */
export function PresetList({ presets, onApply }: PresetListProps) {
  return (
    <section className={styles.section} aria-labelledby="scenario-presets">
      <div className={styles.sectionHeader}>
        <h3 id="scenario-presets" className={Classes.HEADING}>
          Presets
        </h3>
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          Applying one replaces the active scenarios.
        </span>
      </div>
      {presets.map((preset) => (
        <div key={preset.name} className={styles.preset}>
          <div className={styles.presetText}>
            <strong>{preset.name}</strong>
            <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{preset.description}</p>
          </div>
          <Button
            size="small"
            aria-label={`Apply preset: ${preset.name}`}
            onClick={() => onApply(preset)}
          >
            Apply
          </Button>
        </div>
      ))}
    </section>
  );
}
