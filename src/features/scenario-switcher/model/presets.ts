import { operationKey } from './catalogue-types';
import { type ActiveScenarios } from './scenario-store';

/**
 * The journeys QA repeats, as Prism mock scenarios: for each request (method and contract path)
 * the `Prefer` header that picks the mock's reply. Plain data, no React: the development
 * scenario panel applies them. Every entry names a status code and example of openapi.yaml; a unit test
 * checks them against the contract, so a renamed example fails the build, not a QA session.
 */
interface PresetEntry {
  /** Upper-case HTTP method. */
  method: string;
  /** The contract path, exactly as openapi.yaml writes it (`{param}` templates included). */
  path: string;
  /** Prism's `Prefer` header, canonical spelling: `code=<status>, example=<name>`. */
  prefer: string;
  /** Only the next `times` requests get it (e.g. one 401); absent means every request. */
  times?: number;
}

export interface Preset {
  name: string;
  description: string;
  entries: readonly PresetEntry[];
}

const LOGIN = '/api/v1/auth/login/';
const REFRESH = '/api/v1/auth/token/refresh/';
const CONNECTION_STEP = '/api/v1/connection-step-status/';

export const PRESETS = [
  {
    name: 'new company at step 3',
    description:
      'Log in as the company admin: set-up stopped before the Salesforce connection, so the wizard opens at step 3.',
    entries: [
      { method: 'POST', path: LOGIN, prefer: 'code=200, example=superAdmin' },
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=200, example=incompleteStep3' },
    ],
  },
  {
    name: 'user with set-up incomplete',
    description:
      'Log in as an ordinary user whose company has not finished set-up: the dashboard sends them to /incomplete-setup.',
    entries: [
      { method: 'POST', path: LOGIN, prefer: 'code=200, example=user' },
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=200, example=incompleteStep4' },
    ],
  },
  {
    name: 'Salesforce connection failed',
    description:
      'The company admin at step 3: connecting Salesforce fails, and the connection health reports Failed.',
    entries: [
      { method: 'POST', path: LOGIN, prefer: 'code=200, example=superAdmin' },
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=200, example=incompleteStep3' },
      {
        method: 'POST',
        path: '/api/v1/tenants/connections/',
        prefer: 'code=400, example=connectionFailed',
      },
      {
        method: 'POST',
        path: '/api/v1/tenants/update-sf/',
        prefer: 'code=400, example=connectionFailed',
      },
      {
        method: 'GET',
        path: '/api/v1/tenants/check-connection/',
        prefer: 'code=200, example=failed',
      },
    ],
  },
  {
    name: 'sync errors of every category',
    description:
      'Set-up complete; the ACE Sync Errors table lists one error of each of the five categories.',
    entries: [
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=200, example=complete' },
      {
        method: 'GET',
        path: '/api/v1/salesforce/data-mappings/sync-errors/',
        prefer: 'code=200, example=allCategories',
      },
    ],
  },
  {
    name: 'session expired',
    description:
      'The next set-up check answers 401 (access token expired) once; the app refreshes the token and retries.',
    entries: [
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=401, example=tokenInvalid', times: 1 },
      { method: 'POST', path: REFRESH, prefer: 'code=200, example=refreshed' },
    ],
  },
  {
    name: 'session ended (refresh refused)',
    description:
      'The next set-up check answers 401 and the refresh token is refused: the session ends and the app goes to /login.',
    entries: [
      { method: 'POST', path: CONNECTION_STEP, prefer: 'code=401, example=tokenInvalid', times: 1 },
      { method: 'POST', path: REFRESH, prefer: 'code=401, example=invalidRefresh' },
    ],
  },
] as const satisfies readonly Preset[];

export type PresetName = (typeof PRESETS)[number]['name'];

/** The active scenarios a preset sets: its entries by operation key. */
export function presetScenarios(preset: Preset): ActiveScenarios {
  return Object.fromEntries(
    preset.entries.map((entry) => [
      operationKey(entry),
      entry.times === undefined
        ? { prefer: entry.prefer }
        : { prefer: entry.prefer, times: entry.times },
    ]),
  );
}

export function findPreset(name: PresetName): Preset {
  const preset = PRESETS.find((candidate) => candidate.name === name);
  if (!preset) throw new Error(`No scenario preset named "${name}".`);
  return preset;
}
