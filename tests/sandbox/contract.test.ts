// @vitest-environment node
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { contractJson } from '../contract/contract-json';
import { CONTRACT_FILE, CONTRACT_JSON_FILE, contractThrottles } from './contract';

describe("the sandbox's copy of the contract", () => {
  // The sandbox reads generated/openapi.json, never the YAML: a contract edit without
  // `npm run generate` would leave it serving the old contract. This fails first, with the fix.
  it('is openapi.yaml as it is now (run `npm run generate` if not)', () => {
    const expected = contractJson(readFileSync(CONTRACT_FILE, 'utf8'));
    expect(readFileSync(CONTRACT_JSON_FILE, 'utf8') === expected).toBe(true);
  });
});

describe("the contract's throttles (components.x-throttles, named by each operation's x-throttle)", () => {
  const login = (throttle: unknown, responses: Record<string, unknown> = { '429': {} }) => ({
    '/api/v1/auth/login/': { post: { 'x-throttle': throttle, responses } },
  });
  const doc = (limits: Record<string, unknown>, paths: object) => ({
    components: { 'x-throttles': limits },
    paths,
  });
  const perAccount = { per: 'account', max: 5, seconds: 60 };

  it('are read as data', () => {
    expect(contractThrottles().signInPerAccountAndClient).toEqual({
      ...perAccount,
      per: 'account and client',
      silent: false,
    });
    expect(contractThrottles(doc({ a: perAccount }, login(['a'])))).toEqual({
      a: { ...perAccount, silent: false },
    });
    expect(
      contractThrottles(doc({ a: { ...perAccount, silent: true } }, login(['a']))).a?.silent,
    ).toBe(true);
  });

  it.each([
    ['a malformed limit', doc({ a: { ...perAccount, max: 0 } }, login(['a'])), /x-throttles\.a: /],
    ['a scope it does not know', doc({ a: { ...perAccount, per: 'ip' } }, login(['a'])), /\.a: /],
    [
      'a silent that is not a boolean',
      doc({ a: { ...perAccount, silent: 'yes' } }, login(['a'])),
      /\.a: /,
    ],
    ['an operation naming no limit', doc({ a: perAccount }, login(['b'])), /b is not in/],
    ['a limit no operation names', doc({ a: perAccount, b: perAccount }, login(['a'])), /b: no/],
    ['a throttled operation without its 429', doc({ a: perAccount }, login(['a'], {})), /429/],
  ])('refuse %s, naming it', (_, document, message) => {
    expect(() => contractThrottles(document)).toThrow(message);
  });
});
