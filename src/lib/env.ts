/**
 * The app's configuration, read and validated here; nothing else reads it. The API host is
 * runtime configuration, not a build setting: the server answers `GET /config.json` with it
 * (Caddy from its API_HOST when it starts, a Vite plugin in dev and preview), so one build serves
 * every environment. The app starts reading it at start-up without waiting for it to paint, and
 * the transport waits for it before its first call.
 */
import apiHostPattern from './api-host.pattern?raw';
import { CONFIG_PATH } from './config-path';

export interface AppEnv {
  /** The API host (e.g. `api.acebridge.io`); undefined means relative `/api` on this origin. */
  apiHost: string | undefined;
}

/**
 * A host name or IPv4 address (or the IPv6 loopback, for a local run against `[::1]:4010`), with
 * a port from 1 to 65535 if it needs one. Written once, in a form POSIX `grep -E` reads too: the
 * production server refuses to start with a value that breaks it (tests/serve/check-api-host.sh).
 */
const API_HOST = new RegExp(apiHostPattern.trim());

const NO_API_HOST: AppEnv = { apiHost: undefined };

/** The body of `/config.json`, validated: throws with what is wrong. */
export function parseEnv(raw: unknown): AppEnv {
  if (typeof raw !== 'object' || raw === null)
    throw new Error(`${CONFIG_PATH} is not a JSON object.`);
  const value = (raw as Record<string, unknown>).apiHost;
  if (value !== undefined && typeof value !== 'string') {
    throw new Error(`apiHost must be a string, not ${JSON.stringify(value)}.`);
  }
  const host = (value ?? '').trim();
  if (host && !API_HOST.test(host)) {
    throw new Error(`apiHost must be a host name such as api.example.com, not "${host}".`);
  }
  return { apiHost: host || undefined };
}

/**
 * Reads `/config.json`. Never rejects: a missing or bad configuration is reported on the console
 * and not used, and the app calls `/api` on its own origin.
 */
export async function fetchEnv(fetchConfig: typeof fetch = fetch): Promise<AppEnv> {
  try {
    const response = await fetchConfig(CONFIG_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${CONFIG_PATH} answered ${response.status}.`);
    return parseEnv(await response.json());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `AceBridge configuration ignored: ${reason} API calls go to /api on this origin instead.`,
    );
    return NO_API_HOST;
  }
}

let current: Promise<AppEnv> = Promise.resolve(NO_API_HOST);
let loaded: AppEnv | undefined = NO_API_HOST;

/**
 * Starts reading the configuration (main.tsx, once, before the first render); `env()` answers
 * with it from then on. Tests pass the configuration they want.
 */
export function startEnv(pending: Promise<AppEnv> = fetchEnv()): void {
  current = pending;
  loaded = undefined;
  pending.then(
    (value) => {
      if (current === pending) loaded = value;
    },
    () => undefined,
  );
}

/** The configuration, once read; before `startEnv()` (as in unit tests), no API host. */
export function env(): Promise<AppEnv> {
  return current;
}

/**
 * The configuration if it has been read already, else undefined: once it is known, a call can go
 * out in the same task as it is made, without waiting for a promise.
 */
export function loadedEnv(): AppEnv | undefined {
  return loaded;
}
