import { Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useEffectEvent, useRef } from 'react';

import { ERROR_TEXT, errorMessages } from '@/api/error-messages';
import { BlockError } from '@/components/block-error/block-error';
import { useDataTable } from '@/components/data-table';
import highlight from '@/components/highlight/highlight.module.css';
import { usePagedList } from '@/components/paginator/use-paged-list';
import type { SyncError } from '@generated/api/model';

import {
  syncErrorsQueryOptions,
  overrideAttributesQueryOptions,
  savedOverridesQueryOptions,
} from '../../dashboard-queries';
import { ERRORS_TEXT } from '../../model/error-texts';
import { SaveOverridesButton } from '../overrides/save-overrides-button';
import {
  OverrideFormContext,
  useOverrideForm,
  type OverrideDrafts,
} from '../overrides/use-override-form';
import { useSaveOverrides } from '../overrides/use-save-overrides';
import { errorColumns } from './error-columns';
import styles from './errors.module.css';
import { showOverrideRow, type OverrideFocus } from './override-focus';
import { PagedTable } from './paged-table';

const NO_ERRORS: SyncError[] = [];

export interface ErrorsPanelProps {
  page: number;
  onPageChange: (page: number) => void;
  drafts: OverrideDrafts;
  /** Open the editor at a field for these errors (a link of the 'By cause' view). */
  focus?: OverrideFocus | null;
}

/** The Errors tab: open sync errors, their override values and the save button. */
export function ErrorsPanel({ page, onPageChange, drafts, focus = null }: ErrorsPanelProps) {
  const list = usePagedList(syncErrorsQueryOptions, page);
  const saved = useQuery(savedOverridesQueryOptions());
  const attributes = useQuery(overrideAttributesQueryOptions());
  // As the page (see usePagedList), what the server says renders the rows again in the background
  // (after a run, the saved values may all change); what the user does to the drafts shows at once.
  const savedValues = useDeferredValue(saved.data?.data);
  const attributeList = useDeferredValue(attributes.data?.results);
  const form = useOverrideForm(drafts, savedValues, attributeList);
  const saver = useSaveOverrides(form, drafts);
  // Values kept when the last session ended are saved once the saved values and the attributes
  // they are checked against are in, as the save button would.
  const lookupsIn = Boolean(savedValues && attributeList);
  const saveRestored = useEffectEvent(() => saver.save(drafts.restoreSent()));
  useEffect(() => {
    if (drafts.restorePending && lookupsIn) saveRestored();
  }, [drafts.restorePending, lookupsIn]);
  const container = useRef<HTMLDivElement>(null);
  // A link to a field: once the page with the errors and the attributes are in, the field goes in
  // their rows (where it can take a value); once it shows there, the first row is brought into
  // view and its value box focused.
  const shownFor = useRef<OverrideFocus | null>(null);
  const pageReady = list.settled && attributeList !== undefined;
  useEffect(() => {
    if (!focus || shownFor.current === focus || !pageReady || !container.current) return;
    const errors = (list.rows ?? NO_ERRORS).filter((error) => focus.errorIds.includes(error.id));
    if (errors.length === 0) return;
    const hasField = (error: SyncError) =>
      form.rowFor(error).pairs.some((pair) => pair.attributeId === focus.attributeId);
    if (form.attributesById.has(focus.attributeId) && !errors.every(hasField)) {
      errors.forEach((error) => form.preselect(error, focus.attributeId));
      return; // the rows change, and this runs again with the field in them
    }
    shownFor.current = focus;
    showOverrideRow(focus, container.current, highlight.highlight ?? '');
  }, [focus, pageReady, form, list.rows]);
  const table = useDataTable({
    data: list.rows ?? NO_ERRORS,
    columns: errorColumns,
    getRowId: (error) => String(error.id),
  });

  if (list.query.isError && !list.rows) {
    return <BlockError error={list.query.error} onRetry={() => void list.query.refetch()} />;
  }
  const lookupFailed = [saved, attributes].find((query) => query.isError);
  return (
    <OverrideFormContext.Provider value={form}>
      <div ref={container} className={styles.panel}>
        {lookupFailed ? (
          <Callout intent={Intent.WARNING} compact role="alert">
            {errorMessages(lookupFailed.error)[0] ?? ERROR_TEXT.network}{' '}
            <a
              href="#retry"
              onClick={(event) => {
                event.preventDefault();
                void saved.refetch();
                void attributes.refetch();
              }}
            >
              Retry
            </a>
          </Callout>
        ) : null}
        <PagedTable
          list={list}
          table={table}
          label={ERRORS_TEXT.errorsTab}
          pagesLabel="Sync errors pages"
          emptyMessage={ERRORS_TEXT.noErrors}
          page={page}
          onPageChange={onPageChange}
          footerStart={list.total > 0 ? <SaveOverridesButton form={form} saver={saver} /> : null}
        />
      </div>
    </OverrideFormContext.Provider>
  );
}
