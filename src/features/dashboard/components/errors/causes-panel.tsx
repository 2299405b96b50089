import { Callout, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { BlockError } from '@/components/block-error/block-error';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { DataTable, useDataTable } from '@/components/data-table';
import type { SyncErrorCause } from '@generated/api/model';

import { syncErrorCausesQueryOptions } from '../../dashboard-queries';
import { CAUSE_TEXT, dismissQuestion } from '../../model/cause-texts';
import { useSyncRun } from '../sync/use-sync-run';
import { CauseActionsContext, type CauseActions } from './cause-actions';
import { causeColumns } from './cause-columns';
import { errorsPageOf } from './errors-page-of';
import styles from './errors.module.css';
import type { OverrideFocus } from './override-focus';
import { useDismissCause } from './use-dismiss-cause';
import { useRetryCause } from './use-retry-cause';

const NO_CAUSES: SyncErrorCause[] = [];

export interface CausesPanelProps {
  /** Opens the override editor (the Errors tab, at this page) at a field for some errors. */
  onOpenOverride: (focus: OverrideFocus, errorsPage: number) => void;
  /** Links to the values mapper show (a super_admin's screen). */
  canEditMappings: boolean;
}

/**
 * The 'By cause' view: the open errors grouped by what caused them, most errors first, each with
 * its usual fix, a way to it (a dismissal, asked first, for a record that no longer exists) and a
 * retry of just its records. No retry starts while a run is
 * under way (the dashboard's one follower of the run knows it, and when the run ends it has the
 * causes and the lists the run changed asked again).
 */
export function CausesPanel({ onOpenOverride, canEditMappings }: CausesPanelProps) {
  const causes = useQuery(syncErrorCausesQueryOptions());
  const runActive = useSyncRun({ follow: false }).run !== undefined;
  const retry = useRetryCause();
  const dismissal = useDismissCause();
  const queryClient = useQueryClient();
  // A cause fixed by a dummy value: the Errors tab opens at the page of its first error.
  const openOverride = (cause: SyncErrorCause) => {
    const attribute = cause.ace_attribute;
    if (!attribute) return;
    void errorsPageOf(queryClient, cause.error_ids).then((errorsPage) =>
      onOpenOverride({ errorIds: cause.error_ids, attributeId: attribute.id }, errorsPage),
    );
  };
  const actions: CauseActions = {
    retry: retry.start,
    retryingId: retry.retryingId,
    runActive,
    dismiss: dismissal.ask,
    openOverride,
    canEditMappings,
  };
  const vanished = dismissal.vanished ?? retry.vanished;
  const table = useDataTable({
    data: causes.data?.results ?? NO_CAUSES,
    columns: causeColumns,
    getRowId: (cause) => cause.id,
  });

  if (causes.isError && !causes.data) {
    return <BlockError error={causes.error} onRetry={() => void causes.refetch()} />;
  }
  return (
    <CauseActionsContext.Provider value={actions}>
      {vanished ? (
        <Callout intent={Intent.WARNING} compact role="alert">
          {vanished}
        </Callout>
      ) : null}
      <DataTable
        table={table}
        label={CAUSE_TEXT.tab}
        loading={causes.isPending}
        busy={causes.isFetching && !causes.isPending}
        emptyMessage={CAUSE_TEXT.noCauses}
        className={styles.table}
      />
      <ConfirmDialog
        isOpen={dismissal.asking !== null}
        title={CAUSE_TEXT.dismissTitle}
        body={dismissQuestion(dismissal.asking?.count ?? 1)}
        acceptText={CAUSE_TEXT.dismissAccept}
        busy={dismissal.busy}
        onResult={(result) => dismissal.confirm(result === 'accept')}
      />
    </CauseActionsContext.Provider>
  );
}
