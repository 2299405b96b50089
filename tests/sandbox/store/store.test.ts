// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { buildSeed } from '../seed/seed';
import { tempStoreFile, testStore } from '../test-sandbox';
import { journalOf } from './journal';
import { nextId } from './state';

describe('the sandbox store', () => {
  it('keeps a committed change across a restart', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed: buildSeed });
    store.transact((draft) => {
      draft.licenceKeys.push({ key: 'KEPT', tenantId: null });
    });
    await store.flushed();
    const restarted = testStore({ file, seed: buildSeed });
    expect(restarted.state.licenceKeys.map((key) => key.key)).toContain('KEPT');
  });

  it('leaves state and file untouched when a change throws half way', () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed: buildSeed });
    const before = readFileSync(file, 'utf8');
    const journal = readFileSync(journalOf(file), 'utf8');
    const users = store.state.users.length;
    expect(() =>
      store.transact((draft) => {
        draft.users.push({ ...draft.users[0]!, id: nextId(draft, 'users') });
        throw new Error('refused after the first write');
      }),
    ).toThrow('refused');
    expect(store.state.users).toHaveLength(users);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readFileSync(journalOf(file), 'utf8')).toBe(journal);
    expect(readdirSync(join(file, '..')).sort()).toEqual(['state.json', 'state.json.journal']);
  });

  it('writes a change as a journal line of its own rows, not as a new snapshot', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed: buildSeed });
    const snapshot = readFileSync(file, 'utf8');
    const journal = readFileSync(journalOf(file), 'utf8');
    // Progress as a sync runner writes it: a small change, often.
    for (let step = 1; step <= 20; step += 1) {
      store.transact((draft) => {
        draft.users[0]!.first_name = `Step ${step}`;
      });
      await store.flushed();
    }
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    const lines = readFileSync(journalOf(file), 'utf8').slice(journal.length).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(20);
    for (const line of lines) expect(line.length).toBeLessThan(200);
    expect(lines.at(-1)).toBe(
      '{"seq":20,"patches":[{"op":"replace","path":["users",0,"first_name"],"value":"Step 20"}]}',
    );
    const restarted = testStore({ file, seed: buildSeed });
    expect(restarted.state.users[0]!.first_name).toBe('Step 20');
  });

  it('keeps every acknowledged change of a store that was never closed (as after a kill -9)', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed: buildSeed });
    const writes = Array.from({ length: 30 }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index % 5));
      store.transact((draft) => {
        draft.licenceKeys.push({ key: `ACK-${index}`, tenantId: null });
      });
      await store.flushed();
    });
    await Promise.all(writes);
    const restarted = testStore({ file, seed: buildSeed });
    expect(restarted.state).toEqual(store.state);
  });

  it('starts from the seed with fresh, and reset goes back to it', async () => {
    const file = tempStoreFile();
    const store = testStore({ file, seed: buildSeed });
    store.transact((draft) => {
      draft.launches = [];
    });
    await store.flushed();
    expect(testStore({ file, seed: buildSeed, fresh: true }).state.launches.length).toBeGreaterThan(
      0,
    );
    store.reset();
    expect(store.state.launches.length).toBeGreaterThan(0);
    await store.flushed();
  });

  it('seeds the world of the contract examples', () => {
    const seed = buildSeed();
    expect(seed.attributes.filter((row) => row.is_aws_ace)).toHaveLength(63);
    expect(seed.attributes.filter((row) => row.is_salesforce && row.tenantId === 1)).toHaveLength(
      103,
    );
    expect(
      new Set(seed.syncErrors.filter((row) => row.tenantId === 1).map((row) => row.error_type))
        .size,
    ).toBe(5);
    expect(seed.users.map((user) => user.email)).toEqual(
      expect.arrayContaining([
        'dana.whitfield@acme-cloud.com',
        'marcus.oyelaran@acme-cloud.com',
        'ops@globex.example',
      ]),
    );
    expect(seed.licenceKeys.filter((key) => key.tenantId === null).map((key) => key.key)).toEqual([
      'DEMO-LICENCE-1',
      'DEMO-LICENCE-2',
      'DEMO-LICENCE-3',
    ]);
  });
});
