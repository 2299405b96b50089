import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

type ConfirmResult = 'accept' | 'decline';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  body: ReactNode;
  acceptText?: string;
  declineText?: string;
  /** The accept action is running: its button spins and nothing else can be pressed. */
  busy?: boolean;
  /** Called once with the user's answer; the close icon, Escape and the backdrop mean decline. */
  onResult: (result: ConfirmResult) => void;
}

/** The reusable confirmation: title, body, red accept, decline; closing it declines. */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  acceptText = 'Confirm',
  declineText = 'Cancel',
  busy = false,
  onResult,
}: ConfirmDialogProps) {
  const decline = () => {
    if (!busy) onResult('decline');
  };
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={decline}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
    >
      <DialogBody>{typeof body === 'string' ? <p>{body}</p> : body}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={declineText} onClick={decline} disabled={busy} />
            <Button
              text={acceptText}
              intent={Intent.DANGER}
              loading={busy}
              onClick={() => onResult('accept')}
            />
          </>
        }
      />
    </Dialog>
  );
}
