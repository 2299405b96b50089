/**
 * What the connection check finds, computed from what the tenant configured.
 *
 * - For two seconds after a connection is (re)configured (`connected_at`) both read 'connecting',
 *   as the real backend's first check is still running; a connection not configured yet reads
 *   'connecting' too (not checked).
 * - Salesforce 'Failed': the connection is to a production org (`salesforce_production`) while the
 *   tenant is on Beta (switched back after connecting production): Beta cannot use that org.
 * - AWS 'Failed': the role can be assumed but ACE cannot be read: the uploaded policy allows no
 *   `partnercentral:` action, or (bucket details instead of a policy) the KMS key's ARN names
 *   another account or region than the ones given.
 */
import type { AwsSetup, ConnectionState, TenantRow } from '../store/state';

const CONNECTING_MS = 2000;

export function salesforceVerdict(
  tenant: Pick<TenantRow, 'salesforce' | 'is_production_enabled'>,
): ConnectionState {
  if (!tenant.salesforce) return 'connecting';
  return tenant.salesforce.account_type === 'salesforce_production' && !tenant.is_production_enabled
    ? 'Failed'
    : 'ok';
}

function allowsPartnerCentral(policy: unknown): boolean {
  const statements = (policy as { Statement?: unknown }).Statement;
  const list = Array.isArray(statements) ? statements : [statements];
  return list.some((statement) => {
    if (typeof statement !== 'object' || statement === null) return false;
    const { Effect, Action } = statement as { Effect?: unknown; Action?: unknown };
    const actions = Array.isArray(Action) ? Action : [Action];
    return (
      Effect === 'Allow' &&
      actions.some(
        (action) => typeof action === 'string' && /^(\*|partnercentral:.*)$/i.test(action),
      )
    );
  });
}

export function awsVerdict(aws: AwsSetup | null): ConnectionState {
  if (!aws) return 'connecting';
  if (aws.policy !== null) return allowsPartnerCentral(aws.policy) ? 'ok' : 'Failed';
  const kms = /^arn:aws[a-z-]*:kms:([a-z0-9-]+):(\d{12}):key\/.+$/.exec(aws.kms_arn ?? '');
  return kms && kms[1] === aws.region && kms[2] === aws.account_id ? 'ok' : 'Failed';
}

/** The states the check reports now. */
export function connectionStatus(
  tenant: TenantRow,
  now: Date,
): { salesforce_connection: ConnectionState; aws_connection: ConnectionState } {
  const since = tenant.connected_at ? now.getTime() - Date.parse(tenant.connected_at) : Infinity;
  if (since < CONNECTING_MS)
    return { salesforce_connection: 'connecting', aws_connection: 'connecting' };
  return {
    salesforce_connection: tenant.salesforce ? tenant.salesforce_connection : 'connecting',
    aws_connection: tenant.aws ? tenant.aws_connection : 'connecting',
  };
}
