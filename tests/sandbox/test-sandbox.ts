/**
 * Sandboxes, stores and store files for tests, each put away when the test that made it ends
 * (vitest's onTestFinished), so that no test leaves work running or a file open behind it:
 *
 *   const { app, store, syncs } = testSandbox({ inMemory: true }); // in a test or its beforeEach
 *   const file = tempStoreFile();            // state.json in a new temporary folder
 *   const store = testStore({ file, seed }); // a store on that file
 *
 * A sandbox a whole file shares (made outside any test) is stopped by the file itself:
 * `afterAll(() => stopSandbox(sandbox))` (test-client.ts: the sandbox's server module does not load
 * in jsdom, and the app's tests stop theirs with it too).
 *
 * At the end of the test (vitest runs these in the reverse order of their registration): every
 * sync under way is dropped and waited for, every store is closed (a store on disk waits for its
 * writes, then closes its journal), then the temporary folder is removed. A store on disk keeps
 * its journal open (a FileHandle) until `close()`: a store a test drops is closed by the garbage
 * collector instead, at some later moment, which Node warns of ("Closing file descriptor N on
 * garbage collection", DEP0137) and will one day make an error. A sync a test leaves under way
 * goes on in the time of the next tests.
 *
 * A store closed at the end of its test still stands for a process that died when the test
 * restarts another store on its file: close() comes only after the test's own assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { onTestFinished } from 'vitest';

import { createSandbox, type SandboxOptions } from './server';
import { createStore, type Store, type StoreOptions } from './store/store';
import { stopSandbox, TEST_DOOR_TOKEN } from './test-client';

/**
 * The sandbox in process (createSandbox), stopped when the current test ends. Its front door's
 * secret is TEST_DOOR_TOKEN unless `doorToken` is given (undefined: none, nothing forwarded is
 * believed): a test plays a client of its own with test-client.ts's throughDoor.
 */
export function testSandbox(options: SandboxOptions = {}): ReturnType<typeof createSandbox> {
  const sandbox = createSandbox({
    ...options,
    doorToken: 'doorToken' in options ? options.doorToken : TEST_DOOR_TOKEN,
  });
  onTestFinished(() => stopSandbox(sandbox));
  return sandbox;
}

/** A store (createStore), closed when the current test ends. */
export function testStore(options: StoreOptions): Store {
  const store = createStore(options);
  onTestFinished(() => store.close());
  return store;
}

/**
 * A snapshot file in a new temporary folder (not created yet), for stores on disk; the folder is
 * removed when the current test ends, after the stores the test made on it are closed.
 */
export function tempStoreFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return join(folder, 'state.json');
}
