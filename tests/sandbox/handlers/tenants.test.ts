// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { MappingRow, State } from '../store/state';
import { signIn } from '../test-client';
import { testSandbox } from '../test-sandbox';

const DANA = 'dana.whitfield@acme-cloud.com';

/** Whether a mapping reads a Salesforce custom field (`__c`). */
function custom(state: State, mapping: MappingRow): boolean {
  const refs = [mapping.salesforce_attribute, ...(mapping.concatenated_attributes ?? [])];
  return refs.some(
    (ref) => ref && state.attributes.find((row) => row.id === ref.id)?.name.endsWith('__c'),
  );
}

function tenantCounts(state: State, tenantId: number) {
  const mappings = state.mappings.filter((row) => row.tenant === tenantId);
  return {
    logs: state.syncLogs.filter((row) => row.tenantId === tenantId).length,
    errors: state.syncErrors.filter((row) => row.tenantId === tenantId).length,
    overrides: state.overrides.filter((row) => row.tenantId === tenantId).length,
    customMappings: mappings.filter((row) => custom(state, row)).length,
    otherMappings: mappings.filter((row) => !custom(state, row)).length,
  };
}

describe('the tenant', () => {
  it("shows the caller's own tenant", async () => {
    const { app } = testSandbox({ inMemory: true });
    const dana = await signIn(app, DANA);
    expect(await dana.get('/api/v1/tenants/1/')).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: 1,
        subdomain_prefix: 'acme',
        is_production_enabled: false,
      }),
    });
    expect((await dana.get('/api/v1/tenants/2/')).status).toBe(404);
    expect((await dana.get('/api/v1/tenants/check-connection/')).body).toEqual({
      salesforce_connection: 'ok',
      aws_connection: 'ok',
    });
  });

  it('switches environment, wiping logs, errors, overrides and custom mappings only', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const before = tenantCounts(store.state, 1);
    const globex = tenantCounts(store.state, 2);
    expect(before.logs + before.errors).toBeGreaterThan(0);
    expect(before.customMappings).toBeGreaterThan(0);

    const dana = await signIn(app, DANA);
    const switched = await dana.patch('/api/v1/tenants/1/', { is_production_enabled: true });
    expect(switched.body).toMatchObject({ id: 1, is_production_enabled: true });
    expect(tenantCounts(store.state, 1)).toEqual({
      logs: 0,
      errors: 0,
      overrides: 0,
      customMappings: 0,
      otherMappings: before.otherMappings,
    });
    expect(tenantCounts(store.state, 2)).toEqual(globex);

    const back = await dana.patch('/api/v1/tenants/1/', { is_production_enabled: false });
    expect(back.body).toMatchObject({ is_production_enabled: false });
    expect((await dana.get('/api/v1/tenants/1/')).body.is_production_enabled).toBe(false);
  });

  it('refuses the switch to a user and to a bad body, changing nothing', async () => {
    const { app, store } = testSandbox({ inMemory: true });
    const marcus = await signIn(app, 'marcus.oyelaran@acme-cloud.com');
    expect((await marcus.patch('/api/v1/tenants/1/', { is_production_enabled: true })).status).toBe(
      400,
    );
    const dana = await signIn(app, DANA);
    expect((await dana.patch('/api/v1/tenants/1/', { is_production_enabled: 'yes' })).status).toBe(
      400,
    );
    expect(store.state.tenants[0]?.is_production_enabled).toBe(false);
    expect(tenantCounts(store.state, 1).customMappings).toBeGreaterThan(0);
  });

  it('persists the Rules switches', async () => {
    const { app } = testSandbox({ inMemory: true });
    const dana = await signIn(app, DANA);
    const saved = await dana.post('/api/v1/salesforce/update-create-on-sf-settings', {
      type: 'opportunity',
      value: true,
    });
    expect(saved).toEqual({ status: 200, body: { message: 'Settings updated successfully.' } });
    await dana.post('/api/v1/salesforce/update-create-on-sf-settings', {
      type: 'lead',
      value: false,
    });
    expect((await dana.get('/api/v1/tenants/1/')).body).toMatchObject({
      is_lead_create_allowed_in_sf: false,
      is_opportunity_create_allowed_in_sf: true,
    });
    expect(
      (
        await dana.post('/api/v1/salesforce/update-create-on-sf-settings', {
          type: 'account',
          value: true,
        })
      ).status,
    ).toBe(400);
  });
});

describe('connection health', () => {
  it('fails a production Salesforce connection once the tenant is back on Beta', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app } = testSandbox({ inMemory: true, now: () => clock });
    const dana = await signIn(app, DANA);
    const later = () => (clock = new Date(clock.getTime() + 2500));
    await dana.patch('/api/v1/tenants/1/', { is_production_enabled: true });
    const production = await dana.post('/api/v1/tenants/connections/', {
      connection_type: 'work_with_us',
      accounts: [
        {
          username: 'integration@acme-cloud.com',
          consumer_key: null,
          account_type: 'salesforce_production',
          is_salesforce_managed_package: true,
        },
      ],
    });
    expect(production.status).toBe(200);
    later();
    expect((await dana.get('/api/v1/tenants/check-connection/')).body.salesforce_connection).toBe(
      'ok',
    );
    await dana.patch('/api/v1/tenants/1/', { is_production_enabled: false });
    later();
    expect((await dana.get('/api/v1/tenants/check-connection/')).body).toEqual({
      salesforce_connection: 'Failed',
      aws_connection: 'ok',
    });
  });
});

describe('updating the Salesforce connection', () => {
  it('checks the new credentials as step 3 does, then reconnects', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const { app, store } = testSandbox({ inMemory: true, now: () => clock });
    const dana = await signIn(app, DANA);
    const update = (body: object) =>
      dana.post('/api/v1/tenants/update-sf/', {
        consumer_key: null,
        is_salesforce_managed_package: true,
        ...body,
      });
    expect(await update({ username: 'intruder@elsewhere.example' })).toEqual({
      status: 400,
      body: { error: 'Could not connect to Salesforce with the given username.' },
    });
    expect(
      await update({
        username: 'sf-integration@acme-cloud.com',
        is_salesforce_managed_package: false,
        consumer_key: '3MVG-too-short',
      }),
    ).toEqual({
      status: 400,
      body: { consumer_key: ['invalid_client_id: client identifier invalid'] },
    });
    expect(store.state.tenants[0]?.salesforce?.username).toBe('integration@acme-cloud.com');

    const key = `3MVG${'9n_HvETGhr3AuTzR7xPq'.repeat(4)}x`;
    expect(
      await update({
        username: 'sf-integration@acme-cloud.com',
        is_salesforce_managed_package: false,
        consumer_key: key,
      }),
    ).toEqual({
      status: 200,
      body: { message: 'Salesforce connection updated successfully.' },
    });
    expect(store.state.tenants[0]?.salesforce).toMatchObject({
      username: 'sf-integration@acme-cloud.com',
      consumer_key: key,
    });
    expect((await dana.get('/api/v1/tenants/check-connection/')).body.salesforce_connection).toBe(
      'connecting',
    );
    clock = new Date(clock.getTime() + 2500);
    expect((await dana.get('/api/v1/tenants/check-connection/')).body.salesforce_connection).toBe(
      'ok',
    );
  });
});
