import { Button } from '@blueprintjs/core';
import { DownloadIcon, UploadIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';

import { connectionStore } from '@/api/session';
import { dayOfDate, formatDay } from '@/lib/day';
import { downloadText } from '@/lib/download';
import { toast } from '@/lib/toaster';
import { useImportMappings } from '@generated/api/mappings/mappings';
import type { MappingImportResult } from '@generated/api/model';

import { salesforceFieldsQueryOptions } from '../../mapper-queries';
import styles from '../../mapper.module.css';
import { salesforceOfType, type EntityType } from '../../model/attributes';
import { failedImport, importSummary, type ImportSummary } from '../../model/import-summary';
import {
  exportMappings,
  importRequest,
  parseMappingFile,
  planImport,
} from '../../model/mapping-file';
import { useMapper } from '../mapper-context';

/** 'Export mappings' saves the tenant's mappings as JSON; 'Import mappings' applies such a file. */
/** The two buttons' place while the mapper loads: the same buttons, not yet usable. */
export function TransferButtonsLoading() {
  return (
    <>
      <Button icon={<DownloadIcon />} text="Export mappings" disabled />
      <Button icon={<UploadIcon />} text="Import mappings" disabled />
    </>
  );
}

export function TransferButtons({ onImported }: { onImported: (summary: ImportSummary) => void }) {
  const mapper = useMapper();
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  // The import's outcome is told by its summary, a refusal included: no generic error toast.
  const importFile = useImportMappings({ mutation: { meta: { silentErrors: true } } });

  const onExport = async () => {
    setBusy('export');
    try {
      await mapper.flush();
      const now = new Date();
      const file = exportMappings(mapper.store.views(), mapper.aceById, now);
      const tenant = connectionStore.getTenantSubdomain() ?? 'tenant';
      downloadText(
        `${JSON.stringify(file, null, 2)}\n`,
        `acebridge-mappings-${tenant}-${formatDay(dayOfDate(now))}.json`,
        'application/json',
      );
    } finally {
      setBusy(null);
    }
  };

  const salesforceOf = async (type: EntityType) => {
    const list = await client.fetchQuery(salesforceFieldsQueryOptions(type));
    return salesforceOfType(list.results, type);
  };

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    event.currentTarget.value = ''; // the same file can be chosen again
    if (!chosen) return;
    setBusy('import');
    try {
      const file = parseMappingFile(await chosen.text());
      if ('error' in file) {
        void toast.danger(file.error);
        return;
      }
      await mapper.flush();
      mapper.changes.forget();
      const [Lead, Opportunity] = await Promise.all([
        salesforceOf('Lead'),
        salesforceOf('Opportunity'),
      ]);
      const plan = planImport(file, mapper.attributes, { Lead, Opportunity }, mapper.store.view);
      // One request, applied by the server all at once or not at all: on a refusal the mappings
      // are as they were, and the rows still show them.
      let counts: MappingImportResult;
      try {
        counts = await importFile.mutateAsync({ data: importRequest(plan) });
      } catch (error) {
        const failed = failedImport(
          error,
          plan.changes.map(({ attribute }) => attribute),
          plan.skipped,
        );
        onImported(failed);
        void toast.danger(failed.text);
        return;
      }
      await mapper.reload();
      const result = importSummary([{ ...counts, failed: 0 }], plan.skipped);
      onImported(result);
      void toast.info(result.text);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        icon={<DownloadIcon />}
        text="Export mappings"
        loading={busy === 'export'}
        disabled={busy !== null}
        onClick={() => void onExport()}
      />
      <Button
        icon={<UploadIcon />}
        text="Import mappings"
        loading={busy === 'import'}
        disabled={busy !== null}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        className={styles.fileInput}
        aria-label="Mappings file"
        tabIndex={-1}
        onChange={(event) => void onImport(event)}
      />
    </>
  );
}
