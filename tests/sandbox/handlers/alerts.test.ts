// @vitest-environment node
/**
 * E-mail alerts through the API: each user's settings (defaults, validation, the activity event),
 * and the mails a finished run, a failed connection check and the daily digest write to the
 * outbox, to the users who asked and to no one else.
 */
import { describe, expect, it } from 'vitest';

import { syncOutcome } from '@/features/dashboard/model/sync-progress';

import type { Schemas } from '../contract';
import { DEFAULT_ALERT_SETTINGS, runOutcomeText, sendDigests } from '../domain/alerts';
import { createSyncRunner } from '../domain/sync/runner';
import { queueRun, runStopped } from '../domain/sync/runs';
import { ACME, GLOBEX } from '../seed/seed';
import { signIn, type ApiClient } from '../test-client';
import { testSandbox } from '../test-sandbox';

type Settings = Schemas['AlertSettings'];
const ALERTS = '/api/v1/users/me/alerts/';
const DANA = 'dana.whitfield@acme-cloud.com';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';
const GLOBEX_OPS = 'ops@globex.example';

async function world() {
  const sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
  const [dana, marcus, globex] = await Promise.all([
    signIn(sandbox.app, DANA),
    signIn(sandbox.app, MARCUS),
    signIn(sandbox.app, GLOBEX_OPS),
  ]);
  const mailsTo = (address: string) =>
    sandbox.store.state.outbox.filter((mail) => mail.to === address);
  const sync = async (client: ApiClient, subdomain = 'acme') => {
    const started = await client.post('/api/v1/salesforce/data-mappings/sync-data/', {
      tenant_sub_domain: subdomain,
    });
    expect(started.status).toBe(200);
    await sandbox.syncs.idle();
    const runs = sandbox.store.state.syncRuns;
    return runs[runs.length - 1]!;
  };
  return { ...sandbox, dana, marcus, globex, mailsTo, sync };
}

/** The defaults with some parts changed. */
const settings = (change: Partial<Settings> = {}): Settings => ({
  ...structuredClone(DEFAULT_ALERT_SETTINGS),
  ...change,
});

const failedOf = (run: Schemas['SyncRun']) =>
  run.counts.lead.failed + run.counts.opportunity.failed;

describe('alert settings', () => {
  it('start as the defaults, save whole, and are recorded in the activity log', async () => {
    const { dana, marcus, store } = await world();
    expect((await marcus.get(ALERTS)).body).toEqual(DEFAULT_ALERT_SETTINGS);
    const chosen = settings({
      sync_failures: { enabled: true, threshold: 5 },
      digest: { enabled: true, hour: 9, time_zone: 'Europe/Paris' },
    });
    const saved = await marcus.put(ALERTS, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'E-mail alerts saved.', settings: chosen });
    expect((await marcus.get(ALERTS)).body).toEqual(chosen);
    // Each user has their own.
    expect((await dana.get(ALERTS)).body).toEqual(DEFAULT_ALERT_SETTINGS);
    const event = store.state.activity.at(-1);
    expect(event).toMatchObject({
      area: 'user',
      action: 'user.alerts_changed',
      actor: { email: MARCUS },
      before: DEFAULT_ALERT_SETTINGS,
      after: chosen,
    });
  });

  it.each([
    [
      'a threshold of 0',
      { sync_failures: { enabled: true, threshold: 0 } },
      'sync_failures.threshold',
    ],
    [
      'a threshold of 2.5',
      { sync_failures: { enabled: true, threshold: 2.5 } },
      'sync_failures.threshold',
    ],
    ['an hour of 24', { digest: { enabled: true, hour: 24, time_zone: 'UTC' } }, 'digest.hour'],
    ['an hour of -1', { digest: { enabled: true, hour: -1, time_zone: 'UTC' } }, 'digest.hour'],
    [
      'an unknown zone',
      { digest: { enabled: true, hour: 8, time_zone: 'Mars/Olympus' } },
      'digest.time_zone',
    ],
    ['a blank zone', { digest: { enabled: true, hour: 8, time_zone: ' ' } }, 'digest.time_zone'],
  ])('refuses %s with a field error and keeps what was saved', async (_why, change, field) => {
    const { marcus, store } = await world();
    const before = store.state;
    const refused = await marcus.put(ALERTS, { ...settings(), ...change });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body as object)).toContain(field);
    expect(store.state).toBe(before);
  });

  it('refuses a missing part', async () => {
    const { marcus } = await world();
    const { new_cause: _gone, ...rest } = settings();
    const refused = await marcus.put(ALERTS, rest);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ new_cause: ['This field is required.'] });
  });

  it('takes the zone a browser may report by another name, and UTC', async () => {
    const { marcus } = await world();
    for (const zone of ['Asia/Kolkata', 'UTC', 'America/New_York'])
      expect(
        (
          await marcus.put(
            ALERTS,
            settings({ digest: { enabled: true, hour: 8, time_zone: zone } }),
          )
        ).status,
      ).toBe(200);
  });
});

describe('alerts after a run', () => {
  it('mail a user whose failure threshold is met, not one who did not ask or whose threshold is above', async () => {
    const { dana, marcus, mailsTo, sync } = await world();
    await marcus.put(ALERTS, settings({ sync_failures: { enabled: true, threshold: 1 } }));
    await dana.put(ALERTS, settings({ sync_failures: { enabled: true, threshold: 100_000 } }));
    const run = await sync(dana);
    expect(failedOf(run)).toBeGreaterThan(0);
    const mails = mailsTo(MARCUS);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`failed in sync run #${run.id}`);
    expect(mails[0]!.body).toContain(runOutcomeText(run));
    expect(mails[0]!.body).toContain(`${failedOf(run)} failed`);
    expect(mails[0]!.link).toBe('/dashboard');
    expect(mailsTo(DANA)).toEqual([]);
  });

  it("say the run's state in the contract's words, and mail a run in which nothing synced whatever the threshold", async () => {
    const { dana, marcus, mailsTo, store, sync, syncs } = await world();
    await marcus.put(ALERTS, settings({ sync_failures: { enabled: true, threshold: 100_000 } }));
    await dana.put(ALERTS, settings({ sync_failures: { enabled: true, threshold: 1 } }));
    // Completed with failures: told to the threshold it reaches, in the history's words.
    const run = await sync(dana);
    expect(run.state).toBe('completed_with_failures');
    expect(mailsTo(MARCUS)).toEqual([]);
    const [mail] = mailsTo(DANA);
    expect(mail?.body?.split('\n')[0]).toBe(`Completed, ${failedOf(run)} failed.`);
    // A retry of records that all fail again: nothing synced, so the run failed. Told whatever
    // the threshold, as a run that failed, with the reason it gives.
    const failing = store.state.syncErrors.filter(
      (row) => row.tenantId === ACME.id && row.sync_direction === 'salesforce_to_aws',
    );
    const chosen = failing.filter(
      (row) => row.name?.startsWith('Initech') === true || row.entity === 'Lead',
    );
    expect(chosen.length).toBeGreaterThan(1);
    const retry = await dana.post('/api/v1/salesforce/data-mappings/sync-errors/retry/', {
      error_ids: chosen.map((row) => row.id),
    });
    expect(retry.status).toBe(200);
    await syncs.idle();
    const retried = store.state.syncRuns.at(-1)!;
    expect(retried).toMatchObject({ trigger: 'retry', state: 'failed' });
    const records = new Set(chosen.map((row) => row.salesforce_id)).size;
    const told = mailsTo(MARCUS);
    expect(told.map((item) => item.subject)).toEqual([
      `AceBridge: sync run #${retried.id} failed: none of its ${records} records synced`,
    ]);
    expect(told[0]!.body).toContain(`Failed.\nRetry: none of ${records} records synced:`);
    expect(retried.failure_reason).toBe(
      `None of the ${records} records synced: ${records} failed.`,
    );
  });

  it('mail no failures for a run that succeeded', async () => {
    const { dana, marcus, mailsTo, store, syncs } = await world();
    await marcus.put(ALERTS, settings({ sync_failures: { enabled: true, threshold: 1 } }));
    // Globex Retail's seeded override fixes its error: a retry of it syncs it, and nothing fails.
    const retry = await dana.post('/api/v1/salesforce/data-mappings/sync-errors/retry/', {
      error_ids: [1],
    });
    expect(retry.status).toBe(200);
    await syncs.idle();
    expect(store.state.syncRuns.at(-1)).toMatchObject({ trigger: 'retry', state: 'succeeded' });
    expect(mailsTo(MARCUS)).toEqual([]);
  });

  it('says the counts in the words of the dashboard toast', async () => {
    const { dana, sync } = await world();
    const run = await sync(dana);
    expect(runOutcomeText(run)).toBe(syncOutcome(run).text);
    for (const trigger of ['manual', 'retry'] as const)
      for (const counts of [
        { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
        { created: 0, updated: 0, unchanged: 0, skipped: 3, failed: 2 },
        { created: 1200, updated: 5, unchanged: 1, skipped: 0, failed: 0 },
      ]) {
        const made = { trigger, counts: { lead: counts, opportunity: counts } };
        expect(runOutcomeText(made)).toBe(syncOutcome(made).text);
      }
  });

  it('mail a new cause: one open after the run that was not before it', async () => {
    const { dana, marcus, mailsTo, store, sync } = await world();
    await marcus.put(ALERTS, settings({ new_cause: { enabled: true } }));
    // The seed's errors predate runs: the first run opens its own causes.
    await sync(dana);
    expect(mailsTo(MARCUS)).toHaveLength(1);
    // The same causes again: nothing new.
    await sync(dana);
    expect(mailsTo(MARCUS)).toHaveLength(1);
    // With the open errors gone (dismissed, say), what the next run finds is new.
    store.transact((draft) => {
      draft.syncErrors = draft.syncErrors.filter((row) => row.tenantId !== ACME.id);
    });
    const run = await sync(dana);
    const mails = mailsTo(MARCUS);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(
      new RegExp(`new causes? of sync errors after sync run #${run.id}$`),
    );
    expect(mails[1]!.body).toContain('New causes of errors:');
  });

  it('mail the launches a run added', async () => {
    const { dana, marcus, mailsTo, store, sync } = await world();
    await marcus.put(ALERTS, settings({ new_launches: { enabled: true } }));
    // The first run sends the seed's opportunities to ACE, launched ones included.
    await sync(dana);
    expect(mailsTo(MARCUS)).toHaveLength(1);
    // Already launched: nothing new.
    await sync(dana);
    expect(mailsTo(MARCUS)).toHaveLength(1);
    // ACE forgets that those opportunities were launched: the next run launches them again.
    store.transact((draft) => {
      for (const row of draft.ace[String(ACME.id)] ?? [])
        if (row.aceStage === 'Launched') row.aceStage = 'Qualified';
    });
    const run = await sync(dana);
    const mails = mailsTo(MARCUS);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(new RegExp(`launched in sync run #${run.id}$`));
    expect(mails[1]!.body).toContain('Launched:');
  });

  it('never cross tenants', async () => {
    const { dana, globex, mailsTo, sync } = await world();
    await globex.put(
      ALERTS,
      settings({ sync_failures: { enabled: true, threshold: 1 }, new_cause: { enabled: true } }),
    );
    await sync(dana);
    expect(mailsTo(GLOBEX_OPS)).toEqual([]);
  });

  it('send nothing to a user with no alerts', async () => {
    const { dana, store, sync } = await world();
    const before = store.state.outbox.length;
    await sync(dana);
    expect(store.state.outbox).toHaveLength(before);
  });
});

describe('a run that did not finish', () => {
  // It ended with failures, whatever its failed records: the user who asked for failures is told,
  // even with a threshold no finished run would reach.
  const wantsFailures = settings({ sync_failures: { enabled: true, threshold: 100_000 } });

  it('mails a run that stopped on an error, with its reason, whatever the threshold', async () => {
    const { marcus, mailsTo, store } = await world();
    await marcus.put(ALERTS, wantsFailures);
    const now = new Date();
    const mails = store.transact((draft) => {
      const run = queueRun(draft, ACME.id, { trigger: 'manual', direction: 'both' }, now);
      return runStopped(draft, run.id, now, 'The sync stopped on an error: ACE timed out');
    });
    const run = store.state.syncRuns.at(-1)!;
    expect(run.state).toBe('failed');
    expect(mails.map((mail) => mail.to)).toEqual([MARCUS]);
    expect(mailsTo(MARCUS)[0]!.subject).toBe(`AceBridge: sync run #${run.id} did not finish`);
    expect(mailsTo(MARCUS)[0]!.body).toContain('The sync stopped on an error: ACE timed out');
  });

  it('mails a run a restart interrupted, once, when the next process starts', async () => {
    const { marcus, mailsTo, store } = await world();
    await marcus.put(ALERTS, wantsFailures);
    store.transact(
      (draft) =>
        void queueRun(draft, ACME.id, { trigger: 'manual', direction: 'both' }, new Date()),
    );
    const told: string[] = [];
    // A new runner on the same store is the next process: it ends what the last one left.
    createSyncRunner(store, { onMail: (mail) => told.push(mail.to) });
    const run = store.state.syncRuns.at(-1)!;
    expect(run.state).toBe('interrupted');
    expect(told).toEqual([MARCUS]);
    expect(mailsTo(MARCUS).map((mail) => mail.subject)).toEqual([
      `AceBridge: sync run #${run.id} did not finish`,
    ]);
    createSyncRunner(store);
    expect(mailsTo(MARCUS)).toHaveLength(1);
  });
});

describe('connection failed', () => {
  it('mails once when the check finds a connection Failed, again after it recovered and failed again', async () => {
    const { dana, marcus, globex, mailsTo, store } = await world();
    await marcus.put(ALERTS, settings({ connection_failed: { enabled: true } }));
    await globex.put(ALERTS, settings({ connection_failed: { enabled: true } }));
    const setAws = (state: 'ok' | 'Failed') =>
      store.transact((draft) => {
        const tenant = draft.tenants.find((row) => row.id === ACME.id)!;
        tenant.aws_connection = state;
        tenant.connected_at = null;
      });
    const check = async () => {
      const answer = await dana.get('/api/v1/tenants/check-connection/');
      expect(answer.status).toBe(200);
      return answer.body as Schemas['ConnectionStatus'];
    };
    await check();
    expect(mailsTo(MARCUS)).toEqual([]);
    setAws('Failed');
    expect((await check()).aws_connection).toBe('Failed');
    await check();
    expect(mailsTo(MARCUS).map((mail) => mail.subject)).toEqual([
      'AceBridge: the AWS connection failed',
    ]);
    setAws('ok');
    await check();
    setAws('Failed');
    await check();
    expect(mailsTo(MARCUS)).toHaveLength(2);
    expect(mailsTo(GLOBEX_OPS)).toEqual([]);
    expect(store.state.connectionAlerts.map((row) => row.tenantId)).not.toContain(GLOBEX.id);
  });
});

describe('the daily digest', () => {
  it('collects the alerts and mails them once, at the local hour of each user (two zones)', async () => {
    const { dana, marcus, mailsTo, store, sync } = await world();
    // 9 in Paris (UTC+1 in winter) is 08:00 UTC; 9 in New York (UTC-5) is 14:00 UTC.
    await marcus.put(
      ALERTS,
      settings({
        sync_failures: { enabled: true, threshold: 1 },
        digest: { enabled: true, hour: 9, time_zone: 'Europe/Paris' },
      }),
    );
    await dana.put(
      ALERTS,
      settings({
        sync_failures: { enabled: true, threshold: 1 },
        digest: { enabled: true, hour: 9, time_zone: 'America/New_York' },
      }),
    );
    const run = await sync(dana);
    expect(mailsTo(MARCUS)).toEqual([]);
    expect(mailsTo(DANA)).toEqual([]);
    expect(store.state.pendingAlerts).toHaveLength(2);
    const at = (time: string) =>
      store.transact((draft) => sendDigests(draft, new Date(`2027-01-14T${time}Z`)));

    expect(at('07:59:00')).toEqual([]);
    const paris = at('08:00:00');
    expect(paris.map((mail) => mail.to)).toEqual([MARCUS]);
    expect(paris[0]!.subject).toBe('AceBridge daily digest: 1 alert');
    expect(paris[0]!.body).toContain(`sync run #${run.id}`);
    expect(at('08:30:00')).toEqual([]);
    expect(at('13:59:00')).toEqual([]);
    expect(at('14:00:00').map((mail) => mail.to)).toEqual([DANA]);
    expect(at('14:10:00')).toEqual([]);
    expect(store.state.pendingAlerts).toEqual([]);

    // Once a day: a run later that day waits for the next day's hour.
    await sync(dana);
    expect(at('08:45:00')).toEqual([]);
    expect(
      store
        .transact((draft) => sendDigests(draft, new Date('2027-01-15T08:00:00Z')))
        .map((mail) => mail.to),
    ).toEqual([MARCUS]);
    expect(mailsTo(MARCUS)).toHaveLength(2);
    expect(mailsTo(DANA)).toHaveLength(1);
  });

  it('mails what it kept at once when the digest is turned off', async () => {
    const { dana, marcus, mailsTo, sync } = await world();
    const digest = settings({
      sync_failures: { enabled: true, threshold: 1 },
      digest: { enabled: true, hour: 9, time_zone: 'UTC' },
    });
    await marcus.put(ALERTS, digest);
    await sync(dana);
    expect(mailsTo(MARCUS)).toEqual([]);
    await marcus.put(ALERTS, { ...digest, digest: { ...digest.digest, enabled: false } });
    expect(mailsTo(MARCUS).map((mail) => mail.subject)).toEqual([
      'AceBridge daily digest: 1 alert',
    ]);
  });
});
