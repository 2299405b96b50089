/** Types the sync engine shares. */
import type { Schemas } from '../../contract';

export type { Schemas } from '../../contract';
export type { AceRecord } from '../../store/state';

/** What a sync runs: both directions, or one of the contract's SyncDirection. */
export type SyncDirection = Schemas['SyncRunDirection'];
