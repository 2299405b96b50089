import { Button } from '@blueprintjs/core';
import { DownloadIcon, UploadIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';

import { connectionStore } from '@/api/session';
import { dayOfDate, formatDay } from '@/lib/day';
import { downloadText } from '@/lib/download';
import { toast } from '@/lib/toaster';

import { salesforceFieldsQueryOptions } from '../../mapper-queries';
import styles from '../../mapper.module.css';
import { salesforceOfType, type EntityType } from '../../model/attributes';
import { importSummary, type ImportSummary } from '../../model/import-summary';
import { exportMappings, parseMappingFile, planImport } from '../../model/mapping-file';
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
      for (const { attribute, next } of plan.changes) mapper.store.setView(attribute.id, next);
      const results = await Promise.all(
        plan.changes.map(({ attribute }) => mapper.sync.reconcile(attribute.id)),
      );
      const result = importSummary(results, plan.skipped);
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
