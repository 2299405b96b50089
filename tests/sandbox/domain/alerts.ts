/**
 * E-mail alerts: what each user chose in My Account (getAlertSettings, updateAlertSettings), and
 * the one place that decides who is mailed what.
 *
 * - A user with no saved choice has the defaults: every alert off, a threshold of 1, the digest
 *   off at 8 in UTC. Nobody is mailed anything they did not ask for.
 * - After a run (`alertsAfterRun`, called wherever a run ends: sync/runs.ts `completeRun`, and
 *   `runStopped` and `interruptRuns` for a run that did not finish), each alert saying the run's
 *   state in the contract's words (SyncRunState's x-labels: 'Completed, 18 failed'):
 *   `sync_failures` for a run that reads failed, whatever the threshold: one that did not finish
 *   (it stopped on a fault, or a restart interrupted it) or one in which no record synced (the
 *   threshold counts the failures of a run that otherwise synced; a run that failed as a whole is
 *   told, or nobody would be); for a run completed with failures, when its failed records reach
 *   the user's threshold; never for a run that succeeded. `new_cause` when a
 *   cause of errors is open after the run that was not open before it; `new_launches` when the
 *   run brought opportunities to Launched.
 * - `connection_failed` (`connectionChecked`): when the connection check finds a side Failed that
 *   it did not find Failed last time, so a failure is alerted once, not on every check (the
 *   dashboard checks every few seconds) while it lasts; a side that recovers and fails again is
 *   alerted again.
 * - Only the users of the tenant the event happened in are considered: alerts never cross tenants.
 * - The same events, detected here once, go to the company's webhooks (domain/webhooks.ts
 *   `enqueueEvent`): `sync_failures` at a threshold of 1, the others as for the mails.
 * - With the digest on, an alert is kept (`pendingAlerts`) instead of mailed; `sendDigests` mails
 *   each user's kept alerts in one mail once their local hour has come, once per local day.
 *   Turning the digest off mails what was kept at once, so nothing is lost.
 */
import type { Draft } from 'immer';

import { runFailed, runStateLabel } from '../../../generated/rules/index';
import type { Schemas } from '../contract';
import type { ConnectionState, State, UserRow } from '../store/state';
import { fieldErrors } from './failure';
import { writeAlert, type Mail } from './outbox';
import { enqueueEvent } from './webhooks';

type AlertSettings = Schemas['AlertSettings'];
type AlertKind = 'sync_failures' | 'new_cause' | 'connection_failed' | 'new_launches';

/** The largest threshold (the contract's bound): more failed records than any org holds. */
const MAX_THRESHOLD = 1_000_000;
/** Where every alert leads: the dashboard shows the run, its errors, causes and launches. */
const DASHBOARD = '/dashboard';

/** What a user who never chose has: nothing sent. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  sync_failures: { enabled: false, threshold: 1 },
  new_cause: { enabled: false },
  connection_failed: { enabled: false },
  new_launches: { enabled: false },
  digest: { enabled: false, hour: 8, time_zone: 'UTC' },
};

/** A plain copy of settings (a draft's included: structuredClone cannot copy an immer draft). */
function copyOf(settings: AlertSettings): AlertSettings {
  return {
    sync_failures: { ...settings.sync_failures },
    new_cause: { ...settings.new_cause },
    connection_failed: { ...settings.connection_failed },
    new_launches: { ...settings.new_launches },
    digest: { ...settings.digest },
  };
}

/** The user's alert settings (a copy), or the defaults. */
export function alertSettingsOf(state: State, userId: number): AlertSettings {
  const row = state.alertSettings.find((item) => item.userId === userId);
  return copyOf(row ? row.settings : DEFAULT_ALERT_SETTINGS);
}

/**
 * An IANA time zone: one the runtime lists (`Intl.supportedValuesOf`), `UTC` (which the list
 * leaves out), or another name of a listed zone (a link such as Asia/Kolkata, which a browser may
 * report while the list names Asia/Calcutta). Zone names match in any letter case, as ECMA-402
 * matches them.
 */
function isTimeZone(name: string): boolean {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (zones.has(name)) return true;
  try {
    return zones.has(
      new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone,
    );
  } catch {
    return false;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings of an updateAlertSettings body, or a 400 naming each refused field by its dotted
 * path: every part is required, `threshold` 1 to 1,000,000, `hour` 0 to 23, `time_zone` a zone.
 */
export function checkedAlertSettings(body: unknown): AlertSettings {
  const errors: Record<string, string[]> = {};
  const input = isObject(body) ? body : {};
  const group = (name: keyof AlertSettings): Record<string, unknown> => {
    const value = input[name];
    if (!isObject(value)) errors[name] = ['This field is required.'];
    return isObject(value) ? value : {};
  };
  const flag = (part: Record<string, unknown>, path: string): boolean => {
    if (typeof part.enabled !== 'boolean' && !errors[path])
      errors[`${path}.enabled`] = ['Must be a valid boolean.'];
    return part.enabled === true;
  };
  const whole = (value: unknown, path: string, min: number, max: number): number => {
    if (errors[path.split('.')[0]!]) return min;
    if (typeof value !== 'number' || !Number.isInteger(value))
      errors[path] = ['A valid integer is required.'];
    else if (value < min) errors[path] = [`Ensure this value is greater than or equal to ${min}.`];
    else if (value > max) errors[path] = [`Ensure this value is less than or equal to ${max}.`];
    return typeof value === 'number' ? value : min;
  };
  const failures = group('sync_failures');
  const digest = group('digest');
  const zone = typeof digest.time_zone === 'string' ? digest.time_zone.trim() : '';
  if (errors.digest) {
    // The digest as a whole is missing: that one error says it.
  } else if (zone === '') errors['digest.time_zone'] = ['This field is required.'];
  else if (!isTimeZone(zone)) errors['digest.time_zone'] = [`"${zone}" is not a known time zone.`];
  const settings: AlertSettings = {
    sync_failures: {
      enabled: flag(failures, 'sync_failures'),
      threshold: whole(failures.threshold, 'sync_failures.threshold', 1, MAX_THRESHOLD),
    },
    new_cause: { enabled: flag(group('new_cause'), 'new_cause') },
    connection_failed: { enabled: flag(group('connection_failed'), 'connection_failed') },
    new_launches: { enabled: flag(group('new_launches'), 'new_launches') },
    digest: {
      enabled: flag(digest, 'digest'),
      hour: whole(digest.hour, 'digest.hour', 0, 23),
      time_zone: zone,
    },
  };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return settings;
}

/**
 * Stores the user's settings. Turning the digest off mails what it kept at once, in one digest:
 * those alerts were asked for, and would otherwise never go.
 */
export function saveAlertSettings(
  draft: Draft<State>,
  user: Pick<UserRow, 'id' | 'email'>,
  settings: AlertSettings,
  now: Date,
): Mail[] {
  const row = draft.alertSettings.find((item) => item.userId === user.id);
  if (row) row.settings = settings;
  else draft.alertSettings.push({ userId: user.id, settings, lastDigestDay: null });
  if (settings.digest.enabled) return [];
  const mail = digestMail(draft, user, now);
  return mail ? [mail] : [];
}

/** One alert, before it is mailed or kept for the digest. */
interface Alert {
  subject: string;
  body: string;
}

/** An alert of a run, with its facts as fields (a webhook's `data`). */
interface RunAlert extends Alert {
  data: Record<string, unknown>;
}

/** Mails the alert to the user, or keeps it for their digest. */
function deliver(
  draft: Draft<State>,
  user: Pick<UserRow, 'id' | 'email'>,
  settings: AlertSettings,
  alert: Alert,
  now: Date,
): Mail | null {
  if (settings.digest.enabled) {
    draft.pendingAlerts.push({ userId: user.id, at: now.toISOString(), ...alert });
    return null;
  }
  return writeAlert(draft, { to: user.email, link: DASHBOARD, ...alert }, now);
}

/**
 * The users of the tenant who want `kind`, with their settings. Only this tenant's active users:
 * an alert never reaches another company.
 */
function subscribers(
  state: State,
  tenantId: number,
  kind: AlertKind,
): { user: UserRow; settings: AlertSettings }[] {
  const found: { user: UserRow; settings: AlertSettings }[] = [];
  for (const row of state.alertSettings) {
    if (!row.settings[kind].enabled) continue;
    const user = state.users.find((item) => item.id === row.userId);
    if (user && user.tenantId === tenantId && user.is_active)
      found.push({ user, settings: row.settings });
  }
  return found;
}

/**
 * True when some user or active webhook of the tenant wants `kind` (spares the work of a fact
 * nobody reads).
 */
export function anyoneWants(state: State, tenantId: number, kind: AlertKind): boolean {
  return (
    subscribers(state, tenantId, kind).length > 0 ||
    state.webhooks.some(
      (hook) =>
        hook.tenantId === tenantId && hook.status === 'active' && hook.events.includes(kind),
    )
  );
}

const COUNT = new Intl.NumberFormat('en-US');
const records = (count: number) => `${COUNT.format(count)} ${count === 1 ? 'record' : 'records'}`;

/**
 * What a finished run did, in the words of the dashboard's toast (the app's sync-progress.ts
 * `syncOutcome`; alerts.test.ts checks that both say the same): 'Synced 250 of 379 records: 199
 * created, 51 updated. 18 failed, 111 held back by the filters.' Synced records are the created
 * and updated ones (what Last Synced counts); unchanged ones are called unchanged, so a run that
 * changed nothing reads 'None of 243 records synced: 243 unchanged.'
 */
export function runOutcomeText(run: Pick<Schemas['SyncRun'], 'counts' | 'trigger'>): string {
  const parts = ['created', 'updated', 'unchanged', 'skipped', 'failed'] as const;
  const totals = Object.fromEntries(
    parts.map((part) => [part, run.counts.lead[part] + run.counts.opportunity[part]]),
  ) as Record<(typeof parts)[number], number>;
  const all = parts.reduce((sum, part) => sum + totals[part], 0);
  const synced = totals.created + totals.updated;
  const retry = run.trigger === 'retry';
  const kept = [
    totals.unchanged > 0 ? `${COUNT.format(totals.unchanged)} unchanged` : '',
    totals.failed > 0 ? `${COUNT.format(totals.failed)} failed` : '',
    totals.skipped > 0 ? `${COUNT.format(totals.skipped)} held back by the filters` : '',
  ].filter(Boolean);
  if (all === 0) return retry ? 'Retry: no records to sync.' : 'No records to sync.';
  if (synced === 0)
    return `${retry ? 'Retry: none' : 'None'} of ${records(all)} synced: ${kept.join(', ')}.`;
  const done = (['created', 'updated'] as const)
    .filter((part) => totals[part] > 0)
    .map((part) => `${COUNT.format(totals[part])} ${part}`)
    .join(', ');
  const whole = synced === all ? records(all) : `${COUNT.format(synced)} of ${records(all)}`;
  const rest = kept.length > 0 ? ` ${kept.join(', ')}.` : '';
  return `${retry ? 'Retry: synced' : 'Synced'} ${whole}: ${done}.${rest}`;
}

/** What alertsAfterRun needs to know of a finished run. */
export interface RunFacts {
  run: Pick<
    Schemas['SyncRun'],
    'id' | 'counts' | 'trigger' | 'finished_at' | 'state' | 'failure_reason' | 'processed' | 'total'
  >;
  tenantId: number;
  /** The causes open after the run that were not open before it (asked only when someone wants them). */
  newCauses: () => Pick<Schemas['SyncErrorCause'], 'message' | 'entity' | 'count'>[];
  /** The names of the opportunities the run brought to Launched. */
  launched: readonly string[];
}

/**
 * A run that did not finish: a restart interrupted it, or it stopped on a fault before it went
 * over all its records. (A run that failed because none of its records synced went over them all.)
 */
const stopped = (run: RunFacts['run']) =>
  run.state === 'interrupted' ||
  (run.state === 'failed' && !(run.total > 0 && run.processed === run.total));

/**
 * The alert of an ended run, for one kind (null when the run gives none of that kind);
 * `threshold` is the fewest failed records that make a `sync_failures` alert of a run completed
 * with failures (a run that reads failed makes one whatever it is, one that succeeded none).
 */
function runAlert(kind: AlertKind, facts: RunFacts, threshold: number): RunAlert | null {
  const { run } = facts;
  const name = `sync run #${run.id}`;
  const label = runStateLabel(run);
  const outcome = `${label}.\n${runOutcomeText(run)} Finished at ${run.finished_at ?? 'an unknown time'}.`;
  const link = `Open the dashboard: ${DASHBOARD}`;
  if (kind === 'sync_failures') {
    const failed = runFailed(run);
    const data = {
      run: { id: run.id, state: run.state, label, failure_reason: run.failure_reason, failed },
    };
    if (stopped(run))
      return {
        subject: `AceBridge: ${name} did not finish`,
        body: `${label}.\n${run.failure_reason ?? 'The run ended before all its records were synced.'} Ended at ${run.finished_at ?? 'an unknown time'}.\n${link}`,
        data,
      };
    if (run.state === 'failed')
      return {
        subject: `AceBridge: ${name} failed: none of its ${records(run.total)} synced`,
        body: `${outcome}\n${link}`,
        data,
      };
    if (run.state !== 'completed_with_failures' || failed < threshold) return null;
    return {
      subject: `AceBridge: ${records(failed)} failed in ${name}`,
      body: `${outcome}\n${link}`,
      data,
    };
  }
  if (kind === 'new_cause') {
    const causes = facts.newCauses();
    if (causes.length === 0) return null;
    const lines = causes.map(
      (cause) => `- ${cause.entity}: ${cause.message} (${records(cause.count)})`,
    );
    return {
      subject: `AceBridge: ${causes.length === 1 ? 'a new cause' : `${causes.length} new causes`} of sync errors after ${name}`,
      body: `${outcome}\nNew causes of errors:\n${lines.join('\n')}\n${link}`,
      data: { run_id: run.id, causes },
    };
  }
  if (kind === 'new_launches') {
    if (facts.launched.length === 0) return null;
    const count = facts.launched.length;
    return {
      subject: `AceBridge: ${COUNT.format(count)} ${count === 1 ? 'opportunity' : 'opportunities'} launched in ${name}`,
      body: `${outcome}\nLaunched:\n${facts.launched.map((launch) => `- ${launch}`).join('\n')}\n${link}`,
      data: { run_id: run.id, launched: [...facts.launched] },
    };
  }
  return null;
}

const RUN_KINDS: readonly AlertKind[] = ['sync_failures', 'new_cause', 'new_launches'];

/** A webhook's plain `text`: the alert's subject and body, as one message. */
const hookText = (alert: Alert) => `${alert.subject}\n${alert.body}`;

/**
 * Mails (or keeps for the digest) the alerts of an ended run to the tenant's users who asked, and
 * queues the same events for the tenant's webhooks (a failed record is enough for a webhook).
 */
export function alertsAfterRun(draft: Draft<State>, facts: RunFacts, now: Date): Mail[] {
  const mails: Mail[] = [];
  for (const kind of RUN_KINDS) {
    for (const { user, settings } of subscribers(draft as State, facts.tenantId, kind)) {
      const alert = runAlert(kind, facts, settings.sync_failures.threshold);
      const mail = alert && deliver(draft, user, settings, alert, now);
      if (mail) mails.push(mail);
    }
    const event = runAlert(kind, facts, 1);
    if (event)
      enqueueEvent(
        draft,
        facts.tenantId,
        { type: kind, text: hookText(event), data: event.data },
        now,
      );
  }
  return mails;
}

type CheckedStates = { salesforce_connection: ConnectionState; aws_connection: ConnectionState };

/** The sides that read Failed now and did not last time ('connecting' is no verdict: ignored). */
function newlyFailed(state: State, tenantId: number, found: CheckedStates): string[] {
  const last = state.connectionAlerts.find((row) => row.tenantId === tenantId);
  const sides: string[] = [];
  if (found.salesforce_connection === 'Failed' && last?.salesforce !== 'Failed')
    sides.push('Salesforce');
  if (found.aws_connection === 'Failed' && last?.aws !== 'Failed') sides.push('AWS');
  return sides;
}

/** True when the check's verdict differs from the one remembered (the check must be recorded). */
export function connectionChanged(state: State, tenantId: number, found: CheckedStates): boolean {
  const last = state.connectionAlerts.find((row) => row.tenantId === tenantId);
  const moved = (now: ConnectionState, before: ConnectionState | undefined) =>
    now !== 'connecting' && now !== (before ?? 'ok');
  return (
    moved(found.salesforce_connection, last?.salesforce) || moved(found.aws_connection, last?.aws)
  );
}

/**
 * Remembers what the connection check found and alerts the tenant's users who asked when a side
 * newly reads Failed.
 */
export function connectionChecked(
  draft: Draft<State>,
  tenantId: number,
  found: CheckedStates,
  now: Date,
): Mail[] {
  const failed = newlyFailed(draft as State, tenantId, found);
  let row = draft.connectionAlerts.find((item) => item.tenantId === tenantId);
  if (!row) {
    row = { tenantId, salesforce: 'ok', aws: 'ok' };
    draft.connectionAlerts.push(row);
  }
  if (found.salesforce_connection !== 'connecting') row.salesforce = found.salesforce_connection;
  if (found.aws_connection !== 'connecting') row.aws = found.aws_connection;
  if (failed.length === 0) return [];
  const which = failed.join(' and ');
  const alert: Alert = {
    subject: `AceBridge: the ${which} connection failed`,
    body:
      `The connection check found the ${which} connection Failed at ${now.toISOString()}. ` +
      `Syncs cannot reach it until it is fixed in Company Settings.\nOpen the dashboard: ${DASHBOARD}`,
  };
  const mails: Mail[] = [];
  for (const { user, settings } of subscribers(draft as State, tenantId, 'connection_failed')) {
    const mail = deliver(draft, user, settings, alert, now);
    if (mail) mails.push(mail);
  }
  enqueueEvent(
    draft,
    tenantId,
    { type: 'connection_failed', text: hookText(alert), data: { sides: failed } },
    now,
  );
  return mails;
}

/** The local day (YYYY-MM-DD) and hour (0-23) of `now` in `zone`. */
function localTime(zone: string, now: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Writes the user's kept alerts as one digest and forgets them; null when none is kept. */
function digestMail(
  draft: Draft<State>,
  user: Pick<UserRow, 'id' | 'email'>,
  now: Date,
): Mail | null {
  const kept = draft.pendingAlerts.filter((item) => item.userId === user.id);
  if (kept.length === 0) return null;
  draft.pendingAlerts = draft.pendingAlerts.filter((item) => item.userId !== user.id);
  const body = kept.map((item) => `${item.subject}\n${item.body}`).join('\n\n');
  return writeAlert(
    draft,
    {
      to: user.email,
      subject: `AceBridge daily digest: ${kept.length} ${kept.length === 1 ? 'alert' : 'alerts'}`,
      body,
      link: DASHBOARD,
    },
    now,
  );
}

/**
 * The users whose digest is due at `now`: digest on, alerts kept, their local hour is the chosen
 * one and no digest went out on this local day yet. A digest is sent within its hour only; one
 * missed while the sandbox was stopped waits for the next day's hour.
 */
function dueDigests(state: State, now: Date): { userId: number; day: string }[] {
  const waiting = new Set(state.pendingAlerts.map((item) => item.userId));
  const due: { userId: number; day: string }[] = [];
  for (const row of state.alertSettings) {
    const { digest } = row.settings;
    if (!digest.enabled || !waiting.has(row.userId)) continue;
    const local = localTime(digest.time_zone, now);
    if (local.hour === digest.hour && row.lastDigestDay !== local.day)
      due.push({ userId: row.userId, day: local.day });
  }
  return due;
}

/** True when some digest is due (a timer asks this before it opens a transaction). */
export function digestsDue(state: State, now: Date): boolean {
  return dueDigests(state, now).length > 0;
}

/** Mails each digest that is due at `now`, once per user and local day. */
export function sendDigests(draft: Draft<State>, now: Date): Mail[] {
  const mails: Mail[] = [];
  for (const { userId, day } of dueDigests(draft as State, now)) {
    const user = draft.users.find((item) => item.id === userId);
    const row = draft.alertSettings.find((item) => item.userId === userId);
    if (!user || !row) continue;
    row.lastDigestDay = day;
    const mail = digestMail(draft, user, now);
    if (mail) mails.push(mail);
  }
  return mails;
}
