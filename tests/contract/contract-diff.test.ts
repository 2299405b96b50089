import { describe, expect, it } from 'vitest';

import { diffContracts, formatReport } from './contract-diff.mjs';

const ok = { description: 'OK' };
const userSchema = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string' } },
};

/** Version 1 of a tiny contract. */
const before = {
  openapi: '3.0.3',
  info: { title: 'Tiny', version: '1.0.0' },
  paths: {
    '/users/': {
      get: { operationId: 'listUsers', responses: { '200': ok } },
      post: {
        operationId: 'inviteUser',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
        },
        responses: { '201': ok, '400': { description: 'Bad request' } },
      },
    },
    '/users/{id}/': {
      delete: { operationId: 'deleteUser', responses: { '204': ok } },
    },
  },
  components: { schemas: { User: userSchema } },
};

/** Version 2: one operation removed, one added, one response dropped, a field newly required. */
const after = {
  ...before,
  info: { title: 'Tiny', version: '2.0.0' },
  paths: {
    '/users/': {
      get: { operationId: 'listUsers', summary: 'Every user', responses: { '200': ok } },
      post: {
        operationId: 'inviteUser',
        requestBody: before.paths['/users/'].post.requestBody,
        responses: { '201': ok },
      },
    },
    '/launches/': { get: { operationId: 'listLaunches', responses: { '200': ok } } },
  },
  components: {
    schemas: {
      User: {
        ...userSchema,
        required: ['email', 'role'],
        properties: { ...userSchema.properties, role: { type: 'string' } },
      },
    },
  },
};

describe('contract diff', () => {
  const report = diffContracts(before, after);

  it('lists the operations added and removed', () => {
    expect(report.added.map((op) => `${op.method} ${op.path} ${op.id}`)).toEqual([
      'GET /launches/ listLaunches',
    ]);
    expect(report.removed.map((op) => `${op.method} ${op.path} ${op.id}`)).toEqual([
      'DELETE /users/{id}/ deleteUser',
    ]);
  });

  it('lists the changed operations, breaking ones first, with breaking changes first', () => {
    expect(report.changed.map((op) => op.id)).toEqual(['inviteUser', 'listUsers']);
    const invite = report.changed[0];
    expect(invite?.changes.length).toBeGreaterThan(0);
    expect(invite?.changes.every((change) => change.type === 'breaking')).toBe(true);
    // The newly required field arrives through a $ref: it is shown on the operation using it.
    expect(invite?.changes.map((change) => change.text).join('\n')).toMatch(/role/);
    expect(invite?.changes.map((change) => change.text).join('\n')).toMatch(/400/);
    expect(report.changed[1]?.changes.some((change) => change.type === 'breaking')).toBe(false);
    expect(report.breakingCount).toBeGreaterThanOrEqual(3);
  });

  it('prints removed operations and breaking changes before the rest', () => {
    const text = formatReport(report, 'Tiny v1 -> v2');
    const at = (needle: string) => text.indexOf(needle);
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Tiny v1 -> v2',
      `1 operation(s) added, 1 removed, 2 changed; ${report.breakingCount} breaking change(s).`,
    ]);
    expect(at('! DELETE /users/{id}/ (deleteUser)')).toBeGreaterThan(0);
    expect(at('! DELETE /users/{id}/')).toBeLessThan(at('! POST /users/ (inviteUser)'));
    expect(at('! POST /users/ (inviteUser)')).toBeLessThan(at('~ GET /users/ (listUsers)'));
    expect(at('~ GET /users/ (listUsers)')).toBeLessThan(at('+ GET /launches/ (listLaunches)'));
    expect(text).toMatch(/Other changes \(1\)\n {2}- annotation: .*info\.version/);
  });

  it('says so when nothing changed', () => {
    expect(formatReport(diffContracts(before, before))).toMatch(/No differences\.$/);
  });
});
