// @vitest-environment node
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { contractJson } from '../contract/contract-json';
import { CONTRACT_FILE, CONTRACT_JSON_FILE } from './contract';

describe("the sandbox's copy of the contract", () => {
  // The sandbox reads generated/openapi.json, never the YAML: a contract edit without
  // `npm run generate` would leave it serving the old contract. This fails first, with the fix.
  it('is openapi.yaml as it is now (run `npm run generate` if not)', () => {
    const expected = contractJson(readFileSync(CONTRACT_FILE, 'utf8'));
    expect(readFileSync(CONTRACT_JSON_FILE, 'utf8') === expected).toBe(true);
  });
});
