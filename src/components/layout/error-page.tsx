import { Button, Classes } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';

import { PageMessage } from './page-message';

export interface ErrorPageProps {
  error: unknown;
  onRetry?: () => void;
}

/** What an unexpected render error shows instead of a blank screen. */
export function ErrorPage({ error, onRetry }: ErrorPageProps) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <PageMessage
      icon={<ErrorIcon size={48} />}
      title="Something went wrong."
      action={
        <>
          {onRetry ? <Button text="Try again" onClick={onRetry} /> : null}
          <a href="/">Back to home</a>
        </>
      }
    >
      <p>This screen ran into an unexpected problem. Your data on the server is safe.</p>
      {detail ? <p className={Classes.TEXT_MUTED}>{detail}</p> : null}
    </PageMessage>
  );
}
