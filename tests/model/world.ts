/**
 * The system under test of the model-based suite: the sandbox in process, on a store in a
 * temporary folder, driven over its HTTP API (Hono's `app.request`) with real tokens, as the app
 * drives it. One World per fast-check run:
 *
 *   const world = await openWorld();       // a fresh sandbox on its own folder, Dana signed in
 *   await world.dana.get('/api/v1/users/'); // every call checks that the reply is no 5xx
 *   await restart(world, 'crash');          // a restart from what is on disk
 *   await closeWorld(world);                // the sandbox stopped, its folders removed
 *
 * Deterministic on purpose, so that a seed replays the same sequence to the same replies: the
 * sandbox's clock is a virtual one (`world.clock`) that the commands move on, a minute a step,
 * from an instant the property draws (0 to 72 hours after the day after the seed's last sync); syncs run without pacing and a step
 * waits for its sync to end (`settle`).
 *
 * Restarts are real: 'clean' stops the sandbox (its store waits for its writes and folds the
 * journal into the snapshot, as a stop of `npm start` does) and starts another on the same folder;
 * 'crash' starts the other on a copy of the folder as it is at that instant (the snapshot and the
 * journal, as a kill -9 would leave them: every reply already waited for its change to be on disk)
 * and only then stops the first, whose own files nobody reads any more.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO_PASSWORD } from '../sandbox/seed/seed';
import { createSandbox } from '../sandbox/server';
import { stopSandbox } from '../sandbox/test-client';

/** A reply as the suite reads it (the handlers are typed by the contract; checks read the shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Answer<B = Loose> {
  status: number;
  body: B;
}

type Sandbox = ReturnType<typeof createSandbox>;

/** The tenant every run works in, and its super admin. */
const DANA = 'dana.whitfield@acme-cloud.com';
export const ACME_SUBDOMAIN = 'acme';
/** The virtual clock's start: the day after the seed's last sync (2026-03-02T12:00Z). */
const CLOCK_START = Date.parse('2026-03-03T09:00:00Z');
const HOUR_MS = 3_600_000;
/** How far the clock moves at each step. */
const STEP_MS = 60_000;

/** A call that answered 5xx: no sequence of user actions may make the server fail. */
class ServerFailure extends Error {
  override name = 'ServerFailure';
}

interface Clock {
  now(): Date;
  /** Moves the clock on by a step. */
  tick(): void;
}

function virtualClock(hoursLater: number): Clock {
  let at = CLOCK_START + hoursLater * HOUR_MS;
  return {
    now: () => new Date(at),
    tick: () => {
      at += STEP_MS;
    },
  };
}

const XSRF = /XSRF-TOKEN=([^;]+)/;

/**
 * A signed-in client: its tokens and XSRF cookie, sent on every call to whichever sandbox the
 * world runs now (a restart keeps the session: the tokens are the client's, the session the
 * server's).
 */
export class Client {
  constructor(
    private readonly world: World,
    readonly email: string,
    readonly access: string,
    readonly refresh: string,
    private readonly xsrf: string,
  ) {}

  async send<B = Loose>(method: string, path: string, body?: unknown): Promise<Answer<B>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.access}`,
      cookie: `XSRF-TOKEN=${this.xsrf}`,
    };
    if (method !== 'GET') headers['x-xsrf-token'] = this.xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return request(this.world, method, path, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  get<B = Loose>(path: string): Promise<Answer<B>> {
    return this.send('GET', path);
  }
  post<B = Loose>(path: string, body?: unknown): Promise<Answer<B>> {
    return this.send('POST', path, body);
  }
  patch<B = Loose>(path: string, body?: unknown): Promise<Answer<B>> {
    return this.send('PATCH', path, body);
  }
  delete<B = Loose>(path: string): Promise<Answer<B>> {
    return this.send('DELETE', path);
  }
}

export interface World {
  clock: Clock;
  /** The folder the sandbox runs on now, and every folder made (removed at the end). */
  dir: string;
  dirs: string[];
  sandbox: Sandbox;
  /** Dana's current session: the actor of every command. */
  dana: Client;
  /** Sessions signed out (their tokens must stay refused, across restarts too). */
  signedOut: Client[];
  /** The calls made, newest last ("GET /path -> 200"), for the message of a failure. */
  calls: string[];
  restarts: number;
  /** Steps run (commands.ts counts them). */
  steps: number;
  /** A clean restart stopped the sandbox and could not start another. */
  stopped: boolean;
}

/** One call to the current sandbox; a 5xx reply throws ServerFailure (the rule: no 5xx, ever). */
async function request(
  world: World,
  method: string,
  path: string,
  init: { headers: Record<string, string>; body?: string },
): Promise<Answer> {
  const response = await world.sandbox.app.request(path, { method, ...init });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  world.calls.push(`${method} ${path} -> ${response.status}`);
  if (world.calls.length > 400) world.calls.splice(0, 200);
  if (response.status >= 500)
    throw new ServerFailure(
      `no-5xx: ${method} ${path} answered ${response.status}: ${text.slice(0, 1000)}`,
    );
  return { status: response.status, body };
}

/** Signs in at the current sandbox (the demo password); throws unless it answers 200. */
export async function signIn(world: World, email: string = DANA): Promise<Client> {
  const response = await world.sandbox.app.request('/api/v1/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  world.calls.push(`POST /api/v1/auth/login/ -> ${response.status}`);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { access: string; refresh: string };
  const xsrf = XSRF.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return new Client(world, email, body.access, body.refresh, xsrf);
}

function sandboxOn(dir: string, clock: Clock): Sandbox {
  return createSandbox({
    dataDir: dir,
    now: () => clock.now(),
    // No pacing, no queueing: a sync of the seeded org takes some tens of milliseconds.
    syncRate: 0,
    syncDelayMs: 0,
    // Tokens outlive any sequence (the clock moves a minute a step).
    accessTtl: 30 * 24 * 3600,
    doorToken: undefined,
  });
}

/**
 * A fresh sandbox on a new temporary folder, from the seed, with Dana signed in; its clock starts
 * `hoursLater` hours after 2026-03-03T09:00Z (later starts reach the 30 days the seed's oldest
 * runs are kept).
 */
export async function openWorld(hoursLater = 0): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'model-sandbox-'));
  const clock = virtualClock(hoursLater);
  const world = {
    clock,
    dir,
    dirs: [dir],
    sandbox: sandboxOn(dir, clock),
    signedOut: [],
    calls: [],
    restarts: 0,
    steps: 0,
    stopped: false,
  } as unknown as World;
  world.dana = await signIn(world);
  return world;
}

/** Waits until every sync started so far has ended (the runner's own promise). */
export async function settle(world: World): Promise<void> {
  await world.sandbox.syncs.idle();
}

/** Stops the sandbox and starts another from what is on disk (see the top of the file). */
export async function restart(world: World, kind: 'clean' | 'crash'): Promise<void> {
  const before = world.sandbox;
  world.restarts += 1;
  if (kind === 'clean') {
    world.stopped = true;
    await stopSandbox(before);
    world.sandbox = sandboxOn(world.dir, world.clock);
    world.stopped = false;
    return;
  }
  const copy = mkdtempSync(join(tmpdir(), 'model-sandbox-'));
  world.dirs.push(copy);
  cpSync(world.dir, copy, { recursive: true });
  world.dir = copy;
  try {
    world.sandbox = sandboxOn(copy, world.clock);
  } catch (error) {
    world.stopped = true;
    await stopSandbox(before);
    throw error;
  }
  await stopSandbox(before);
}

/** Stops the sandbox (unless a restart that failed left none running) and removes the folders. */
export async function closeWorld(world: World): Promise<void> {
  try {
    if (!world.stopped) await stopSandbox(world.sandbox);
  } finally {
    for (const dir of world.dirs) rmSync(dir, { recursive: true, force: true });
  }
}
