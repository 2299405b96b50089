import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';

import { createDataColumnHelper, DataTable, useDataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/format-date';
import type { Webhook, WebhookDelivery } from '@generated/api/model';
import { getListWebhookDeliveriesQueryOptions } from '@generated/api/webhooks/webhooks';

import { deliveryStatusText, eventName, WEBHOOK_TEXT } from '../model/webhooks';

const column = createDataColumnHelper<WebhookDelivery>();
const NO_DELIVERIES: WebhookDelivery[] = [];

/** Time (of the last try, else queued), event, status, HTTP code, tries and the last error. */
const columns = column.columns([
  column.accessor((row) => formatDateTime(row.last_attempt_at ?? row.created_at) ?? '', {
    id: 'time',
    header: WEBHOOK_TEXT.time,
  }),
  column.accessor((row) => eventName(row.type), { id: 'event', header: WEBHOOK_TEXT.event }),
  column.accessor((row) => deliveryStatusText(row.status), {
    id: 'status',
    header: WEBHOOK_TEXT.status,
  }),
  column.accessor((row) => (row.response_code === null ? '' : String(row.response_code)), {
    id: 'code',
    header: WEBHOOK_TEXT.code,
  }),
  column.accessor((row) => String(row.attempts), { id: 'tries', header: WEBHOOK_TEXT.tries }),
  column.accessor((row) => row.error ?? '', { id: 'error', header: WEBHOOK_TEXT.error }),
]);

/** The most recent deliveries of one webhook, newest first. */
export function WebhookDeliveriesDialog({
  hook,
  onClose,
}: {
  hook: Webhook | undefined;
  onClose: () => void;
}) {
  const deliveries = useQuery({
    ...getListWebhookDeliveriesQueryOptions(hook?.id ?? 0, { 'page-size': 20 }),
    enabled: hook !== undefined,
    staleTime: 0,
  });
  const table = useDataTable({
    data: deliveries.data?.results ?? NO_DELIVERIES,
    columns,
    getRowId: (row) => String(row.id),
  });
  return (
    <Dialog
      isOpen={hook !== undefined}
      title={hook ? WEBHOOK_TEXT.logTitle(hook.url) : WEBHOOK_TEXT.deliveries}
      onClose={onClose}
      style={{ width: 'min(900px, 95vw)' }}
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{WEBHOOK_TEXT.logShown}</p>
        <DataTable
          table={table}
          label={WEBHOOK_TEXT.logTable}
          loading={deliveries.isPending && hook !== undefined}
          busy={deliveries.isFetching && !deliveries.isPending}
          emptyMessage={deliveries.isError ? WEBHOOK_TEXT.logFailed : WEBHOOK_TEXT.logEmpty}
        />
      </DialogBody>
      <DialogFooter actions={<Button text={WEBHOOK_TEXT.close} onClick={onClose} />} />
    </Dialog>
  );
}
