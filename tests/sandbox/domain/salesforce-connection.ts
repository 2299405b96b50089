/**
 * Connecting a tenant to its simulated Salesforce org (wizard step 3 and the "Update your
 * Salesforce Account" modal), with the refusals Salesforce's OAuth would give:
 *
 * - A custom consumer key must look like a connected-app key: `3MVG` then letters, digits, `.` or
 *   `_` (real keys are 85 characters; 60 to 100 are accepted, so the contract's shortened example
 *   still connects). Otherwise `invalid_client_id`.
 * - The org knows the usernames at the company e-mail's domain (`*@acme-cloud.com` for Acme), and
 *   on a Beta (sandbox) connection also its sandbox usernames (`*@acme-cloud.com.uat`). Any other
 *   username "hasn't approved this consumer".
 * - A sandbox username cannot sign in to a production org; a production org needs a tenant that is
 *   production enabled.
 *
 * The first connection also reads the org's field catalogue (the contract's Salesforce fields)
 * and its records, so the mapper and the sync have something to work with.
 */
import type { Draft } from 'immer';

import { SalesforceAccountAccountType } from '../../../generated/api/model/salesforceAccountAccountType';
import { contractExample, type Schemas } from '../contract';
import { nextId, type SalesforceSetup, type State, type TenantRow } from '../store/state';
import { salesforceVerdict } from './connection-health';
import { refused, EMAIL_PATTERN, fieldErrors } from './failure';
import { generateSalesforceOrg } from './salesforce-org';

const ACCOUNT_TYPES: readonly unknown[] = Object.values(SalesforceAccountAccountType);

export interface SalesforceLogin {
  username: string;
  consumer_key?: string | null;
  is_salesforce_managed_package: boolean;
  account_type: SalesforceSetup['account_type'];
}

const CONSUMER_KEY = /^3MVG[A-Za-z0-9._]{56,96}$/;

function companyDomain(tenant: TenantRow): string {
  return tenant.company_email.split('@')[1]?.toLowerCase() ?? '';
}

/** Which of the org's users this is: a user of the org, a sandbox user, or unknown (null). */
function orgUser(tenant: TenantRow, username: string): 'org' | 'sandbox' | null {
  const domain = username.split('@')[1]?.toLowerCase() ?? '';
  const home = companyDomain(tenant);
  if (!home) return null;
  if (domain === home) return 'org';
  const sandboxName = domain.startsWith(`${home}.`) ? domain.slice(home.length + 1) : '';
  return /^[a-z0-9]+$/.test(sandboxName) ? 'sandbox' : null;
}

/**
 * The setup to store, or Salesforce's refusal. `unknownUser` shapes the reply for an unknown
 * username: step 3 names the field (`email`), the update modal answers with `error`.
 */
export function checkSalesforceLogin(
  tenant: TenantRow,
  login: SalesforceLogin,
  unknownUser: 'field' | 'error',
): SalesforceSetup {
  const username = typeof login.username === 'string' ? login.username.trim().toLowerCase() : '';
  if (!username) throw fieldErrors({ username: ['This field is required.'] });
  if (!EMAIL_PATTERN.test(username))
    throw fieldErrors({ username: ['A Salesforce username has the form of an e-mail address.'] });
  if (typeof login.is_salesforce_managed_package !== 'boolean')
    throw fieldErrors({ is_salesforce_managed_package: ['Must be a valid boolean.'] });
  if (!ACCOUNT_TYPES.includes(login.account_type))
    throw fieldErrors({ account_type: [`"${String(login.account_type)}" is not a valid choice.`] });
  if (login.account_type === 'salesforce_production' && !tenant.is_production_enabled)
    throw fieldErrors({
      account_type: ['Production is not enabled for this tenant: connect a Beta (sandbox) org.'],
    });

  const key = login.consumer_key?.trim() || null;
  if (!login.is_salesforce_managed_package && !key)
    throw fieldErrors({ consumer_key: ['A custom connected app needs its consumer key.'] });
  if (!login.is_salesforce_managed_package && key && !CONSUMER_KEY.test(key))
    throw fieldErrors({ consumer_key: ['invalid_client_id: client identifier invalid'] });

  const user = orgUser(tenant, username);
  if (!user && unknownUser === 'field')
    throw fieldErrors({ email: [`user hasn't approved this consumer: ${username}`] });
  if (!user) throw refused('Could not connect to Salesforce with the given username.');
  if (user === 'sandbox' && login.account_type === 'salesforce_production')
    throw refused(
      `Could not connect to Salesforce: the sandbox user ${username} cannot sign in to a production org.`,
    );
  return {
    username,
    consumer_key: login.is_salesforce_managed_package ? null : key,
    is_salesforce_managed_package: login.is_salesforce_managed_package,
    account_type: login.account_type,
  };
}

/** The org's field catalogue, read once at the first connection. */
function readFieldCatalogue(draft: Draft<State>, tenantId: number): void {
  if (draft.attributes.some((row) => row.is_salesforce && row.tenantId === tenantId)) return;
  const fields = contractExample<Schemas['PaginatedAttributeList']>('SalesforceAttributeListAll');
  for (const { mapping: _mapping, ...field } of fields.results)
    draft.attributes.push({
      ...field,
      id: nextId(draft as State, 'attributes'),
      tenantId,
      type: field.type ?? 'Lead',
      data_type: field.data_type ?? 'String',
      is_aws_ace: false,
      is_salesforce: true,
      is_mandatory: field.is_mandatory ?? false,
    });
}

/** Stores the connection; the check starts over ('connecting', then its verdict). */
export function connectSalesforce(
  draft: Draft<State>,
  tenant: Draft<TenantRow>,
  setup: SalesforceSetup,
  now: Date,
): void {
  tenant.salesforce = setup;
  tenant.salesforce_connection = salesforceVerdict(tenant);
  tenant.connected_at = now.toISOString();
  readFieldCatalogue(draft, tenant.id);
  draft.salesforce[String(tenant.id)] ??= generateSalesforceOrg(
    draft as State,
    tenant as TenantRow,
  );
}
