import { Callout, Intent } from '@blueprintjs/core';

import type { ResetStatus } from '../model/reset-status';

/** Valid or invalid feedback for a reset form's result; announced to screen readers. */
export function StatusCallout({ status, message }: { status: ResetStatus; message: string }) {
  if (status === -1 || !message) return null;
  return (
    <Callout
      role={status === 1 ? 'status' : 'alert'}
      intent={status === 1 ? Intent.SUCCESS : Intent.DANGER}
      style={{ marginBottom: 12 }}
    >
      {message}
    </Callout>
  );
}
