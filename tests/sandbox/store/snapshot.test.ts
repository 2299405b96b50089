// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildSeed } from '../seed/seed';
import { createSerialiser, SnapshotError } from './snapshot';
import { STATE_VERSION, type State } from './state';
import { createStore, StoreWriteError } from './store';

let seeded: State;
beforeAll(() => {
  seeded = buildSeed();
});
const seed = () => structuredClone(seeded);
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'sandbox-snapshot-')), 'state.json');
const filesBeside = (file: string) => readdirSync(join(file, '..')).sort();
const hasKey = (state: State, key: string) => state.licenceKeys.some((row) => row.key === key);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('grouped, durable writes', () => {
  it('writes the changes of one tick in one snapshot, and flushed() waits until it is on disk', async () => {
    const file = tempFile();
    const store = createStore({ file, seed });
    for (let index = 0; index < 50; index += 1)
      store.transact((draft) => {
        draft.licenceKeys.push({ key: `K${index}`, tenantId: null });
      });
    // Not written yet: the write starts on the next turn of the event loop.
    expect(readFileSync(file, 'utf8')).not.toContain('"K0"');
    await store.flushed();
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as State;
    expect(onDisk.licenceKeys.filter((row) => /^K\d+$/.test(row.key))).toHaveLength(50);
    expect(filesBeside(file)).toEqual(['state.json']);
    // Nothing pending: flushed() resolves at once.
    await expect(store.flushed()).resolves.toBeUndefined();
  });

  it('keeps changes made during a write for the next one', async () => {
    const file = tempFile();
    const store = createStore({ file, seed });
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
    const restarted = createStore({ file, seed });
    expect(hasKey(restarted.state, 'FIRST') && hasKey(restarted.state, 'SECOND')).toBe(true);
  });

  it('refuses the changes of a failed write and undoes them, then writes again once it can', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = tempFile();
    const store = createStore({ file, seed });
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
    const restarted = createStore({ file, seed });
    expect(hasKey(restarted.state, 'SAVED')).toBe(true);
    expect(hasKey(restarted.state, 'LOST')).toBe(false);
  });

  it('serialises to the bytes of JSON.stringify, re-using only the tables that did not change', () => {
    const store = createStore({ seed });
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
    const store = createStore({ seed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'MEMORY', tenantId: null });
    });
    await expect(store.flushed()).resolves.toBeUndefined();
    expect(hasKey(store.state, 'MEMORY')).toBe(true);
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
      const file = tempFile();
      const text = content();
      writeFileSync(file, text);
      let error: unknown;
      try {
        createStore({ file, seed });
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
    const file = tempFile();
    writeFileSync(file, '{"version": 1, "users": [');
    const store = createStore({ file, seed, fresh: true });
    expect(store.state.users).toHaveLength(seeded.users.length);
    const aside = filesBeside(file).filter((name) => name.startsWith('state.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(file, '..', aside[0]!), 'utf8')).toBe('{"version": 1, "users": [');
    expect((JSON.parse(readFileSync(file, 'utf8')) as State).version).toBe(STATE_VERSION);
  });

  it('refuses an older version that no migration reads', () => {
    const file = tempFile();
    const text = JSON.stringify({ ...seed(), version: 1 });
    writeFileSync(file, text);
    expect(() => createStore({ file, seed, schema: { version: 3, migrations: [] } })).toThrow(
      /version 1, and no migration turns version 1 into 2/,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('migrations', () => {
  it('migrates an older snapshot one version at a time, after a backup copy', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempFile();
    const old = seed();
    old.licenceKeys.push({ key: 'FROM-V1', tenantId: null });
    const text = JSON.stringify({ ...old, version: 1 });
    writeFileSync(file, text);
    const steps: number[] = [];
    const store = createStore({
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

describe('the migrations of the sandbox', () => {
  it('turns a version 1 snapshot into version 2: sessions, and no revoked-token list', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = tempFile();
    const { sessions: _sessions, ...current } = seed();
    const v1 = { ...current, version: 1, revokedRefresh: ['0c68626c3a235874f4a056a4a6cc2205'] };
    v1.licenceKeys.push({ key: 'KEPT-FROM-V1', tenantId: null });
    const text = JSON.stringify(v1);
    writeFileSync(file, text);
    const store = createStore({ file, seed });
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
    const file = tempFile();
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
    const store = createStore({ file, seed });
    expect(store.state.version).toBe(STATE_VERSION);
    expect(store.state.syncRuns).toEqual([]);
    expect(store.state.syncErrors.length).toBe(current.syncErrors.length);
    expect(store.state.syncErrors.every((row) => row.runId === null)).toBe(true);
    expect(store.state.syncLogs.every((row) => row.runId === null)).toBe(true);
    expect(readFileSync(`${file}.v2.bak`, 'utf8')).toBe(text);
  });
});
