import { Intent, Tag } from '@blueprintjs/core';

import type { ConnectionState } from '@generated/api/model';

/** A connection's state, upper-cased: green when ok, red otherwise. */
export function ConnectionStateTag({ state }: { state: ConnectionState }) {
  return (
    <Tag minimal intent={state === 'ok' ? Intent.SUCCESS : Intent.DANGER}>
      {state.toUpperCase()}
    </Tag>
  );
}
