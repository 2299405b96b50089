import { Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

import { errorMessages } from '@/api/error-messages';
import { BlockError } from '@/components/block-error/block-error';
import { useDataTable } from '@/components/data-table';
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
import { PagedTable } from './paged-table';
import { usePagedList } from './use-paged-list';

const NO_ERRORS: SyncError[] = [];

export interface ErrorsPanelProps {
  page: number;
  onPageChange: (page: number) => void;
  drafts: OverrideDrafts;
}

/** The Errors tab: open sync errors, their override values and the save button. */
export function ErrorsPanel({ page, onPageChange, drafts }: ErrorsPanelProps) {
  const list = usePagedList(syncErrorsQueryOptions, page);
  const saved = useQuery(savedOverridesQueryOptions());
  const attributes = useQuery(overrideAttributesQueryOptions());
  const form = useOverrideForm(drafts, saved.data?.data, attributes.data?.results);
  const saver = useSaveOverrides(form, drafts);
  // Values kept when the last session ended are saved once the saved values and the attributes
  // they are checked against are in, as the save button would.
  const lookupsIn = Boolean(saved.data && attributes.data);
  const saveRestored = useEffectEvent(() => saver.save(drafts.restoreSent()));
  useEffect(() => {
    if (drafts.restorePending && lookupsIn) saveRestored();
  }, [drafts.restorePending, lookupsIn]);
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
      {lookupFailed ? (
        <Callout intent={Intent.WARNING} compact role="alert">
          {errorMessages(lookupFailed.error)[0]}{' '}
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
        footerStart={
          list.total > 0 || form.hasSavedValues ? (
            <SaveOverridesButton form={form} saver={saver} />
          ) : null
        }
      />
    </OverrideFormContext.Provider>
  );
}
