import { fieldErrorsOf, type FieldErrors, type FieldMap } from '@/components/form/field-map';
import { requestCheck } from '@/components/schema-form/request-check';
import { formatDateTime } from '@/lib/format-date';
import type {
  Webhook,
  WebhookDeliveryStatus,
  WebhookDeliveryType,
  WebhookEventType,
} from '@generated/api/model';
import webhookSchema from '@generated/forms/create-webhook.schema.json';
import webhookFns from '@generated/forms/create-webhook.validator';

/** The events an admin can choose, in the words of the e-mail alerts. */
export const WEBHOOK_EVENTS: ReadonlyArray<{ event: WebhookEventType; label: string }> = [
  { event: 'sync_failures', label: 'A sync run has failed records or did not finish' },
  { event: 'new_cause', label: 'A new cause of sync errors appears' },
  { event: 'connection_failed', label: 'The Salesforce or AWS connection fails' },
  { event: 'new_launches', label: 'Opportunities are launched' },
];

/** An event (or a test) in a table cell: short. */
const EVENT_NAME: Record<WebhookDeliveryType, string> = {
  sync_failures: 'Sync failures',
  new_cause: 'New causes',
  connection_failed: 'Connection failures',
  new_launches: 'Launches',
  test: 'Test',
};

export const eventName = (event: WebhookDeliveryType) => EVENT_NAME[event];

export const eventsText = (events: readonly WebhookEventType[]) => events.map(eventName).join(', ');

const DELIVERY_STATUS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const deliveryStatusText = (status: WebhookDeliveryStatus) => DELIVERY_STATUS[status];

/** The last delivery in a cell: 'Delivered (200), Nov 28, 2026, 9:05 AM', or 'None yet'. */
export function lastDeliveryText(hook: Pick<Webhook, 'last_delivery'>): string {
  const last = hook.last_delivery;
  if (!last) return WEBHOOK_TEXT.noDelivery;
  const code = last.response_code === null ? '' : ` (${last.response_code})`;
  return `${deliveryStatusText(last.status)}${code}, ${formatDateTime(last.at) ?? last.at}`;
}

/** The texts of the Webhooks card and its dialogs. */
export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    'AceBridge POSTs a signed JSON message to each URL when one of its events happens. Slack and Teams show its text as it is.',
  add: 'Add webhook',
  table: 'Webhooks',
  empty: 'No webhooks yet.',
  loadFailed: 'The webhooks could not be loaded.',
  noDelivery: 'None yet',
  active: 'Active',
  paused: 'Paused',
  url: 'URL',
  urlHelp: 'An https address that can be reached from the internet.',
  events: 'Events',
  status: 'Status',
  lastDelivery: 'Last delivery',
  addTitle: 'Add a webhook',
  editTitle: 'Edit webhook',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Webhook saved.',
  sendTest: 'Send test',
  deliveries: 'Delivery log',
  edit: 'Edit',
  rotate: 'Rotate secret',
  resume: 'Resume',
  delete: 'Delete',
  resumed: 'Webhook resumed.',
  deleted: 'Webhook deleted.',
  deleteTitle: 'Delete this webhook?',
  deleteBody: (url: string) =>
    `Nothing more will be sent to ${url}, and its delivery log is deleted. This cannot be undone.`,
  rotateTitle: 'Make a new signing secret?',
  rotateBody:
    'The current secret stops working at once: deliveries are signed with the new one, and the receiver must be given it.',
  rotateAccept: 'Make a new secret',
  secretTitle: 'Signing secret',
  secretLabel: 'Signing secret',
  secretWarning: 'Copy it now: it will not be shown again.',
  secretHelp:
    'The receiver checks each delivery with it: AceBridge-Signature is t=<time>,v1=<HMAC-SHA256 of "<time>.<body>">.',
  copy: 'Copy secret',
  done: 'Done',
  testDelivered: (code: number | null) => `Test delivered${code === null ? '' : ` (${code})`}.`,
  testFailed: (error: string | null) => `Test failed: ${error ?? 'no reply.'}`,
  logTitle: (url: string) => `Delivery log: ${url}`,
  logTable: 'Deliveries',
  logEmpty: 'Nothing sent yet.',
  logFailed: 'The delivery log could not be loaded.',
  logShown: 'The 20 most recent deliveries.',
  time: 'Time',
  event: 'Event',
  code: 'Code',
  tries: 'Tries',
  error: 'Error',
  close: 'Close',
} as const;

/**
 * The webhook dialog's field map: a refusal of the URL, or of the company's webhook count, under
 * the URL; a refusal of the events under the events (the backend names the list, not an item).
 */
export const WEBHOOK_FIELDS: FieldMap<'url' | 'events'> = {
  url: 'url',
  non_field_errors: 'url',
  error: 'url',
  events: 'events',
};

/** What the contract refuses in a webhook sent (schemas/create-webhook.schema.json). */
const checkWebhook = requestCheck(webhookFns, webhookSchema);

/**
 * What the dialog shows under its fields before sending, or undefined when the webhook may be
 * sent: a blank or too long URL, no event; whether the address may be reached is the server's.
 */
export function webhookProblems(webhook: {
  url: string;
  events: readonly WebhookEventType[];
}): FieldErrors<'url' | 'events'> | undefined {
  return fieldErrorsOf(checkWebhook(webhook), WEBHOOK_FIELDS);
}
