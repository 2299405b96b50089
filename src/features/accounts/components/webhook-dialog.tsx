import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import { FormErrors } from '@/components/form/form-errors';
import { TextField } from '@/components/form/text-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { toast } from '@/lib/toaster';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { Webhook, WebhookEventType, WebhookSecretReply } from '@generated/api/model';
import {
  getCreateWebhookMutationOptions,
  getListWebhooksQueryKey,
  getUpdateWebhookMutationOptions,
} from '@generated/api/webhooks/webhooks';

import { WEBHOOK_EVENTS, WEBHOOK_FIELDS, WEBHOOK_TEXT, webhookProblems } from '../model/webhooks';

export type WebhookDialogTarget = { kind: 'add' } | { kind: 'edit'; hook: Webhook };

export interface WebhookDialogProps {
  target: WebhookDialogTarget;
  onClose: () => void;
  /** A webhook was added: its secret is shown next, once. */
  onCreated: (reply: WebhookSecretReply) => void;
}

/** Add or edit a webhook: its URL and the events it is sent. */
export function WebhookDialog({ target, onClose, onCreated }: WebhookDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  useReturnFocus();
  const editing = target.kind === 'edit';
  const [url, setUrl] = useState(editing ? target.hook.url : 'https://');
  const [events, setEvents] = useState<WebhookEventType[]>(
    editing ? target.hook.events : ['sync_failures'],
  );
  const [tried, setTried] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });
  const create = useFormSubmit(getCreateWebhookMutationOptions(), {
    fields: WEBHOOK_FIELDS,
    onSuccess: (reply) => {
      void reload();
      onCreated(reply);
    },
  });
  const update = useFormSubmit(getUpdateWebhookMutationOptions(), {
    fields: WEBHOOK_FIELDS,
    onSuccess: () => {
      void toast.success(WEBHOOK_TEXT.saved);
      void reload();
      onClose();
    },
  });
  // A dialog either adds or edits: its field errors and busy state are that call's.
  const save = editing ? update : create;
  // What is sent: the URL trimmed. What the contract would refuse in it shows once a save was
  // tried, before the last refusal's messages, and stops the save.
  const data = { url: url.trim(), events };
  const problems = webhookProblems(data);
  const errorsOf = (field: 'url' | 'events') =>
    (tried ? problems?.[field] : undefined) ?? save.fieldErrors?.[field] ?? [];
  const eventsErrors = errorsOf('events');

  const toggle = (event: WebhookEventType, on: boolean) => {
    setEvents((current) =>
      WEBHOOK_EVENTS.map((item) => item.event).filter((item) =>
        item === event ? on : current.includes(item),
      ),
    );
    save.clearFieldErrors('events');
  };

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setTried(true);
    if (problems) return;
    if (target.kind === 'edit') update.submit({ id: target.hook.id, data });
    else create.submit({ data });
  };

  return (
    <Dialog
      isOpen
      title={editing ? WEBHOOK_TEXT.editTitle : WEBHOOK_TEXT.addTitle}
      onClose={() => {
        if (!save.busy) onClose();
      }}
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <DialogBody>
          <TextField
            label={WEBHOOK_TEXT.url}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            value={url}
            disabled={save.busy}
            helperText={WEBHOOK_TEXT.urlHelp}
            errors={errorsOf('url')}
            onChange={(changed) => {
              setUrl(changed.target.value);
              save.clearFieldErrors('url');
            }}
          />
          <FormGroup
            label={WEBHOOK_TEXT.events}
            intent={eventsErrors.length > 0 ? Intent.DANGER : Intent.NONE}
            helperText={
              eventsErrors.length > 0 ? <FormErrors messages={eventsErrors} /> : undefined
            }
          >
            {WEBHOOK_EVENTS.map(({ event, label }) => (
              <Checkbox
                key={event}
                label={label}
                checked={events.includes(event)}
                disabled={save.busy}
                onChange={(changed) => toggle(event, changed.currentTarget.checked)}
              />
            ))}
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={WEBHOOK_TEXT.cancel} onClick={onClose} disabled={save.busy} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={editing ? WEBHOOK_TEXT.save : WEBHOOK_TEXT.add}
                loading={save.busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
