/**
 * The app's configuration, read from the build environment once and validated here; nothing
 * else reads import.meta.env.
 */
export interface AppEnv {
  /** The API host (e.g. `api.acebridge.io`); undefined means relative `/api` through the proxy. */
  apiHost: string | undefined;
  /** True in `vite dev` and in tests; false in a production build. */
  isDev: boolean;
}

const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/i;

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const problems: string[] = [];
  const host = typeof raw.VITE_API_HOST === 'string' ? raw.VITE_API_HOST.trim() : '';
  if (host && !HOSTNAME.test(host)) {
    problems.push(`VITE_API_HOST must be a host name such as api.example.com, not "${host}".`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment:\n- ${problems.join('\n- ')}`);
  }
  return { apiHost: host || undefined, isDev: Boolean(raw.DEV) };
}

export const env: AppEnv = parseEnv(import.meta.env);
