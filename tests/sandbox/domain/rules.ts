/** The create-in-Salesforce rules of a tenant: may the sync create leads, opportunities there. */
import type { State } from '../store/state';
import { tenantById } from './tenant-access';

export type RuleType = 'lead' | 'opportunity';

/** The rule's name in the activity log. */
export function ruleLabel(type: RuleType): string {
  return `Create ${type === 'lead' ? 'leads' : 'opportunities'} in Salesforce`;
}

export function setCreateRule(
  draft: State,
  tenantId: number,
  type: RuleType,
  value: boolean,
): void {
  const row = tenantById(draft.tenants, tenantId);
  if (type === 'lead') row.is_lead_create_allowed_in_sf = value;
  else row.is_opportunity_create_allowed_in_sf = value;
}
