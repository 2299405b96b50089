import { Button, Callout, Intent } from '@blueprintjs/core';
import { DownloadIcon, ShieldIcon } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';

import { downloadText } from '@/lib/download';
import { exportActivity, verifyActivity } from '@generated/api/activity/activity';

import styles from '../activity.module.css';
import { apiFilters } from '../model/activity-api-filters';
import type { ActivityFilters } from '../model/activity-search';
import { ACTIVITY_TEXT } from '../model/activity-texts';

/** The file the export offers, as the backend names it. */
const CSV_FILE = 'activity.csv';

/**
 * 'Export CSV' saves every event the filters show (not only the page on screen) as the backend
 * writes it; 'Check integrity' asks the backend to recompute the log's hash chain and says what it
 * found. Both are one-off reads run as mutations, so nothing is cached and a failure toasts
 * through the app's one error policy.
 */
export function ActivityActions({ filters }: { filters: ActivityFilters }) {
  const exporter = useMutation({
    mutationFn: (params: ActivityFilters) => exportActivity(apiFilters(params)),
    onSuccess: (csv) => downloadText(csv, CSV_FILE, 'text/csv'),
  });
  const check = useMutation({ mutationFn: () => verifyActivity() });
  const verdict = check.data;
  return (
    <>
      <div className={styles.actions}>
        <Button
          icon={<DownloadIcon />}
          text={ACTIVITY_TEXT.exportCsv}
          loading={exporter.isPending}
          onClick={() => exporter.mutate(filters)}
        />
        <Button
          icon={<ShieldIcon />}
          text={ACTIVITY_TEXT.checkIntegrity}
          loading={check.isPending}
          onClick={() => check.mutate()}
        />
      </div>
      {verdict && !check.isPending ? (
        <Callout
          className={styles.verdict}
          intent={verdict.ok ? Intent.SUCCESS : Intent.DANGER}
          role={verdict.ok ? 'status' : 'alert'}
          compact
        >
          {verdict.ok
            ? ACTIVITY_TEXT.intact(verdict.checked)
            : ACTIVITY_TEXT.broken(verdict.broken_at, verdict.reason)}
        </Callout>
      ) : null}
    </>
  );
}
