import { Button, Callout, Intent } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';

import { ERROR_TEXT, errorMessages } from '@/api/error-messages';

export interface BlockErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * A block's own error state: what failed, in the same words as the error toasts, and a way to ask
 * again. The rest of the page keeps working.
 */
export function BlockError({ error, onRetry, retrying = false }: BlockErrorProps) {
  const [first = ERROR_TEXT.network, ...rest] = errorMessages(error);
  return (
    <Callout intent={Intent.DANGER} role="alert" compact>
      <p>{first}</p>
      {rest.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <Button
        size="small"
        icon={<RefreshIcon />}
        text="Retry"
        loading={retrying}
        onClick={onRetry}
      />
    </Callout>
  );
}
