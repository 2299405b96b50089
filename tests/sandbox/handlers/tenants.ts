/**
 * Tag `tenants`: the caller's own tenant (another tenant's id is 404), its connection health, the
 * Beta/Production switch, the Salesforce connection update and the create-in-Salesforce rules.
 */
import { operation, originOf, reply, sessionOf, type SandboxApp } from '../app';
import type { Schemas } from '../contract';
import {
  companyTarget,
  companyView,
  environmentView,
  recorded,
  rulesView,
} from '../domain/activity-changes';
import { connectionChanged, connectionChecked } from '../domain/alerts';
import { connectionStatus } from '../domain/connection-health';
import { switchEnvironment } from '../domain/environment';
import { fieldErrors, requireFields } from '../domain/failure';
import { transactWithMail } from '../domain/outbox';
import { ruleLabel, setCreateRule } from '../domain/rules';
import { checkSalesforceLogin, connectSalesforce } from '../domain/salesforce-connection';
import { callerOf, ownTenant, superAdmin, tenantById } from '../domain/tenant-access';
import type { TenantRow } from '../store/state';

/** What the API shows of a tenant (the contract's Tenant). */
function publicTenant(tenant: TenantRow): Schemas['Tenant'] {
  return {
    id: tenant.id,
    company_name: tenant.company_name,
    subdomain_prefix: tenant.subdomain_prefix,
    aws_partner_status: tenant.aws_partner_status,
    subscription: tenant.subscription ?? null,
    is_production_enabled: tenant.is_production_enabled,
    is_lead_create_allowed_in_sf: tenant.is_lead_create_allowed_in_sf,
    is_opportunity_create_allowed_in_sf: tenant.is_opportunity_create_allowed_in_sf,
  };
}

export function registerTenants(app: SandboxApp): void {
  operation(app, 'get', '/api/v1/tenants/check-connection/', (call) => {
    const { deps } = call;
    const { tenant } = callerOf(deps.store.state, sessionOf(call));
    const found = connectionStatus(tenant, deps.now());
    // A check whose verdict moved is remembered, and a new failure alerted (domain/alerts.ts);
    // the same verdict again (the dashboard checks every few seconds) writes nothing.
    if (connectionChanged(deps.store.state, tenant.id, found))
      transactWithMail(deps, (draft, now) => ({
        result: undefined,
        mails: connectionChecked(draft, tenant.id, found, now),
      }));
    return reply(200, found);
  });

  operation(app, 'get', '/api/v1/tenants/{id}/', (call) => {
    const tenant = ownTenant(call.deps.store.state, sessionOf(call), call.params.id);
    return reply(200, publicTenant(tenant));
  });

  operation(app, 'patch', '/api/v1/tenants/{id}/', (call) => {
    const { body, deps } = call;
    const session = sessionOf(call);
    const { id } = ownTenant(deps.store.state, session, call.params.id);
    superAdmin(deps.store.state, session, 'switch the environment');
    requireFields(body ?? {}, ['is_production_enabled']);
    if (typeof body.is_production_enabled !== 'boolean')
      throw fieldErrors({ is_production_enabled: ['Must be a valid boolean.'] });
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        { area: 'environment', action: 'environment.switched', target: companyTarget(draft, id) },
        () => environmentView(draft, id),
        () => switchEnvironment(draft, tenantById(draft.tenants, id), body.is_production_enabled),
      ),
    );
    return reply(200, publicTenant(tenantById(deps.store.state.tenants, id)));
  });

  operation(app, 'post', '/api/v1/tenants/update-sf/', (call) => {
    const { body, deps } = call;
    const { tenant } = superAdmin(
      deps.store.state,
      sessionOf(call),
      'change the Salesforce connection',
    );
    requireFields(body ?? {}, ['username', 'is_salesforce_managed_package']);
    const setup = checkSalesforceLogin(
      tenant,
      { ...body, account_type: tenant.salesforce?.account_type ?? 'salesforce_beta' },
      'error',
    );
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        { area: 'company', action: 'company.changed', target: companyTarget(draft, tenant.id) },
        () => companyView(draft, tenant.id),
        () => connectSalesforce(draft, tenantById(draft.tenants, tenant.id), setup, deps.now()),
      ),
    );
    return reply(200, { message: 'Salesforce connection updated successfully.' });
  });

  operation(app, 'post', '/api/v1/salesforce/update-create-on-sf-settings', (call) => {
    const { body, deps } = call;
    const { tenant } = superAdmin(deps.store.state, sessionOf(call), 'change the rules');
    requireFields(body ?? {}, ['type', 'value']);
    if (body.type !== 'lead' && body.type !== 'opportunity')
      throw fieldErrors({ type: [`"${String(body.type)}" is not a valid choice.`] });
    if (typeof body.value !== 'boolean') throw fieldErrors({ value: ['Must be a valid boolean.'] });
    deps.store.transact((draft) =>
      recorded(
        draft,
        originOf(call),
        {
          area: 'rule',
          action: 'rule.changed',
          target: { kind: 'rule', id: body.type, label: ruleLabel(body.type) },
        },
        () => rulesView(draft, tenant.id),
        () => setCreateRule(draft, tenant.id, body.type, body.value),
      ),
    );
    return reply(200, { message: 'Settings updated successfully.' });
  });
}
