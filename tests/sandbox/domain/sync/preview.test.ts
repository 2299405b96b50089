// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { buildSeed } from '../../seed/seed';
import type { State } from '../../store/state';
import { countFilterMatches, previewRecord, searchRecords } from './preview';
import { runSync } from './run';

const NOW = new Date('2026-11-24T12:00:00Z');

/** The state after the next Salesforce-to-ACE sync of a tenant, and what that sync reported. */
function afterSync(tenantId: number) {
  const state: State = structuredClone(buildSeed());
  const summary = runSync(state, tenantId, 'salesforce_to_aws', NOW);
  return { state, summary };
}

describe.each([
  ['Acme', 1],
  ['Globex', 2],
])('the preview of %s records is what the next sync does', (_name, tenantId) => {
  const seed = buildSeed();
  const records = seed.salesforce[String(tenantId)] ?? [];
  const { state: synced, summary } = afterSync(tenantId);

  it('has records to preview', () => {
    expect(records.length).toBeGreaterThan(100);
  });

  it('for every seeded record: its problems are the errors the sync records, its values what ACE receives', () => {
    for (const record of records) {
      const preview = previewRecord(seed, tenantId, record.Id);
      const errors = synced.syncErrors
        .filter(
          (row) =>
            row.tenantId === tenantId &&
            row.salesforce_id === record.Id &&
            row.sync_direction === 'salesforce_to_aws',
        )
        .map((row) => ({
          attribute: row.attributeId,
          error_type: row.error_type,
          error_description: row.error_description,
          error_type_description: row.error_type_description,
        }));
      const held = (synced.ace[String(tenantId)] ?? []).find(
        (row) => row.salesforceId === record.Id,
      );
      if (!preview.passes_filters) {
        expect(errors, record.Id).toEqual([]);
        continue;
      }
      expect(errors, record.Id).toEqual(
        preview.problems.map((problem) => ({
          attribute: problem.attribute?.id ?? null,
          error_type: problem.error_type,
          error_description: problem.error_description,
          error_type_description: problem.error_type_description,
        })),
      );
      if (preview.problems.length > 0) continue;
      expect(held?.syncedAt, record.Id).toBe('2026-11-24T12:00:00Z');
      for (const attribute of preview.attributes) {
        const sent = held?.values[attribute.attribute.name];
        expect(
          sent === undefined ? null : String(sent),
          `${record.Id} ${attribute.attribute.name}`,
        ).toBe(attribute.value);
      }
    }
  });

  it('counts what the sync processes', () => {
    const matching =
      countFilterMatches(seed, tenantId, 'Lead').matching +
      countFilterMatches(seed, tenantId, 'Opportunity').matching;
    expect(matching).toBe(records.length - summary.skippedByFilters);
  });
});

describe('record search', () => {
  const seed = buildSeed();

  it('finds records by name, id or identifying field, sorted by name, with their identifying fields', () => {
    const all = searchRecords(seed, 1, 'Opportunity', undefined);
    expect(all.map((record) => record.name)).toEqual(
      [...all.map((record) => record.name)].sort((a, b) => a.localeCompare(b)),
    );
    const globex = searchRecords(seed, 1, 'Opportunity', 'GLOBEX retail');
    expect(globex.map((record) => record.id)).toContain('0065g00000XyZ12AAB');
    expect(globex[0]?.fields).toHaveProperty('StageName');
    expect(searchRecords(seed, 1, 'Opportunity', '0065g00000XyZ12AAB')).toHaveLength(1);
    expect(searchRecords(seed, 1, 'Lead', 'no such record anywhere')).toEqual([]);
  });

  it("keeps each tenant's org to itself", () => {
    expect(() => previewRecord(seed, 2, '0065g00000XyZ12AAB')).toThrow();
  });

  it('shows where a value came from and what ACE would say', () => {
    const preview = previewRecord(seed, 1, '0065g00000XyZ12AAB');
    const revenue = preview.attributes.find(
      (attribute) => attribute.attribute.name === 'expectedMonthlyAwsRevenue',
    );
    // The seeded override of error 1 replaces the non-numeric amount.
    expect(revenue?.source.kind).toBe('override');
    expect(revenue?.value).toBe('10000');
    expect(revenue?.source.salesforce_value).toBe('ten thousand');
    expect(revenue?.source.salesforce_fields.map((field) => field.name)).toEqual([
      'AWS_Expected_Monthly_Revenue__c',
    ]);
    const concatenated = preview.attributes.find(
      (attribute) => attribute.attribute.name === 'projectDescription',
    );
    expect(concatenated?.source.kind).toBe('concatenation');
  });
});
