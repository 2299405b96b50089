import { describe, expect, it } from 'vitest';

import { contractDocument } from '@tests/sandbox/contract';

import { CATALOGUE } from './catalogue';
import { formatPrefer, parsePrefer } from './prefer';
import { findPreset, PRESETS, type PresetName } from './presets';

const operations = CATALOGUE.tags.flatMap((tag) => tag.operations);

describe('scenario presets', () => {
  it('cover the journeys QA repeats', () => {
    expect(PRESETS.map((preset) => preset.name)).toEqual(
      expect.arrayContaining([
        'new company at step 3',
        'user with set-up incomplete',
        'Salesforce connection failed',
        'sync errors of every category',
        'session expired',
      ]),
    );
  });

  const entries = PRESETS.flatMap((preset) =>
    preset.entries.map((entry) => ({ preset: preset.name, ...entry })),
  );

  it.each(entries)(
    '$preset: $method $path ($prefer) is an operation, status and example of openapi.yaml',
    ({ method, path, prefer }) => {
      const operation = operations.find((op) => op.method === method && op.path === path);
      expect(operation, `${method} ${path} is not in the contract`).toBeDefined();
      const choice = parsePrefer(prefer);
      expect(choice && formatPrefer(choice), 'canonical Prefer spelling').toBe(prefer);
      const response = operation?.responses.find((candidate) => candidate.code === choice?.code);
      expect(response, `no ${choice?.code} response`).toBeDefined();
      if (choice?.example) {
        expect(response?.examples.map((example) => example.name)).toContain(choice.example);
      }
    },
  );
});

interface Node {
  $ref?: string;
  [key: string]: unknown;
}

/** A node of the contract, its `$ref` followed. */
function resolved(node: unknown): Node {
  const ref = (node as Node | undefined)?.$ref;
  if (!ref) return node as Node;
  const target = ref
    .split('/')
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contractDocument());
  return resolved(target);
}

/**
 * What the mock answers under a preset, per `METHOD path`: the status and the value of the
 * example its Prefer header names (openapi.yaml's own example, `$ref`s followed), and how often.
 */
function presetReplies(name: PresetName) {
  const paths = (contractDocument() as { paths: Record<string, Record<string, Node>> }).paths;
  return Object.fromEntries(
    findPreset(name).entries.map(({ method, path, prefer, times }) => {
      const { code, example } = parsePrefer(prefer)!;
      const operation = resolved(paths[path]?.[method.toLowerCase()]);
      const response = resolved((operation.responses as Record<string, unknown>)[code]);
      const examples = (response.content as Record<string, { examples?: unknown }> | undefined)?.[
        'application/json'
      ]?.examples as Record<string, unknown> | undefined;
      const body = example ? resolved(examples?.[example]).value : undefined;
      return [`${method} ${path}`, { status: Number(code), body, times }];
    }),
  );
}

const LOGIN = 'POST /api/v1/auth/login/';
const STEP = 'POST /api/v1/connection-step-status/';
const REFRESH = 'POST /api/v1/auth/token/refresh/';

// The journeys QA takes with these presets; the app's side of each is tested against the sandbox
// (src/features/auth/auth-forms.test.tsx: where a login leads; tests/session-expiry.test.tsx).
describe('each preset’s examples say what its journey needs', () => {
  it('new company at step 3: the company admin signs in, and set-up stopped at step 3', () => {
    const replies = presetReplies('new company at step 3');
    expect(replies[LOGIN]).toMatchObject({ status: 200, body: { user: { role: 'super_admin' } } });
    expect(replies[STEP]).toMatchObject({ status: 200, body: { current_step: 3, message: null } });
  });

  it('user with set-up incomplete: an ordinary user signs in, and set-up is not complete', () => {
    const replies = presetReplies('user with set-up incomplete');
    expect(replies[LOGIN]).toMatchObject({ status: 200, body: { user: { role: 'user' } } });
    expect(replies[STEP]).toMatchObject({ status: 200, body: { message: null } });
  });

  it('session expired: one 401 of the set-up check, then a refresh that gives new tokens', () => {
    const replies = presetReplies('session expired');
    expect(replies[STEP]).toMatchObject({
      status: 401,
      body: { code: 'token_not_valid' },
      times: 1,
    });
    expect(replies[REFRESH]).toMatchObject({
      status: 200,
      body: { access: expect.any(String), refresh: expect.any(String) },
    });
  });

  it('session ended (refresh refused): one 401 of the set-up check, and the refresh refused', () => {
    const replies = presetReplies('session ended (refresh refused)');
    expect(replies[STEP]).toMatchObject({ status: 401, times: 1 });
    expect(replies[REFRESH]).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
  });
});
