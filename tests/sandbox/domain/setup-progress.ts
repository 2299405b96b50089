/**
 * Where a tenant is in the five-step set-up, read from its real state: step 3 until Salesforce is
 * connected, step 4 until the AWS policy is added, step 5 until at least one mandatory ACE
 * attribute (lead or opportunity) is mapped; then complete (null).
 */
import type { State } from '../store/state';
import { mappingCounts } from './attributes';

export const SETUP_COMPLETE_MESSAGE = 'All steps are completed';

export function setupStep(state: State, tenantId: number): 3 | 4 | 5 | null {
  const tenant = state.tenants.find((row) => row.id === tenantId);
  if (!tenant?.salesforce) return 3;
  if (!tenant.aws) return 4;
  const counts = mappingCounts(state, tenantId);
  const mapped = counts.mapped_aws_mandatory_lead + counts.mapped_aws_mandatory_opportunity;
  return mapped > 0 ? null : 5;
}
