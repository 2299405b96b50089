/** The dashboard inbox: opportunities that reached Launched in ACE, unread until resolved. */
import { listBound, type Schemas } from '../../contract';
import type { State } from '../../store/state';

/** The unread launches, the newest ones when there are more than the reply may list. */
export function unreadLaunches(state: State, tenantId: number): Schemas['LaunchList'] {
  return {
    data: state.launches
      .filter((row) => row.tenantId === tenantId && !row.read)
      .slice(-listBound('listUnreadLaunches'))
      .map((row) => ({ name: row.name })),
  };
}

/** Marks the tenant's unread launches read; returns how many. */
export function resolveLaunches(draft: State, tenantId: number): number {
  let resolved = 0;
  for (const row of draft.launches)
    if (row.tenantId === tenantId && !row.read) {
      row.read = true;
      resolved += 1;
    }
  return resolved;
}
