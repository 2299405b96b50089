/**
 * What ACE already holds when the sandbox starts: the history of earlier syncs, written by the seed
 * (it runs the domain's own sync for Globex, so it sits above the domain and the store).
 */
import { recordName } from '../domain/sync/record-name';
import { runSync } from '../domain/sync/run';
import type { AceRecord, SalesforceRecord, State } from '../store/state';

/** Held by ACE, gone from Salesforce: an aws_to_salesforce sync reports Record Not Found. */
const ACME_DELETED_IN_SALESFORCE = {
  Id: '0065g00000XyZ78AAB',
  name: 'Wayne Enterprises - Backup Modernisation',
};
/** Held by ACE as Closed Lost while Salesforce moves it back: Order of Operations. */
const ACME_CLOSED_LOST_IN_ACE = '0065g00000XyZ56AAB';

function aceRecord(record: SalesforceRecord, stage: string | null, syncedAt: string): AceRecord {
  return {
    salesforceId: record.Id,
    entity: record.entity,
    values: { name: recordName(record) },
    aceStage: stage,
    deleted: false,
    syncedAt,
  };
}

/**
 * What ACE already holds before the first sync of the sandbox: Acme's earlier syncs (some
 * opportunities Launched, Stark Industries Closed Lost, one record deleted on the ACE side, Wayne
 * Enterprises gone from Salesforce) and, for Globex, the outcome of one real sync at a fixed past
 * date (its stats, errors, logs and launches). Acme keeps the contract's errors, logs, stats and
 * launches as seeded.
 */
export function seedSyncHistory(state: State): void {
  const acme = state.salesforce['1'] ?? [];
  const at = '2026-03-02T12:00:00Z';
  const opportunities = acme.filter((record) => record.entity === 'Opportunity');
  const held: AceRecord[] = [];
  // The first fifty opportunities went to ACE earlier; the Closed Won ones have since been Launched.
  for (const record of opportunities.slice(0, 50))
    held.push(aceRecord(record, record.fields.StageName === 'Closed Won' ? 'Launched' : null, at));
  // One that ACE deleted on its side (and that the seeded filters let through): Record Not Found.
  const deletedInAce = opportunities
    .slice(60)
    .find(
      (record) =>
        String(record.fields.CloseDate) > '2026-01-01' && record.fields.StageName !== 'Closed Won',
    );
  if (deletedInAce) held.push({ ...aceRecord(deletedInAce, null, at), deleted: true });
  const stark = acme.find((record) => record.Id === ACME_CLOSED_LOST_IN_ACE);
  if (stark) held.push(aceRecord(stark, 'Closed Lost', at));
  held.push({
    salesforceId: ACME_DELETED_IN_SALESFORCE.Id,
    entity: 'Opportunity',
    values: { name: ACME_DELETED_IN_SALESFORCE.name },
    aceStage: 'Launched',
    deleted: false,
    syncedAt: at,
  });
  if (state.salesforce['1']) state.ace['1'] = held;

  if (state.salesforce['2'] && state.tenants.some((tenant) => tenant.id === 2)) {
    runSync(state, 2, 'both', new Date('2026-02-27T09:00:00Z'));
  }
}
