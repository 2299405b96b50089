/** Types the sync engine shares. */
export type { Schemas } from '../../contract';
export type { AceRecord } from '../../store/state';

export type SyncDirection = 'both' | 'salesforce_to_aws' | 'aws_to_salesforce';
