import type { SyncCounts } from './mapping-sync';

export interface ImportSummary extends SyncCounts {
  skipped: string[];
  text: string;
}

/** 'Import: 2 created, 1 updated, 0 deleted, 0 failed, 1 skipped' */
export function importSummary(results: readonly SyncCounts[], skipped: string[]): ImportSummary {
  const total = results.reduce(
    (sum, one) => ({
      created: sum.created + one.created,
      updated: sum.updated + one.updated,
      deleted: sum.deleted + one.deleted,
      failed: sum.failed + one.failed,
    }),
    { created: 0, updated: 0, deleted: 0, failed: 0 },
  );
  const text =
    `Import: ${total.created} created, ${total.updated} updated, ${total.deleted} deleted, ` +
    `${total.failed} failed, ${skipped.length} skipped`;
  return { ...total, skipped, text };
}
