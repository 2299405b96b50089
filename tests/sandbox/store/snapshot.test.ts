// @vitest-environment node
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Schemas } from '../contract';
import { noneSyncedReason } from '../domain/sync/runs';
import { buildSeed } from '../seed/seed';
import { testStore, tempStoreFile } from '../test-sandbox';
import { fingerprint, journalOf } from './journal';
import { createSerialiser, SnapshotError } from './snapshot';
import { STATE_VERSION, type State } from './state';
import { StoreWriteError } from './store';

let seeded: State;
beforeAll(() => {
  seeded = buildSeed();
});
const seed = () => structuredClone(seeded);
const filesBeside = (file: string) => readdirSync(join(file, '..')).sort();
const hasKey = (state: State, key: string) => state.licenceKeys.some((row) => row.key === key);
/** The journal's lines after the one that names its snapshot. */
const journalLines = (file: string) =>
  readFileSync(journalOf(file), 'utf8').split('\n').slice(1, -1);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('grouped, durable writes', () => {
  it('writes the changes of one tick in one journal line, and flushed() waits until it is on disk', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    const snapshot = readFileSync(file, 'utf8');
    for (let index = 0; index < 50; index += 1)
      store.transact((draft) => {
        draft.licenceKeys.push({ key: `K${index}`, tenantId: null });
      });
    // Not written yet: the write starts on the next turn of the event loop.
    expect(readFileSync(journalOf(file), 'utf8')).not.toContain('"K0"');
    expect(journalLines(file)).toHaveLength(0);
    await store.flushed();
    // One line of patches; the snapshot is not rewritten.
    expect(journalLines(file)).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    const onDisk = testStore({ file, seed }).state;
    expect(onDisk.licenceKeys.filter((row) => /^K\d+$/.test(row.key))).toHaveLength(50);
    expect(filesBeside(file)).toEqual(['state.json', 'state.json.journal']);
    // Nothing pending: flushed() resolves at once.
    await expect(store.flushed()).resolves.toBeUndefined();
  });

  it('keeps changes made during a write for the next one', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'FIRST', tenantId: null });
    });
    const first = store.flushed();
    await new Promise((resolve) => setImmediate(resolve));
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'SECOND', tenantId: null });
    });
    await first;
    await store.flushed();
    const restarted = testStore({ file, seed });
    expect(hasKey(restarted.state, 'FIRST') && hasKey(restarted.state, 'SECOND')).toBe(true);
  });

  it('refuses the changes of a failed append and undoes them, then writes a snapshot once it can', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    const before = readFileSync(file, 'utf8');
    // A directory where the journal was makes the append fail.
    rmSync(journalOf(file));
    mkdirSync(journalOf(file));
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'LOST', tenantId: null });
    });
    expect(hasKey(store.state, 'LOST')).toBe(true);
    const refused = store.flushed();
    await expect(refused).rejects.toBeInstanceOf(StoreWriteError);
    await expect(refused).rejects.toThrow(journalOf(file));
    // Memory went back to what is on disk, and the snapshot is untouched.
    expect(hasKey(store.state, 'LOST')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(before);

    rmSync(journalOf(file), { recursive: true });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'SAVED', tenantId: null });
    });
    await store.flushed();
    // The write after a failed one is a whole snapshot, with a new journal.
    expect(hasKey(JSON.parse(readFileSync(file, 'utf8')) as State, 'SAVED')).toBe(true);
    expect(journalLines(file)).toHaveLength(0);
    const restarted = testStore({ file, seed });
    expect(hasKey(restarted.state, 'SAVED')).toBe(true);
    expect(hasKey(restarted.state, 'LOST')).toBe(false);
  });

  it('refuses the changes of a failed snapshot write and undoes them, then writes again once it can', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = tempStoreFile();
    // Every write is a snapshot: the journal is always past its limit.
    const store = testStore({ file, seed, journalLimit: 0 });
    const before = readFileSync(file, 'utf8');
    // A directory where the temporary file goes makes the write fail.
    const blocker = `${file}.${process.pid}.tmp`;
    mkdirSync(blocker);
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'LOST', tenantId: null });
    });
    expect(hasKey(store.state, 'LOST')).toBe(true);
    await expect(store.flushed()).rejects.toBeInstanceOf(StoreWriteError);
    // Memory went back to what is on disk, and the snapshot is untouched.
    expect(hasKey(store.state, 'LOST')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(before);

    rmSync(blocker, { recursive: true });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'SAVED', tenantId: null });
    });
    await store.flushed();
    const restarted = testStore({ file, seed });
    expect(hasKey(restarted.state, 'SAVED')).toBe(true);
    expect(hasKey(restarted.state, 'LOST')).toBe(false);
  });

  it('leaves nothing beside the files once the writes are done', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed, journalLimit: 0 });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'K', tenantId: null });
    });
    await store.flushed();
    expect(filesBeside(file)).toEqual(['state.json', 'state.json.journal']);
  });

  it('serialises to the bytes of JSON.stringify, re-using only the tables that did not change', () => {
    const store = testStore({ seed });
    const serialise = createSerialiser();
    expect(serialise(store.state).toString('utf8')).toBe(JSON.stringify(store.state));
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'NEW', tenantId: null });
      draft.users[0]!.first_name = 'Renamed';
    });
    expect(serialise(store.state).toString('utf8')).toBe(JSON.stringify(store.state));
    store.reset();
    expect(serialise(store.state).toString('utf8')).toBe(JSON.stringify(store.state));
  });

  it('keeps the state in memory only without a file', async () => {
    const store = testStore({ seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'MEMORY', tenantId: null });
    });
    await expect(store.flushed()).resolves.toBeUndefined();
    expect(hasKey(store.state, 'MEMORY')).toBe(true);
  });
});

describe('the journal', () => {
  /**
   * Some changes, flushed, and the store abandoned as a kill -9 would: no close() before the
   * restart (testStore closes it once the test is over).
   */
  const crashAfterChanges = async (file: string, store = testStore({ file, seed })) => {
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'ONE', tenantId: null });
    });
    await store.flushed();
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'TWO', tenantId: null });
      draft.users[0]!.first_name = 'Renamed';
    });
    await store.flushed();
    return store.state;
  };

  it('replays its changes at start, then folds them into the snapshot', async () => {
    const file = tempStoreFile();
    const crashed = await crashAfterChanges(file);
    expect(journalLines(file)).toHaveLength(2);
    const restarted = testStore({ file, seed });
    expect(restarted.state).toEqual(crashed);
    // Start compacts: the snapshot holds the changes, the journal is empty again.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(crashed);
    expect(journalLines(file)).toHaveLength(0);
    expect(filesBeside(file)).toEqual(['state.json', 'state.json.journal']);
  });

  it('replays removals, replacements and whole tables to the very state that was written', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      draft.users.splice(1, 1);
      draft.licenceKeys.reverse();
      draft.launches = [];
      // A key removed (one the State lets go: a user's last_name may not, start would refuse it).
      const [table] = Object.keys(draft.sequences);
      delete draft.sequences[table!];
    });
    store.transact((draft) => {
      draft.licenceKeys.pop();
      draft.licenceKeys.unshift({ key: 'FIRST', tenantId: null });
    });
    await store.flushed();
    expect(testStore({ file, seed }).state).toEqual(store.state);
  });

  it('ignores a torn last line (a crash in the middle of an append), and appends after it again', async () => {
    const file = tempStoreFile();
    const crashed = await crashAfterChanges(file);
    appendFileSync(journalOf(file), '[{"op":"add","path":["licenceKeys",4],"value":{"key":"TO');
    const restarted = testStore({ file, seed });
    expect(restarted.state).toEqual(crashed);
    restarted.transact((draft) => {
      draft.licenceKeys.push({ key: 'AFTER', tenantId: null });
    });
    await restarted.flushed();
    const again = testStore({ file, seed }).state;
    expect(hasKey(again, 'TWO') && hasKey(again, 'AFTER')).toBe(true);
  });

  it('ignores a last line that ends but cannot be read (its data never reached the disk)', async () => {
    const file = tempStoreFile();
    const crashed = await crashAfterChanges(file);
    appendFileSync(journalOf(file), '\0\0\0\0\n');
    expect(testStore({ file, seed }).state).toEqual(crashed);
  });

  it('stops the start at an unreadable line before the last, naming the file, and leaves both as they were', async () => {
    const file = tempStoreFile();
    await crashAfterChanges(file);
    const lines = readFileSync(journalOf(file), 'utf8').split('\n');
    lines[1] = lines[1]!.slice(0, 20);
    const broken = lines.join('\n');
    writeFileSync(journalOf(file), broken);
    const snapshot = readFileSync(file, 'utf8');
    let error: unknown;
    try {
      testStore({ file, seed });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SnapshotError);
    const { message } = error as SnapshotError;
    expect(message).toContain(
      `The sandbox journal ${journalOf(file)} has a line that cannot be read (line 2 of 3`,
    );
    expect(message).toContain('npm start -- --fresh');
    expect(readFileSync(journalOf(file), 'utf8')).toBe(broken);
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    expect(filesBeside(file)).toEqual(['state.json', 'state.json.journal']);

    // --fresh keeps it aside, with its snapshot.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    testStore({ file, seed, fresh: true });
    const aside = filesBeside(file).filter((name) => name.endsWith('.journal'));
    expect(aside).toEqual([
      expect.stringMatching(/^state\.json\.before-fresh-.+\.journal$/),
      'state.json.journal',
    ]);
    expect(readFileSync(join(file, '..', aside[0]!), 'utf8')).toBe(broken);
    expect(readFileSync(join(file, '..', aside[0]!.replace(/\.journal$/, '')), 'utf8')).toBe(
      snapshot,
    );
    expect(journalLines(file)).toHaveLength(0);
  });

  it('stops the start at a line that does not fit its snapshot, naming the file', () => {
    const file = tempStoreFile();
    testStore({ file, seed });
    const journal = readFileSync(journalOf(file), 'utf8');
    const broken = `${journal}${JSON.stringify([{ op: 'replace', path: ['nope', 3, 'x'], value: 1 }])}\n`;
    writeFileSync(journalOf(file), broken);
    expect(() => testStore({ file, seed })).toThrow(
      `The sandbox journal ${journalOf(file)} cannot be replayed onto the snapshot it names`,
    );
    expect(readFileSync(journalOf(file), 'utf8')).toBe(broken);
  });

  it('ignores a journal a compaction closed and died before replacing (its changes are in the snapshot)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    const crashed = await crashAfterChanges(file, store);
    // The clean stop's compaction writes the snapshot, then cannot write the new journal.
    const blocker = `${journalOf(file)}.${process.pid}.tmp`;
    mkdirSync(blocker);
    await store.close();
    rmSync(blocker, { recursive: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(crashed);
    const closed = readFileSync(journalOf(file), 'utf8').split('\n').slice(1, -1);
    expect(closed).toHaveLength(3);
    expect(JSON.parse(closed[2]!)).toEqual({ compacted: fingerprint(readFileSync(file)) });
    const restarted = testStore({ file, seed }).state;
    expect(restarted).toEqual(crashed);
    expect(restarted.licenceKeys.filter((row) => row.key === 'ONE')).toHaveLength(1);
  });

  it('ignores a journal that a compaction at start closed and died before replacing', async () => {
    const file = tempStoreFile();
    const crashed = await crashAfterChanges(file);
    // Start replays the journal and writes the snapshot, then cannot write the new journal.
    const blocker = `${journalOf(file)}.${process.pid}.tmp`;
    mkdirSync(blocker);
    expect(() => testStore({ file, seed })).toThrow();
    rmSync(blocker, { recursive: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(crashed);
    const restarted = testStore({ file, seed }).state;
    expect(restarted).toEqual(crashed);
    expect(restarted.licenceKeys.filter((row) => row.key === 'TWO')).toHaveLength(1);
  });

  it('is folded into a new snapshot once past its limit, and every change survives', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed, journalLimit: 2_000 });
    const snapshot = readFileSync(file, 'utf8');
    for (let index = 0; index < 40; index += 1) {
      store.transact((draft) => {
        draft.licenceKeys.push({ key: `COMPACT-${index}-${'x'.repeat(40)}`, tenantId: null });
      });
      await store.flushed();
      expect(statSync(journalOf(file)).size).toBeLessThan(2_000 + 400);
    }
    expect(readFileSync(file, 'utf8')).not.toBe(snapshot);
    expect(
      hasKey(JSON.parse(readFileSync(file, 'utf8')) as State, `COMPACT-0-${'x'.repeat(40)}`),
    ).toBe(true);
    expect(testStore({ file, seed }).state).toEqual(store.state);
  });

  it('is folded into a snapshot by a reset and by a clean shutdown', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      draft.launches = [];
    });
    await store.flushed();
    store.reset();
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'AFTER-RESET', tenantId: null });
    });
    await store.flushed();
    expect(journalLines(file)).toHaveLength(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(store.state);

    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'BEFORE-CLOSE', tenantId: null });
    });
    await store.close();
    expect(journalLines(file)).toHaveLength(0);
    expect(hasKey(JSON.parse(readFileSync(file, 'utf8')) as State, 'BEFORE-CLOSE')).toBe(true);
    expect(testStore({ file, seed }).state).toEqual(store.state);
  });
});

describe('a snapshot the sandbox cannot use', () => {
  const valid = () => JSON.stringify(seed());
  const cases: Array<[string, () => string, RegExp]> = [
    ['corrupt', () => '{"version": 1, "users": [oops', /cannot be read as JSON/],
    ['truncated', () => valid().slice(0, 5_000), /cannot be read as JSON/],
    ['empty', () => '', /it is empty/],
    ['not a snapshot', () => '[1, 2, 3]', /not a sandbox snapshot/],
    ['without a version', () => '{"users": []}', /no valid version/],
    [
      'of a newer version',
      () => JSON.stringify({ ...seed(), version: STATE_VERSION + 1 }),
      new RegExp(`version ${STATE_VERSION + 1}, newer than this sandbox reads`),
    ],
  ];

  it.each(cases)(
    'stops the start when it is %s, naming the file and --fresh, and leaves it as it was',
    (_, content, why) => {
      const file = tempStoreFile();
      const text = content();
      writeFileSync(file, text);
      let error: unknown;
      try {
        testStore({ file, seed });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SnapshotError);
      const { message } = error as SnapshotError;
      expect(message).toMatch(why);
      expect(message).toContain(file);
      expect(message).toContain('npm start -- --fresh');
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(filesBeside(file)).toEqual(['state.json']);
    },
  );

  it('starts from the seed with --fresh, keeping the unreadable file aside', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = tempStoreFile();
    writeFileSync(file, '{"version": 1, "users": [');
    const store = testStore({ file, seed, fresh: true });
    expect(store.state.users).toHaveLength(seeded.users.length);
    const aside = filesBeside(file).filter((name) => name.startsWith('state.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(file, '..', aside[0]!), 'utf8')).toBe('{"version": 1, "users": [');
    expect((JSON.parse(readFileSync(file, 'utf8')) as State).version).toBe(STATE_VERSION);
  });

  it('refuses an older version that no migration reads', () => {
    const file = tempStoreFile();
    const text = JSON.stringify({ ...seed(), version: 1 });
    writeFileSync(file, text);
    expect(() => testStore({ file, seed, schema: { version: 3, migrations: [] } })).toThrow(
      /version 1, and no migration turns version 1 into 2/,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('migrations', () => {
  it('migrates an older snapshot one version at a time, after a backup copy', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const old = seed();
    old.licenceKeys.push({ key: 'FROM-V1', tenantId: null });
    const text = JSON.stringify({ ...old, version: 1 });
    writeFileSync(file, text);
    const steps: number[] = [];
    const store = testStore({
      file,
      seed,
      schema: {
        version: 3,
        migrations: [
          {
            from: 2,
            migrate: (snapshot) => {
              steps.push(2);
              return { ...snapshot, renamed: snapshot.added };
            },
          },
          {
            from: 1,
            migrate: (snapshot) => {
              steps.push(1);
              return { ...snapshot, added: 'by 1 to 2' };
            },
          },
        ],
      },
    });
    expect(steps).toEqual([1, 2]);
    expect(store.state.version).toBe(3);
    expect(hasKey(store.state, 'FROM-V1')).toBe(true);
    expect(store.state).toMatchObject({ renamed: 'by 1 to 2' });
    expect(readFileSync(`${file}.v1.bak`, 'utf8')).toBe(text);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as State;
    expect(onDisk.version).toBe(3);
  });
});

describe('a journal beside an older snapshot', () => {
  it('is folded into the snapshot at its own version, before the backup copy and the migration', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const text = JSON.stringify({ ...seed(), version: 1 });
    writeFileSync(file, text);
    const key = { key: 'FROM-V1-JOURNAL', tenantId: null };
    writeFileSync(
      journalOf(file),
      `${JSON.stringify({ journal: 1, snapshot: fingerprint(text) })}\n` +
        `${JSON.stringify([{ op: 'add', path: ['licenceKeys', seeded.licenceKeys.length], value: key }])}\n`,
    );
    const store = testStore({
      file,
      seed,
      schema: { version: 2, migrations: [{ from: 1, migrate: (snapshot) => snapshot }] },
    });
    expect(store.state.version).toBe(2);
    expect(hasKey(store.state, 'FROM-V1-JOURNAL')).toBe(true);
    const backup = JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8')) as State;
    expect(backup.version).toBe(1);
    expect(hasKey(backup, 'FROM-V1-JOURNAL')).toBe(true);
    expect(journalLines(file)).toHaveLength(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(store.state);
  });
});

describe('the migrations of the sandbox', () => {
  it('turns a version 1 snapshot into version 2: sessions, and no revoked-token list', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const { sessions: _sessions, ...current } = seed();
    const v1 = { ...current, version: 1, revokedRefresh: ['0c68626c3a235874f4a056a4a6cc2205'] };
    v1.licenceKeys.push({ key: 'KEPT-FROM-V1', tenantId: null });
    const text = JSON.stringify(v1);
    writeFileSync(file, text);
    const store = testStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    expect(store.state.sessions).toEqual([]);
    expect(store.state).not.toHaveProperty('revokedRefresh');
    expect(hasKey(store.state, 'KEPT-FROM-V1')).toBe(true);
    expect(store.state.users).toEqual(seeded.users);
    expect(readFileSync(`${file}.v1.bak`, 'utf8')).toBe(text);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(store.state);
  });

  it('turns a version 2 snapshot into version 3: an empty run history, errors and logs of no run', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const current = seed();
    const v2 = {
      ...current,
      version: 2,
      // Version 2 kept only a lock per running sync.
      syncRuns: [
        { tenantId: 1, direction: 'both', startedAt: '2026-03-02T12:00:00Z', finishedAt: null },
      ],
      syncErrors: current.syncErrors.map(({ runId: _run, ...row }) => row),
      syncLogs: current.syncLogs.map(({ runId: _run, ...row }) => row),
    };
    const text = JSON.stringify(v2);
    writeFileSync(file, text);
    const store = testStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    expect(store.state.syncRuns).toEqual([]);
    expect(store.state.syncErrors.length).toBe(current.syncErrors.length);
    expect(store.state.syncErrors.every((row) => row.runId === null)).toBe(true);
    expect(store.state.syncLogs.every((row) => row.runId === null)).toBe(true);
    expect(readFileSync(`${file}.v2.bak`, 'utf8')).toBe(text);
  });

  it("turns a version 4 snapshot into version 5: a Boolean override's Yes and No become True and False", () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const current = seed();
    // 51 is doesOppBelongToNatSec and 53 isMarketingDevelopmentFunded (Booleans), 46 the stage.
    const override = (sync_error_id: number, aws_ace_attribute: number, dummy_value: string) => ({
      tenantId: 1,
      sync_error_id,
      salesforce_id: '0065g00000XyZ34AAB',
      aws_ace_attribute,
      dummy_value,
    });
    const v4 = {
      ...current,
      version: 4,
      overrides: [
        ...current.overrides,
        override(2, 51, 'Yes'),
        override(2, 53, 'no'),
        override(2, 46, 'Yes'),
        override(1, 52, 'Maybe'),
      ],
    };
    const text = JSON.stringify(v4);
    writeFileSync(file, text);
    const store = testStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    // (Version 10 adds each value's status: all of these wait on an open error of their record.)
    const pending = (row: ReturnType<typeof override>) => ({
      ...row,
      status: 'pending',
      used_at: null,
    });
    expect(store.state.overrides).toEqual([
      ...current.overrides,
      pending(override(2, 51, 'True')),
      pending(override(2, 53, 'False')),
      // Not a Boolean: a picklist's Yes is its own business.
      pending(override(2, 46, 'Yes')),
      // Not a word it can read: left for the sync to refuse, naming it. (Error 1 is another
      // record's: version 10 puts it on its own record's open error, 2.)
      pending(override(2, 52, 'Maybe')),
    ]);
    expect(readFileSync(`${file}.v4.bak`, 'utf8')).toBe(text);
  });

  it('turns a version 5 snapshot into version 6: every run counts no record unchanged', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const current = seed();
    expect(current.syncRuns.length).toBeGreaterThan(0);
    const v5 = {
      ...current,
      version: 5,
      syncRuns: current.syncRuns.map((run) => ({
        ...run,
        counts: {
          lead: { created: 1, updated: 2, skipped: 3, failed: 4 },
          opportunity: { created: 5, updated: 6, skipped: 7, failed: 8 },
        },
      })),
    };
    writeFileSync(file, JSON.stringify(v5));
    const store = testStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    expect(store.state.syncRuns.map((run) => run.counts)).toEqual(
      current.syncRuns.map(() => ({
        lead: { created: 1, updated: 2, unchanged: 0, skipped: 3, failed: 4 },
        opportunity: { created: 5, updated: 6, unchanged: 0, skipped: 7, failed: 8 },
      })),
    );
  });

  it('turns a version 9 snapshot into version 10: run outcomes, figures and saved values from what it holds', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const current = seed();
    const zero = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
    const run = (id: number, finished_at: string, lead: object, opportunity: object) => ({
      ...current.syncRuns.find((row) => row.tenantId === 1)!,
      id,
      state: 'succeeded',
      failure_reason: null,
      finished_at,
      records: null,
      counts: { lead: { ...zero, ...lead }, opportunity: { ...zero, ...opportunity } },
    });
    const noneSynced = { lead: { ...zero, failed: 1_200, skipped: 3 }, opportunity: zero };
    const v9Runs = [
      // Every record synced: succeeded it stays.
      run(901, '2026-03-03T00:00:05Z', { created: 2 }, { updated: 3 }),
      // Some failed, some synced: completed with failures.
      run(902, '2026-03-03T12:00:05Z', { updated: 4, failed: 2 }, { unchanged: 9 }),
      // All failed: failed, saying why.
      run(903, '2026-03-04T00:00:05Z', noneSynced.lead, noneSynced.opportunity),
      // The last full sync of the stats.
      run(904, '2026-03-04T12:00:05Z', { created: 1, updated: 2, unchanged: 3 }, { unchanged: 5 }),
    ];
    // Version 9 overrides had no status; its stats summed runs into total_synced, and its
    // last_synced counted unchanged records too.
    const bare = ({ status: _status, used_at: _used, ...row }: State['overrides'][number]) => row;
    const v9Override = (
      sync_error_id: number,
      salesforce_id: string,
      aws_ace_attribute: number,
    ) => ({
      tenantId: 1,
      sync_error_id,
      salesforce_id,
      aws_ace_attribute,
      dummy_value: '1',
    });
    const v9 = {
      ...current,
      version: 9,
      syncRuns: [...current.syncRuns, ...v9Runs],
      stats: current.stats.map(({ last_unchanged: _unchanged, ...row }) =>
        row.tenantId === 1
          ? {
              ...row,
              last_synced: { lead: 6, opportunity: 5 },
              total_synced: { lead: 418, opportunity: 1265 },
              last_synced_date: '2026-03-04T12:00:05Z',
            }
          : { ...row, total_synced: { lead: 95, opportunity: 115 } },
      ),
      overrides: [
        // Its error is open: pending.
        ...current.overrides.map(bare),
        // Its error (999) was replaced; the record's open error is 2 (about attribute 46).
        v9Override(999, '0065g00000XyZ34AAB', 46),
        // The record fails no more (no open error): a sync sent it, at the tenant's last sync.
        v9Override(998, '0065g00000XyZ99AAB', 44),
        // Another tenant's, which never synced: its errors were dismissed, it keeps nothing.
        { ...v9Override(997, '0065g00000XyZ98AAB', 44), tenantId: 3 },
      ],
    };
    writeFileSync(file, JSON.stringify(v9));
    const store = testStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    const states = store.state.syncRuns
      .filter((row) => row.id > 900)
      .map((row) => [row.id, row.state, row.failure_reason]);
    expect(states).toEqual([
      [901, 'succeeded', null],
      [902, 'completed_with_failures', null],
      [
        903,
        'failed',
        'None of the 1,203 records synced: 1,200 failed, 3 held back by the filters.',
      ],
      [904, 'succeeded', null],
    ]);
    // The words the sync itself gives such a run.
    expect(states[2]?.[2]).toBe(noneSyncedReason(noneSynced as Schemas['SyncRunCounts']));
    expect(store.state.stats.find((row) => row.tenantId === 1)).toEqual({
      tenantId: 1,
      last_synced: { lead: 3, opportunity: 0 },
      last_unchanged: { lead: 3, opportunity: 5 },
      last_synced_date: '2026-03-04T12:00:05Z',
    });
    // A tenant whose last full run is no longer kept keeps its figure, with none unchanged.
    const globex = store.state.stats.find((row) => row.tenantId === 2)!;
    expect(globex).not.toHaveProperty('total_synced');
    expect(globex.last_unchanged).toEqual(
      current.stats.find((row) => row.tenantId === 2)?.last_unchanged,
    );
    expect(store.state.overrides).toEqual([
      ...current.overrides,
      { ...v9Override(2, '0065g00000XyZ34AAB', 46), status: 'pending', used_at: null },
      {
        ...v9Override(998, '0065g00000XyZ99AAB', 44),
        status: 'used',
        used_at: '2026-03-04T12:00:05Z',
      },
    ]);
  });
});

/** Starts a store on `file` and returns the SnapshotError that stops it (fails if it starts). */
function refusalOf(file: string): string {
  let error: unknown;
  try {
    testStore({ file, seed });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SnapshotError);
  return (error as SnapshotError).message;
}

type Loose = Record<string, unknown> & {
  users: Array<Record<string, unknown>>;
  licenceKeys: Array<Record<string, unknown>>;
};

describe('a snapshot of the wrong shape', () => {
  const cases: Array<[string, (state: Loose) => void, string]> = [
    [
      'users not a list',
      (state) => {
        (state as Record<string, unknown>).users = {};
      },
      '$.users must be a list, not {}',
    ],
    [
      'a user without email',
      (state) => {
        delete state.users[1]!.email;
      },
      '$.users[1].email is missing',
    ],
    [
      'a wrong type',
      (state) => {
        state.users[0]!.is_active = 'yes';
      },
      '$.users[0].is_active must be true or false, not "yes"',
    ],
    [
      'a table missing',
      (state) => {
        delete (state as Record<string, unknown>).licenceKeys;
      },
      '$.licenceKeys is missing',
    ],
  ];

  it.each(cases)(
    'stops the start when it has %s, naming the file, the JSON path and --fresh, and leaves it as it was',
    (_, change, problem) => {
      const file = tempStoreFile();
      const state = seed() as unknown as Loose;
      change(state);
      const text = JSON.stringify(state);
      writeFileSync(file, text);
      const message = refusalOf(file);
      expect(message).toContain(
        `The sandbox snapshot ${file} does not have the shape of the sandbox's state (${problem}). It was left as it is, and the sandbox did not start.`,
      );
      expect(message).toContain('npm start -- --fresh');
      expect(message).toContain('kept beside it as state.json.before-fresh-<time>');
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(filesBeside(file)).toEqual(['state.json']);
    },
  );

  it('blames the journal when the snapshot fits and its replayed changes do not, leaving both', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      delete (draft.users[0] as { email?: string }).email;
    });
    await store.flushed();
    const snapshot = readFileSync(file, 'utf8');
    const journal = readFileSync(journalOf(file), 'utf8');
    const message = refusalOf(file);
    expect(message).toContain(
      `The sandbox journal ${journalOf(file)} gives a state of the wrong shape once replayed onto its snapshot ${file} ($.users[0].email is missing). Both files were left as they are`,
    );
    expect(message).toContain(`mv ${journalOf(file)} ${journalOf(file)}.old`);
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    expect(readFileSync(journalOf(file), 'utf8')).toBe(journal);
  });

  it('stops the start when an older snapshot, once migrated, does not fit, before any write', () => {
    const file = tempStoreFile();
    const { sessions: _sessions, ...current } = seed();
    const v1 = { ...current, version: 1 } as unknown as Loose;
    v1.users[0]!.id = 'one';
    const text = JSON.stringify(v1);
    writeFileSync(file, text);
    const message = refusalOf(file);
    expect(message).toContain(
      `The sandbox snapshot ${file} is of version 1, and migrated to version ${STATE_VERSION} does not have the shape of the sandbox's state ($.users[0].id must be a number, not "one")`,
    );
    expect(message).toContain('kept beside it as state.json.v1-<time>.bak');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(filesBeside(file)).toEqual(['state.json']);
  });
});

describe('a journal that does not follow its snapshot', () => {
  /**
   * A snapshot, once compacted, and a journal of two changes after it, as a kill -9 leaves them;
   * and the snapshot of before the compaction (an older copy of it).
   */
  const withChanges = async (file: string) => {
    const first = testStore({ file, seed });
    const older = readFileSync(file, 'utf8');
    first.transact((draft) => {
      draft.licenceKeys.push({ key: 'ZERO', tenantId: null });
    });
    await first.close();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'ONE', tenantId: null });
    });
    await store.flushed();
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'TWO', tenantId: null });
    });
    await store.flushed();
    return { older, journal: readFileSync(journalOf(file), 'utf8') };
  };

  const expectUntouched = (file: string, snapshot: string, journal: string) => {
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    expect(readFileSync(journalOf(file), 'utf8')).toBe(journal);
    expect(filesBeside(file).filter((name) => !name.startsWith('state.json.mine'))).toEqual([
      'state.json',
      'state.json.journal',
    ]);
  };

  it('stops the start when the snapshot was restored from an older copy, naming both files and the copy it follows', async () => {
    const file = tempStoreFile();
    const { older, journal } = await withChanges(file);
    copyFileSync(file, `${file}.mine`);
    // A hand-restored older snapshot (of before the compaction the journal follows).
    writeFileSync(file, older);
    const message = refusalOf(file);
    expect(message).toContain(
      `The sandbox journal ${journalOf(file)} does not follow the snapshot ${file}: it holds 2 change(s) made after another snapshot (was state.json restored, copied or replaced by hand?). Both files were left as they are, and the sandbox did not start.`,
    );
    expect(message).toContain(
      `To keep those changes, put back the snapshot the journal follows (${file}.mine is a copy of it) as ${file}`,
    );
    expect(message).toContain(`mv ${journalOf(file)} ${journalOf(file)}.old`);
    expect(message).toContain(
      'the snapshot and its journal are then kept beside them as state.json.before-fresh-<time> and state.json.before-fresh-<time>.journal',
    );
    expectUntouched(file, older, journal);
  });

  it('stops the start when the snapshot was replaced by a newer one, and starts once the journal is moved away', async () => {
    const file = tempStoreFile();
    const { journal } = await withChanges(file);
    const newer = seed();
    newer.licenceKeys.push({ key: 'ELSEWHERE', tenantId: null });
    const text = JSON.stringify(newer);
    writeFileSync(file, text);
    expect(refusalOf(file)).toContain(`does not follow the snapshot ${file}`);
    expectUntouched(file, text, journal);
    // The way out the message gives.
    renameSync(journalOf(file), `${journalOf(file)}.old`);
    expect(hasKey(testStore({ file, seed }).state, 'ELSEWHERE')).toBe(true);
  });

  it('stops the start when its changes are not numbered 1, 2, 3… (a line repeated or lost)', async () => {
    const file = tempStoreFile();
    const { journal } = await withChanges(file);
    const snapshot = readFileSync(file, 'utf8');
    const lines = journal.split('\n');
    const repeated = `${journal}${lines[2]}\n`;
    writeFileSync(journalOf(file), repeated);
    expect(refusalOf(file)).toContain(
      `The sandbox journal ${journalOf(file)} holds change 2 at line 4, where change 3 belongs (lines lost, repeated or mixed in from another journal). Both files were left as they are`,
    );
    expectUntouched(file, snapshot, repeated);
    const lost = [lines[0], lines[2], ''].join('\n');
    writeFileSync(journalOf(file), lost);
    expect(refusalOf(file)).toContain('holds change 2 at line 2, where change 1 belongs');
    expectUntouched(file, snapshot, lost);
  });

  // At collection, before beforeAll: the seed's licence keys counted from a seed of its own.
  const count = buildSeed().licenceKeys.length;
  const changes: Array<[string, unknown[], string]> = [
    [
      'an add past the end of a list',
      [{ op: 'add', path: ['licenceKeys', count + 3], value: { key: 'FAR', tenantId: null } }],
      `line 2: add at licenceKeys/${count + 3}: licenceKeys is a list of ${count}, with no place ${count + 3}`,
    ],
    [
      'a remove of an element that is not there',
      [{ op: 'remove', path: ['licenceKeys', count] }],
      `line 2: remove at licenceKeys/${count}: licenceKeys is a list of ${count}, with no place ${count}`,
    ],
    [
      'a replace under a row that is not there',
      [{ op: 'replace', path: ['users', 999, 'first_name'], value: 'Ghost' }],
      'line 2: replace at users/999/first_name: users is a list of',
    ],
    [
      'a change through the prototype',
      [{ op: 'add', path: ['__proto__', 'polluted'], value: true }],
      'line 2: add at __proto__/polluted: the state has no key "__proto__"',
    ],
  ];

  it.each(changes)(
    'stops the start at %s (immer applies the first two silently), naming both files',
    (_, patches, why) => {
      const file = tempStoreFile();
      testStore({ file, seed });
      const journal = `${readFileSync(journalOf(file), 'utf8')}${JSON.stringify(patches)}\n`;
      writeFileSync(journalOf(file), journal);
      const snapshot = readFileSync(file, 'utf8');
      const message = refusalOf(file);
      expect(message).toContain(
        `The sandbox journal ${journalOf(file)} cannot be replayed onto the snapshot it names, ${file} (${why}`,
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expectUntouched(file, snapshot, journal);
    },
  );

  it('stops the start when its snapshot is gone, naming both files', async () => {
    const file = tempStoreFile();
    const { journal } = await withChanges(file);
    rmSync(file);
    const message = refusalOf(file);
    expect(message).toContain(
      `The sandbox journal ${journalOf(file)} holds 2 change(s), but its snapshot ${file} is not there (moved or deleted?). It was left as it is`,
    );
    expect(message).toContain(
      'the journal is then kept beside it as state.json.before-fresh-<time>.journal',
    );
    expect(readFileSync(journalOf(file), 'utf8')).toBe(journal);
    expect(filesBeside(file)).toEqual(['state.json.journal']);
  });

  it('starts when it follows another snapshot but holds no change (nothing is lost)', () => {
    const file = tempStoreFile();
    testStore({ file, seed });
    const other = seed();
    other.licenceKeys.push({ key: 'RESTORED', tenantId: null });
    writeFileSync(file, JSON.stringify(other));
    expect(hasKey(testStore({ file, seed }).state, 'RESTORED')).toBe(true);
  });
});

describe('--fresh', () => {
  const aside = (file: string, prefix: string) =>
    filesBeside(file).filter((name) => name.startsWith(prefix) && !name.endsWith('.journal'));

  it('keeps a readable snapshot and its journal aside, renamed with the time, and says where', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const store = testStore({ file, seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'KEPT-ASIDE', tenantId: null });
    });
    await store.flushed();
    const snapshot = readFileSync(file, 'utf8');
    const journal = readFileSync(journalOf(file), 'utf8');

    const fresh = testStore({ file, seed, fresh: true });
    expect(hasKey(fresh.state, 'KEPT-ASIDE')).toBe(false);
    const [kept] = aside(file, 'state.json.before-fresh-');
    expect(kept).toMatch(/^state\.json\.before-fresh-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    const keptFile = join(file, '..', kept!);
    expect(readFileSync(keptFile, 'utf8')).toBe(snapshot);
    expect(readFileSync(journalOf(keptFile), 'utf8')).toBe(journal);
    expect(warn).toHaveBeenCalledWith(
      `sandbox: --fresh: starting from the seed; kept the snapshot as ${keptFile} and its journal as ${journalOf(keptFile)}.`,
    );
    // Put back by hand, the pair starts with the change.
    renameSync(keptFile, file);
    renameSync(journalOf(keptFile), journalOf(file));
    expect(hasKey(testStore({ file, seed }).state, 'KEPT-ASIDE')).toBe(true);
  });

  it('never overwrites what an earlier --fresh kept, even within the same millisecond', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Date.prototype, 'toISOString').mockReturnValue('2026-11-27T04:50:00.000Z');
    const file = tempStoreFile();
    writeFileSync(file, JSON.stringify({ ...seed(), version: STATE_VERSION, first: true }));
    testStore({ file, seed, fresh: true });
    testStore({ file, seed, fresh: true });
    const kept = aside(file, 'state.json.before-fresh-');
    expect(kept).toEqual([
      'state.json.before-fresh-2026-11-27T04-50-00-000Z',
      'state.json.before-fresh-2026-11-27T04-50-00-000Z-2',
    ]);
    expect(JSON.parse(readFileSync(join(file, '..', kept[0]!), 'utf8'))).toMatchObject({
      first: true,
    });
  });

  it('keeps aside a wrong-shaped snapshot, and a journal whose snapshot is gone', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = tempStoreFile();
    const wrong = JSON.stringify({ ...seed(), users: 'nobody' });
    writeFileSync(file, wrong);
    testStore({ file, seed, fresh: true });
    const [kept] = aside(file, 'state.json.before-fresh-');
    expect(readFileSync(join(file, '..', kept!), 'utf8')).toBe(wrong);

    const other = tempStoreFile();
    const store = testStore({ file: other, seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'ORPHAN', tenantId: null });
    });
    await store.flushed();
    const journal = readFileSync(journalOf(other), 'utf8');
    rmSync(other);
    testStore({ file: other, seed, fresh: true });
    const orphan = filesBeside(other).filter((name) => name.startsWith('state.json.before-fresh-'));
    expect(orphan).toEqual([expect.stringMatching(/^state\.json\.before-fresh-.+\.journal$/)]);
    expect(readFileSync(join(other, '..', orphan[0]!), 'utf8')).toBe(journal);
    expect(existsSync(other)).toBe(true);
  });
});
