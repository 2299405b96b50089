/** How the sandbox names a Salesforce record (the error table, the log and the inbox show it). */
import type { SalesforceRecord } from '../../store/state';

/** The display name of a Salesforce record (what the error table and the inbox show). */
export function recordName(record: SalesforceRecord): string {
  const fields = record.fields;
  if (record.entity === 'Opportunity') return String(fields.Name ?? record.Id);
  const company = fields.Company;
  if (typeof company === 'string' && company) return company;
  return [fields.FirstName, fields.LastName].filter(Boolean).join(' ') || record.Id;
}
