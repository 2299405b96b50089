/** Types the sync engine shares. */
export type { Schemas } from '../../contract';
export type { AceRecord } from '../../store/state';
import type { SyncRun } from '../../store/state';

/** What a sync runs: both directions, or one of the contract's SyncDirection. */
export type SyncDirection = SyncRun['direction'];
