// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';

import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

const RECORDS = '/api/v1/salesforce/records/';
const COUNT = '/api/v1/salesforce/data-mappings/sync-settings/count/';
const preview = (id: string) => `/api/v1/salesforce/records/${id}/preview/`;
let acme: ApiClient;
let globex: ApiClient;

beforeEach(async () => {
  const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
  acme = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  globex = await signIn(sandbox.app, 'ops@globex.example');
});

describe('seeing before syncing', () => {
  it('searches records of one type, paged, and refuses a missing type', async () => {
    const page = await acme.get(`${RECORDS}?type=Opportunity&search=a&page-size=1`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThan(1);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.next).toContain('page=2');
    expect((await acme.get(RECORDS)).body).toEqual({ type: ['This field is required.'] });
  });

  it("previews a record of the tenant's org with its problems, and 404 for another tenant's", async () => {
    const initech = await acme.get(preview('0065g00000XyZ34AAB'));
    expect(initech.status).toBe(200);
    expect(initech.body.problems).toEqual([
      expect.objectContaining({
        attribute: expect.objectContaining({ name: 'stage' }),
        error_type: 'Picklist Standard Value Error',
      }),
    ]);
    expect((await globex.get(preview('0065g00000XyZ34AAB'))).status).toBe(404);
  });

  it('a mapping change shows in the next preview: the stage problem goes once the value is mapped', async () => {
    const before = await acme.get(preview('0065g00000XyZ34AAB'));
    const stage = before.body.attributes.find(
      (attribute: { attribute: { name: string } }) => attribute.attribute.name === 'stage',
    );
    const updated = await acme.patch('/api/v1/salesforce/data-mappings/10/', {
      salesforce_picklist_value: `Needs Analysis,${stage.source.salesforce_value}`,
    });
    expect(updated.status).toBe(200);
    const after = await acme.get(preview('0065g00000XyZ34AAB'));
    expect(after.body.problems).toEqual([]);
    expect(
      after.body.attributes.find(
        (attribute: { attribute: { name: string } }) => attribute.attribute.name === 'stage',
      ).value,
    ).toBe('Qualified');
  });

  it('counts what the filters let through, and a new filter makes it fall', async () => {
    const before = await acme.get(`${COUNT}?entity_type=Lead`);
    expect(before.body.total).toBeGreaterThan(0);
    expect(before.body.matching).toBeLessThanOrEqual(before.body.total);
    const added = await acme.post('/api/v1/salesforce/data-mappings/sync-settings/', {
      attribute_id: 1,
      comparison_type: 'equal_to',
      field_value: 'Qualified',
      entity_type: 'Lead',
      sync_type: 'or',
      block: 1,
    });
    expect(added.status).toBe(201);
    const after = await acme.get(`${COUNT}?entity_type=Lead`);
    expect(after.body.total).toBe(before.body.total);
    expect(after.body.matching).toBeLessThan(before.body.matching);
  });
});
