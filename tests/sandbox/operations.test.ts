// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';

import { contractOperations, routePattern } from './contract';
import { createSandbox } from './server';
import { stopSandbox } from './test-client';

describe('the sandbox implements the contract', () => {
  const sandbox = createSandbox({ inMemory: true });
  afterAll(() => stopSandbox(sandbox));
  const { app } = sandbox;
  const routes = new Set(app.routes.map((route) => `${route.method} ${route.path}`));

  it.each(contractOperations().map((op) => [op.operationId, op] as const))(
    '%s has a handler',
    (_id, op) => {
      expect(routes.has(`${op.method.toUpperCase()} ${routePattern(op.path)}`)).toBe(true);
    },
  );

  it('answers no route outside the contract under /api/v1', () => {
    const declared = new Set(
      contractOperations().map((op) => `${op.method.toUpperCase()} ${routePattern(op.path)}`),
    );
    const extra = [...routes].filter((route) => route.includes('/api/v1/') && !declared.has(route));
    expect(extra).toEqual([]);
  });
});
