import type { SyncDirection, SyncErrorType } from '@generated/api/model';

/** Texts of the ACE Sync Errors card. */
export const ERRORS_TEXT = {
  title: 'ACE Sync Errors',
  errorsTab: 'Errors',
  logsTab: 'All Logs',
  causesTab: 'By cause',
  noErrors: 'No sync errors found',
  noLogs: 'No sync logs found',
  noLastSync: 'Last sync date not found',
  goToSf: 'Go to SF',
  categoryTooltip: 'This is the exact error message from ACE or your CRM for reference.',
  overwrittenTooltip:
    'The temporary value submitted on the next sync to resolve the error. It does not update the CRM record value.',
} as const;

export const COLUMN_TEXT = {
  salesforceId: 'Salesforce Id',
  source: 'Source',
  record: 'Lead/Opportunity',
  error: 'ERROR',
  aceField: 'ACE Field with dummy values',
  overwritten: 'Overwritten value',
  category: 'CATEGORY',
  date: 'Date',
} as const;

/** The Source column: which way the failed sync went. */
export const SOURCE_TEXT: Record<SyncDirection, string> = {
  salesforce_to_aws: 'Salesforce to AWS',
  aws_to_salesforce: 'AWS to Salesforce',
};

/** Beside each category, the usual fix in one line. */
export const CATEGORY_HINTS: Record<SyncErrorType, string> = {
  'Data Type Mismatch Error':
    'Usual fix: send a value of the type ACE expects (a number, a yyyy-mm-dd date, an e-mail).',
  'Picklist Standard Value Error': "Usual fix: pick one of ACE's standard values.",
  'Order of Operations Error':
    'Usual fix: wait until ACE allows the change (for example, once AWS has approved the opportunity), then sync again.',
  'Record Not Found Error':
    'Usual fix: check that the record still exists in Salesforce and in ACE, then sync again.',
  'General ACE Error': "Usual fix: read ACE's exact message and correct the field it names.",
};

/** 'Last sync at {date}' or 'Last sync date not found'. */
export function lastSyncText(formattedDate: string | null): string {
  return formattedDate ? `Last sync at ${formattedDate}` : ERRORS_TEXT.noLastSync;
}

/**
 * The 'Go to SF' link shows only for URLs containing '.com', and only for http(s) URLs: a
 * `javascript:` or `data:` value from the server never becomes a link.
 */
export function salesforceLink(entityUrl: string | null | undefined): string | undefined {
  if (!entityUrl || !entityUrl.includes('.com')) return undefined;
  try {
    const url = new URL(entityUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? entityUrl : undefined;
  } catch {
    return undefined;
  }
}
