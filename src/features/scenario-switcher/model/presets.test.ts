import { describe, expect, it } from 'vitest';

import { CATALOGUE } from './catalogue';
import { formatPrefer, parsePrefer } from './prefer';
import { PRESETS } from './presets';

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
