import { Classes, Tab, Tabs } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { FilterCount } from '@/components/filter-count/filter-count';
import type { EntityType } from '@generated/api/model';

import { FilterEditor } from './components/filter-editor';
import { FilterSaver } from './components/filter-saver';
import { TAB_ENTITY, type ValuesMapperTab } from './values-mapper-queries';
import styles from './values-mapper.module.css';

const PAGE_TEXT = {
  title: 'Sync Settings',
  intro: 'Add filters and rules to control which opportunities and leads automatically sync.',
  andOr:
    'Use AND to stack filters within a block, and OR to make a separate block. A record that meets any of the OR combinations will sync.',
  leads: 'Leads',
  opportunities: 'Opportunities',
} as const;

export interface ValuesMapperPageProps {
  /** The selected tab when the caller owns it (the route keeps it in the URL). */
  tab?: ValuesMapperTab;
  onTabChange?: (tab: ValuesMapperTab) => void;
  /** The field-mapping editor shown at the side, composed by the route. */
  mapper?: ReactNode;
  /** Who changed the sync filters last, under the intro (composed by the route). */
  lastChanged?: ReactNode;
}

/**
 * The values mapper (/values-mapper, titled "Sync Settings"): which leads and opportunities sync,
 * as OR blocks of AND conditions that save themselves, with the mapping editor beside them.
 */
export function ValuesMapperPage({ tab, onTabChange, mapper, lastChanged }: ValuesMapperPageProps) {
  const queryClient = useQueryClient();
  const [ownTab, setOwnTab] = useState<ValuesMapperTab>('leads');
  const selected = tab ?? ownTab;
  // One saver per entity for the page's lifetime: a save flushed when a tab is left finishes, and
  // the tab waits for it when it comes back.
  const [savers] = useState(() => ({
    Lead: new FilterSaver(queryClient, 'Lead'),
    Opportunity: new FilterSaver(queryClient, 'Opportunity'),
  }));

  const select = (next: ValuesMapperTab) => {
    setOwnTab(next);
    onTabChange?.(next);
  };

  const panel = (entity: EntityType) => (
    <div className={styles.panel}>
      <p className={Classes.TEXT_MUTED}>{PAGE_TEXT.andOr}</p>
      <FilterCount entity={entity} />
      <FilterEditor key={entity} entity={entity} saver={savers[entity]} />
    </div>
  );

  return (
    <div className={mapper ? styles.page : styles.pageAlone}>
      <section className={styles.filters} aria-labelledby="values-mapper-title">
        <h1 id="values-mapper-title" className={Classes.HEADING}>
          {PAGE_TEXT.title}
        </h1>
        <p>{PAGE_TEXT.intro}</p>
        {lastChanged}
        <Tabs
          id="values-mapper-entity"
          selectedTabId={selected}
          onChange={(next) => select(next === 'opportunities' ? 'opportunities' : 'leads')}
          renderActiveTabPanelOnly
          size="large"
        >
          <Tab id="leads" title={PAGE_TEXT.leads} panel={panel(TAB_ENTITY.leads)} />
          <Tab
            id="opportunities"
            title={PAGE_TEXT.opportunities}
            panel={panel(TAB_ENTITY.opportunities)}
          />
        </Tabs>
      </section>
      {mapper ? <div className={styles.mapper}>{mapper}</div> : null}
    </div>
  );
}
