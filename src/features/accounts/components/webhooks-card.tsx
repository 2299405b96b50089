import { Button, ButtonGroup, Card, Classes, Intent, Tag, Tooltip } from '@blueprintjs/core';
import {
  AddIcon,
  EditIcon,
  HistoryIcon,
  KeyIcon,
  PlayIcon,
  SendMessageIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { createDataColumnHelper, DataTable, useDataTable } from '@/components/data-table';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import { toast } from '@/lib/toaster';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { Webhook, WebhookSecretReply } from '@generated/api/model';
import {
  getListWebhooksQueryKey,
  getListWebhooksQueryOptions,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
} from '@generated/api/webhooks/webhooks';

import styles from '../accounts.module.css';
import { eventsText, lastDeliveryText, WEBHOOK_TEXT } from '../model/webhooks';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog, type WebhookDialogTarget } from './webhook-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';

const NO_HOOKS: Webhook[] = [];

interface RowHandlers {
  onTest: (hook: Webhook) => void;
  onLog: (hook: Webhook) => void;
  onEdit: (hook: Webhook) => void;
  onRotate: (hook: Webhook) => void;
  onResume: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
  /** The webhook a test is being sent to. */
  testingId?: number;
  resumingId?: number;
}

/** The card gives the rows its handlers; the columns stay static. */
const RowHandlersContext = createContext<RowHandlers | null>(null);

function StatusCell({ hook }: { hook: Webhook }) {
  if (hook.status === 'active') return <Tag intent={Intent.SUCCESS}>{WEBHOOK_TEXT.active}</Tag>;
  return (
    <span>
      <Tag intent={Intent.WARNING}>{WEBHOOK_TEXT.paused}</Tag>
      {hook.paused_reason ? (
        <span className={`${Classes.TEXT_MUTED} ${styles.pausedReason}`}>{hook.paused_reason}</span>
      ) : null}
    </span>
  );
}

function RowActions({ hook }: { hook: Webhook }) {
  const handlers = useContext(RowHandlersContext);
  if (!handlers) return null;
  const action = (label: string, icon: React.JSX.Element, onClick: () => void, extra = {}) => (
    <Tooltip content={label} placement="top">
      <Button icon={icon} aria-label={`${label}: ${hook.url}`} onClick={onClick} {...extra} />
    </Tooltip>
  );
  return (
    <ButtonGroup variant="minimal">
      {hook.status === 'paused'
        ? action(WEBHOOK_TEXT.resume, <PlayIcon />, () => handlers.onResume(hook), {
            intent: Intent.SUCCESS,
            loading: handlers.resumingId === hook.id,
          })
        : null}
      {action(WEBHOOK_TEXT.sendTest, <SendMessageIcon />, () => handlers.onTest(hook), {
        loading: handlers.testingId === hook.id,
      })}
      {action(WEBHOOK_TEXT.deliveries, <HistoryIcon />, () => handlers.onLog(hook))}
      {action(WEBHOOK_TEXT.edit, <EditIcon />, () => handlers.onEdit(hook))}
      {action(WEBHOOK_TEXT.rotate, <KeyIcon />, () => handlers.onRotate(hook))}
      {action(WEBHOOK_TEXT.delete, <TrashIcon />, () => handlers.onDelete(hook), {
        intent: Intent.DANGER,
      })}
    </ButtonGroup>
  );
}

const column = createDataColumnHelper<Webhook>();

/** URL, events, status (Active, or Paused with why), last delivery, then the row's actions. */
const columns = column.columns([
  column.accessor('url', { header: WEBHOOK_TEXT.url, meta: { className: styles.emailColumn } }),
  column.accessor((hook) => eventsText(hook.events), { id: 'events', header: WEBHOOK_TEXT.events }),
  column.display({
    id: 'status',
    header: WEBHOOK_TEXT.status,
    cell: ({ row }) => <StatusCell hook={row.original} />,
  }),
  column.accessor((hook) => lastDeliveryText(hook), {
    id: 'last',
    header: WEBHOOK_TEXT.lastDelivery,
  }),
  column.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row }) => <RowActions hook={row.original} />,
    meta: { className: styles.actionsColumn, label: 'Actions' },
  }),
]);

/** A dialog kept after closing, so that its title does not change while it fades out. */
type Closing<T> = { value: T; open: boolean } | undefined;

/**
 * The company's webhooks, for a super_admin: add, edit, pause state and Resume, Send test, the
 * delivery log, a new secret (shown once), delete.
 */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const hooks = useQuery(getListWebhooksQueryOptions());
  const reload = () => queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });
  const [editing, setEditing] = useState<WebhookDialogTarget>();
  const [secret, setSecret] = useState<{ secret: string | null; message: string }>({
    secret: null,
    message: '',
  });
  const [deleting, setDeleting] = useState<Closing<Webhook>>();
  const [rotating, setRotating] = useState<Closing<Webhook>>();
  const [log, setLog] = useState<Webhook>();
  // A double click sends once: one test, one delete, one new secret.
  const test = useSingleFlight(useSendWebhookTest());
  const remove = useSingleFlight(useDeleteWebhook());
  const rotate = useSingleFlight(useRotateWebhookSecret());
  const resume = useSingleFlight(useUpdateWebhook());

  const showSecret = (reply: WebhookSecretReply) =>
    setSecret({ secret: reply.secret, message: reply.message });

  const handlers: RowHandlers = {
    onTest: (hook) =>
      test.mutate(
        { id: hook.id },
        {
          onSuccess: (delivery) => {
            if (delivery.status === 'delivered')
              void toast.success(WEBHOOK_TEXT.testDelivered(delivery.response_code));
            else void toast.danger(WEBHOOK_TEXT.testFailed(delivery.error));
          },
          onSettled: () => void reload(),
        },
      ),
    onLog: setLog,
    onEdit: (hook) => setEditing({ kind: 'edit', hook }),
    onRotate: (hook) => setRotating({ value: hook, open: true }),
    onResume: (hook) =>
      resume.mutate(
        { id: hook.id, data: { status: 'active' } },
        {
          onSuccess: () => void toast.success(WEBHOOK_TEXT.resumed),
          onSettled: () => void reload(),
        },
      ),
    onDelete: (hook) => setDeleting({ value: hook, open: true }),
    testingId: test.isPending ? test.variables?.id : undefined,
    resumingId: resume.isPending ? resume.variables?.id : undefined,
  };

  const table = useDataTable({
    data: hooks.data?.results ?? NO_HOOKS,
    columns,
    getRowId: (hook) => String(hook.id),
  });

  const onDeleteResult = (result: 'accept' | 'decline') => {
    if (!deleting) return;
    const close = () => setDeleting({ ...deleting, open: false });
    if (result === 'decline') return close();
    remove.mutate(
      { id: deleting.value.id },
      {
        onSuccess: () => void toast.success(WEBHOOK_TEXT.deleted),
        onSettled: () => {
          close();
          void reload();
        },
      },
    );
  };

  const onRotateResult = (result: 'accept' | 'decline') => {
    if (!rotating) return;
    const close = () => setRotating({ ...rotating, open: false });
    if (result === 'decline') return close();
    rotate.mutate(
      { id: rotating.value.id },
      {
        onSuccess: showSecret,
        onSettled: close,
      },
    );
  };

  return (
    <Card className={styles.card} elevation={1}>
      <div className={styles.cardHeader}>
        <h2 className={Classes.HEADING} id="webhooks-title">
          {WEBHOOK_TEXT.title}
        </h2>
        <Button
          icon={<AddIcon />}
          intent={Intent.PRIMARY}
          text={WEBHOOK_TEXT.add}
          onClick={() => setEditing({ kind: 'add' })}
        />
      </div>
      <p className={Classes.TEXT_MUTED}>{WEBHOOK_TEXT.intro}</p>
      <RowHandlersContext.Provider value={handlers}>
        <DataTable
          table={table}
          label={WEBHOOK_TEXT.table}
          loading={hooks.isPending}
          busy={hooks.isFetching && !hooks.isPending}
          emptyMessage={hooks.isError ? WEBHOOK_TEXT.loadFailed : WEBHOOK_TEXT.empty}
        />
      </RowHandlersContext.Provider>
      {editing ? (
        <WebhookDialog
          target={editing}
          onClose={() => setEditing(undefined)}
          onCreated={(reply) => {
            setEditing(undefined);
            showSecret(reply);
          }}
        />
      ) : null}
      <WebhookSecretDialog
        secret={secret.secret}
        message={secret.message}
        onClose={() => setSecret({ secret: null, message: '' })}
      />
      <WebhookDeliveriesDialog hook={log} onClose={() => setLog(undefined)} />
      <ConfirmDialog
        isOpen={Boolean(deleting?.open)}
        title={WEBHOOK_TEXT.deleteTitle}
        body={WEBHOOK_TEXT.deleteBody(deleting?.value.url ?? '')}
        acceptText={WEBHOOK_TEXT.delete}
        declineText={WEBHOOK_TEXT.cancel}
        busy={remove.isPending}
        onResult={onDeleteResult}
      />
      <ConfirmDialog
        isOpen={Boolean(rotating?.open)}
        title={WEBHOOK_TEXT.rotateTitle}
        body={WEBHOOK_TEXT.rotateBody}
        acceptText={WEBHOOK_TEXT.rotateAccept}
        declineText={WEBHOOK_TEXT.cancel}
        busy={rotate.isPending}
        onResult={onRotateResult}
      />
    </Card>
  );
}
