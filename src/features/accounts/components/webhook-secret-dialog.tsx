import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { useId } from 'react';

import { copyToClipboard } from '@/lib/clipboard';

import { WEBHOOK_TEXT } from '../model/webhooks';

export interface WebhookSecretDialogProps {
  /** The secret, as the create or rotate reply gave it; null: closed. */
  secret: string | null;
  /** The reply's message (added, or a new secret made). */
  message: string;
  onClose: () => void;
}

/**
 * The signing secret, shown this once: a read-only field with Copy, and the warning that it will
 * not be shown again. Closing it is the only way on: the secret is then gone from the app.
 */
export function WebhookSecretDialog({ secret, message, onClose }: WebhookSecretDialogProps) {
  const id = useId();
  return (
    <Dialog
      isOpen={secret !== null}
      title={WEBHOOK_TEXT.secretTitle}
      onClose={onClose}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>{message}</p>
        <label htmlFor={id}>{WEBHOOK_TEXT.secretLabel}</label>
        {/* Several lines, broken anywhere: the whole secret shows, even on a phone. */}
        <div style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
          <TextArea
            id={id}
            value={secret ?? ''}
            readOnly
            fill
            autoResize
            rows={1}
            spellCheck={false}
            style={{ wordBreak: 'break-all', fontFamily: 'monospace', resize: 'none' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="minimal"
            icon={<DuplicateIcon />}
            aria-label={WEBHOOK_TEXT.copy}
            title={WEBHOOK_TEXT.copy}
            onClick={() => void copyToClipboard(secret ?? '')}
          />
        </div>
        <Callout intent={Intent.WARNING} style={{ marginTop: 12 }}>
          {WEBHOOK_TEXT.secretWarning}
        </Callout>
        <p style={{ marginTop: 12 }}>{WEBHOOK_TEXT.secretHelp}</p>
      </DialogBody>
      <DialogFooter
        actions={<Button intent={Intent.PRIMARY} text={WEBHOOK_TEXT.done} onClick={onClose} />}
      />
    </Dialog>
  );
}
