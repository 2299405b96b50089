import { isApiError } from '@/api/api-error';
import type { Attribute } from '@generated/api/model';

import type { SyncCounts } from './mapping-sync';

export interface ImportSummary extends SyncCounts {
  skipped: string[];
  /** The fields the server refused (an import is all or nothing: then nothing changed). */
  refused: string[];
  text: string;
}

/** An import is applied all at once or not at all: a refusal leaves the mappings as they were. */
const IMPORT_FAILED = 'Import failed: nothing was changed.';

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
  return { ...total, skipped, refused: [], text };
}

/**
 * A refused import: every field of the file counts as failed, and the fields a 400 names (by
 * their place in the request, `fields.<index>.…`) are listed as 'type name'. The server's
 * messages are not shown, as for every mapping call.
 */
export function failedImport(
  error: unknown,
  fields: readonly Pick<Attribute, 'name' | 'type'>[],
  skipped: string[],
): ImportSummary {
  const body = isApiError(error) && error.status === 400 ? error.body : undefined;
  const places = typeof body === 'object' && body !== null ? Object.keys(body) : [];
  const refused = new Set<string>();
  for (const place of places) {
    const field = fields[Number(/^fields\.(\d+)\./.exec(place)?.[1] ?? Number.NaN)];
    if (field) refused.add(`${field.type} ${field.name}`);
  }
  return {
    created: 0,
    updated: 0,
    deleted: 0,
    failed: fields.length,
    skipped,
    refused: [...refused],
    text: IMPORT_FAILED,
  };
}
