/**
 * What ACE already holds when the sandbox starts, and the history of earlier syncs: Acme's runs of
 * the 30 days up to its last sync (they add up to its seeded stats), and one real run for Globex,
 * written by the seed (it runs the domain's own sync for Globex, so it sits above the domain and
 * the store).
 */
import type { Schemas } from '../contract';
import { recordName } from '../domain/sync/record-name';
import { queueRun, runAtOnce } from '../domain/sync/runs';
import { nextId, type AceRecord, type SalesforceRecord, type State } from '../store/state';

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

  if (state.salesforce['1']) seedAcmeRuns(state);

  if (state.salesforce['2'] && state.tenants.some((tenant) => tenant.id === 2)) {
    const at = new Date('2026-02-27T09:00:00Z');
    const run = queueRun(state, 2, { trigger: 'manual', direction: 'both' }, at);
    runAtOnce(state, run.id, at, new Date('2026-02-27T09:00:06Z'));
  }
}

/** A small deterministic PRNG (the history is the same at every seed). */
function counter(seed: number): (min: number, max: number) => number {
  let a = seed;
  return (min, max) => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return min + (a % (max - min + 1));
  };
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Acme's runs of the 30 days up to its last sync (2026-03-02T12:00:00Z, the stats' last sync
 * date): a scheduled run every morning, a few manual ones, a failed and an interrupted one and a
 * retry. Records synced (created + updated; none unchanged) add up to the stats' total_synced, the last run's to
 * last_synced, and the last run raised the seeded open errors (its failed counts are their records).
 */
function seedAcmeRuns(state: State): void {
  const stats = state.stats.find((row) => row.tenantId === 1);
  if (!stats?.last_synced_date) return;
  const last = Date.parse(stats.last_synced_date);
  const random = counter(28);
  type Plan = {
    at: number;
    trigger: Schemas['SyncRunTrigger'];
    state?: 'failed' | 'interrupted';
    lead: number;
    opportunity: number;
  };
  const plans: Plan[] = [];
  const firstDay = Date.UTC(2026, 1, 1, 6, 0, 0);
  for (let day = 0; day < 30; day++) {
    const at = firstDay + day * DAY_MS;
    plans.push({
      at,
      trigger: 'scheduled',
      state: day === 14 ? 'failed' : undefined,
      lead: random(4, 14),
      opportunity: random(18, 46),
    });
    if (day % 6 === 3)
      plans.push({
        at: at + 8 * 3600_000,
        trigger: 'manual',
        state: day === 21 ? 'interrupted' : undefined,
        lead: random(2, 9),
        opportunity: random(10, 30),
      });
    if (day === 24)
      plans.push({ at: at + 4 * 3600_000, trigger: 'retry', lead: 1, opportunity: 2 });
  }
  // The first run was the big one: it takes what the others leave of the totals.
  const lastPlan: Plan = {
    at: last - 60_000,
    trigger: 'manual',
    lead: stats.last_synced.lead,
    opportunity: stats.last_synced.opportunity,
  };
  const sum = (entity: 'lead' | 'opportunity') =>
    plans.slice(1).reduce((total, plan) => total + plan[entity], 0) + lastPlan[entity];
  const [first] = plans;
  if (!first) return;
  first.lead = Math.max(0, stats.total_synced.lead - sum('lead'));
  first.opportunity = Math.max(0, stats.total_synced.opportunity - sum('opportunity'));
  plans.push(lastPlan);

  const open = state.syncErrors.filter((row) => row.tenantId === 1);
  const failedOf = (entity: 'Lead' | 'Opportunity') =>
    new Set(open.filter((row) => row.entity === entity).map((row) => row.salesforce_id)).size;
  for (const plan of plans) {
    const isLast = plan === lastPlan;
    const failed = {
      lead: isLast ? failedOf('Lead') : random(0, 3),
      opportunity: isLast ? failedOf('Opportunity') : random(1, 6),
    };
    const counts = {
      lead: {
        created: Math.round(plan.lead * 0.2),
        updated: plan.lead - Math.round(plan.lead * 0.2),
        unchanged: 0,
        skipped: 3,
        failed: failed.lead,
      },
      opportunity: {
        created: Math.round(plan.opportunity * 0.15),
        updated: plan.opportunity - Math.round(plan.opportunity * 0.15),
        unchanged: 0,
        skipped: 0,
        failed: failed.opportunity,
      },
    };
    const processed = plan.lead + plan.opportunity + 3 + failed.lead + failed.opportunity;
    const total = plan.state ? processed + random(80, 200) : processed;
    // At the default pace (60 records a second), plus a moment to read.
    const seconds = Math.max(2, Math.round(processed / 60) + 1);
    const id = nextId(state, 'syncRuns');
    state.syncRuns.push({
      id,
      tenantId: 1,
      trigger: plan.trigger,
      direction: plan.trigger === 'retry' ? 'salesforce_to_aws' : 'both',
      state: plan.state ?? 'succeeded',
      phase: 'done',
      queued_at: iso(plan.at),
      started_at: iso(plan.at),
      finished_at: isLast ? stats.last_synced_date : iso(plan.at + seconds * 1000),
      processed,
      total,
      failure_reason:
        plan.state === 'failed'
          ? 'ACE refused the connection: the AWS role AceBridgeAccess could not be assumed (AccessDenied). Check the AWS connection in Settings.'
          : plan.state === 'interrupted'
            ? `The sync service restarted during the run; ${processed} of ${total} records were processed. Start a sync to process the rest.`
            : null,
      counts,
      records: null,
    });
    if (isLast) {
      for (const error of open) error.runId = id;
      for (const log of state.syncLogs)
        if (log.tenantId === 1 && log.created_at.startsWith('2026-03-02')) log.runId = id;
    }
  }
}
