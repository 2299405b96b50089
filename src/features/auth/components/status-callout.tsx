import { Callout, Intent } from '@blueprintjs/core';

import type { ResetStatus } from '../model/reset-status';

/**
 * A form's result under its fields, announced to screen readers: a success as a status, a failure
 * as an alert. Nothing without a message.
 */
export function StatusCallout({
  intent,
  message,
}: {
  intent: typeof Intent.SUCCESS | typeof Intent.DANGER;
  message: string;
}) {
  if (!message) return null;
  return (
    <Callout
      role={intent === Intent.SUCCESS ? 'status' : 'alert'}
      intent={intent}
      style={{ marginBottom: 12 }}
    >
      {message}
    </Callout>
  );
}

/** A reset form's result: nothing (-1), its failure (0) or its success (1). */
export function ResetStatusCallout({ status, message }: { status: ResetStatus; message: string }) {
  if (status === -1) return null;
  return <StatusCallout intent={status === 1 ? Intent.SUCCESS : Intent.DANGER} message={message} />;
}
