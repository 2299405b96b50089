// @vitest-environment node
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createSandboxApp, operationsWithoutHandler } from './app';
import { contractOperations, missingHandlerHint, routePattern } from './contract';
import { handlerModules } from './handlers';
import { registerWebhooks } from './handlers/webhooks';
import { createSandbox } from './server';
import { stopSandbox } from './test-client';

describe('the sandbox implements the contract', () => {
  const sandbox = createSandbox({ inMemory: true });
  afterAll(() => stopSandbox(sandbox));
  const { app } = sandbox;
  const routes = new Set(app.routes.map((route) => `${route.method} ${route.path}`));

  it('has a handler for every operation (the failure names the file and the line to add)', () => {
    expect(operationsWithoutHandler(app).map(missingHandlerHint)).toEqual([]);
  });

  it('answers no route outside the contract under /api/v1', () => {
    const declared = new Set(
      contractOperations().map((op) => `${op.method.toUpperCase()} ${routePattern(op.path)}`),
    );
    const extra = [...routes].filter((route) => route.includes('/api/v1/') && !declared.has(route));
    expect(extra).toEqual([]);
  });

  it('says at start which operations have no handler, and answers each with 501 naming it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const partial = createSandboxApp(
        sandbox.deps,
        handlerModules.filter((register) => register !== registerWebhooks),
      );
      const missing = operationsWithoutHandler(partial);
      expect(missing.map((op) => op.operationId)).toContain('sendWebhookTest');
      expect(missing.every((op) => op.tag === 'webhooks')).toBe(true);
      expect(warn).toHaveBeenCalledOnce();
      const printed = String(warn.mock.calls[0]?.[0]);
      expect(printed).toMatch(/operation\(s\) of openapi\.yaml have no handler and answer 501/);
      expect(printed).toContain(
        "sendWebhookTest (POST /api/v1/webhooks/{id}/test/) is in openapi.yaml, but the sandbox has no handler for it: add `operation(app, 'post', '/api/v1/webhooks/{id}/test/', (call) => ...)` to tests/sandbox/handlers/webhooks.ts",
      );
      const reply = await partial.request('/api/v1/webhooks/1/test/', {
        method: 'POST',
        headers: { host: '127.0.0.1' },
      });
      expect(reply.status).toBe(501);
      expect(((await reply.json()) as { detail: string }).detail).toMatch(
        /^sendWebhookTest \(POST \/api\/v1\/webhooks\/\{id\}\/test\/\) is in openapi\.yaml, but the sandbox has no handler/,
      );
    } finally {
      warn.mockRestore();
    }
  });
});
