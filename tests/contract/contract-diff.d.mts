export type ChangeType = 'breaking' | 'deprecated' | 'non-breaking' | 'annotation' | 'unclassified';

export interface ContractChange {
  type: ChangeType;
  text: string;
}

export interface OperationDiff {
  method: string;
  path: string;
  id: string | undefined;
  status: 'added' | 'removed' | 'changed';
  /** Breaking first. */
  changes: ContractChange[];
}

export interface ContractDiffReport {
  added: OperationDiff[];
  removed: OperationDiff[];
  /** Operations with a breaking change first. */
  changed: OperationDiff[];
  /** Changes outside operations (info, tags, security schemes, ...). */
  other: ContractChange[];
  breakingCount: number;
}

export function diffContracts(before: unknown, after: unknown): ContractDiffReport;
export function formatReport(report: ContractDiffReport, title?: string): string;
