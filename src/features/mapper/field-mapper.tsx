import { Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type JSX, type ReactNode } from 'react';

import { useGetMappingCounts } from '@generated/api/mappings/mappings';
import type { Attribute, AttributeRef } from '@generated/api/model';

import { AsteriskLegend } from './components/asterisk-legend';
import { AutoMatchButton } from './components/auto-match-button';
import { ConnectionStatus } from './components/connection-status';
import { CountLines } from './components/count-lines';
import { cx } from './components/cx';
import { MapperContext } from './components/mapper-context';
import { MappingTab, type RowFocus } from './components/mapping-tab';
import { PreviewSection } from './components/preview/preview-section';
import { RulesTab } from './components/rules-tab';
import { ImportSummaryCallout } from './components/transfer/import-summary-callout';
import { TransferButtons, TransferButtonsLoading } from './components/transfer/transfer-buttons';
import { useMapperState } from './components/use-mapper-state';
import { salesforceFieldsQueryOptions } from './mapper-queries';
import styles from './mapper.module.css';
import type { ImportSummary } from './model/import-summary';

export interface FieldMapperProps {
  /** Inside the values mapper (/values-mapper) rather than wizard step 5. */
  embedded?: boolean;
  /** Rendered next to the connection status (the pencil that edits the Salesforce account). */
  headerActions?: ReactNode;
  /** An ACE attribute's id to open at: its tab and page, its row shown, highlighted and focused. */
  focusField?: number;
  /** Who changed the mappings last, under the header (composed by the route). */
  lastChanged?: ReactNode;
}

type TabId = 'leads' | 'opportunities' | 'rules';

/**
 * The body of wizard step 5 and of the values mapper's side panel: connection status, AutoMatch,
 * the required-field counts and the Leads / Opportunities / Rules tabs. The wizard renders its own
 * Previous and Finish around it.
 */
export function FieldMapper({
  embedded = false,
  headerActions,
  focusField,
  lastChanged,
}: FieldMapperProps) {
  const state = useMapperState();
  // The Leads rows need the Salesforce leads fields: asked beside the ACE attributes and the
  // mappings, not once the rows show.
  const client = useQueryClient();
  useEffect(() => void client.prefetchQuery(salesforceFieldsQueryOptions('Lead')), [client]);
  const [tab, setTab] = useState<TabId>('leads');
  // An unmatched field's link: its tab opens, then its row is shown and focused.
  const [focus, setFocus] = useState<RowFocus | null>(null);
  const pick = (attribute: Pick<Attribute, 'id' | 'type'>) => {
    setTab(attribute.type === 'Opportunity' ? 'opportunities' : 'leads');
    setFocus({ attributeId: attribute.id, request: (focus?.request ?? 0) + 1 });
  };
  // A preview's problem names an attribute by reference: its type is the mapper's.
  const pickRef = (ref: AttributeRef) => {
    const attribute = mapper?.aceById.get(ref.id);
    if (attribute) pick(attribute);
  };
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const mapper = state.value;
  // A link to a field (the values mapper's `?field=`): once the mapper is in, its row is picked as
  // an unmatched field's link picks it (adjusted while rendering, as for the tab's page).
  const [linkedField, setLinkedField] = useState<number | undefined>(undefined);
  if (mapper && focusField !== undefined && focusField !== linkedField) {
    setLinkedField(focusField);
    const attribute = mapper.aceById.get(focusField);
    if (attribute) pick(attribute);
  }
  // The counts, the preview and the tabs show together, once the mapper and its counts are in:
  // added at once below the header, nothing on screen moves (a spinner holds the place till then).
  const counts = useGetMappingCounts();
  const loading = state.loading || counts.isPending;

  // The mapper failed to load (its error is told): the tabs stay, empty.
  const tabPanel = (panel: JSX.Element) => (mapper ? panel : <div />);

  const body = (
    <section className={cx(styles.mapper, embedded && styles.embedded)} aria-label="Field mapping">
      <div className={styles.header}>
        <ConnectionStatus />
        {headerActions}
        <div className={styles.actions}>
          {mapper ? <TransferButtons onImported={setSummary} /> : <TransferButtonsLoading />}
          <AutoMatchButton
            before={async () => {
              await mapper?.flush();
              mapper?.changes.forget();
            }}
            after={state.reload}
          />
        </div>
      </div>
      {lastChanged}
      {summary ? <ImportSummaryCallout summary={summary} onClose={() => setSummary(null)} /> : null}
      <AsteriskLegend />
      {loading ? (
        <div className={styles.loading}>
          <Spinner className={styles.spinner} size={32} />
        </div>
      ) : (
        <>
          <CountLines onPick={mapper ? pick : undefined} />
          {mapper ? <PreviewSection onPickField={pickRef} /> : null}
          <Tabs
            id="field-mapper-tabs"
            selectedTabId={tab}
            onChange={(next) => setTab(next as TabId)}
            renderActiveTabPanelOnly
          >
            <Tab
              id="leads"
              title="Leads"
              panel={tabPanel(<MappingTab type="Lead" title="Leads" focus={focus} />)}
            />
            <Tab
              id="opportunities"
              title="Opportunities"
              panel={tabPanel(
                <MappingTab type="Opportunity" title="Opportunities" focus={focus} />,
              )}
            />
            <Tab id="rules" title="Rules" panel={<RulesTab />} />
          </Tabs>
        </>
      )}
    </section>
  );

  return <MapperContext.Provider value={mapper ?? null}>{body}</MapperContext.Provider>;
}
