import { Intent, Tag } from '@blueprintjs/core';

import type { ConnectionState } from '@generated/api/model';

const INTENT: Record<ConnectionState, Intent> = {
  ok: Intent.SUCCESS,
  Failed: Intent.DANGER,
  // No verdict yet: nothing to alarm anyone about.
  connecting: Intent.NONE,
};

/** A connection's state, upper-cased: green when ok, red when Failed, neutral while connecting. */
export function ConnectionStateTag({ state }: { state: ConnectionState }) {
  return (
    <Tag minimal intent={INTENT[state]}>
      {state.toUpperCase()}
    </Tag>
  );
}
