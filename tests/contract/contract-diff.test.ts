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

/**
 * A contract with a request body, parameters (one at path level, through a $ref) and a response,
 * in which each case below changes one thing.
 */
function contract() {
  return {
    openapi: '3.1.0',
    info: { title: 'Tiny', version: '1.0.0' },
    paths: {
      '/users/': {
        get: {
          operationId: 'listUsers',
          parameters: [
            { name: 'page', in: 'query', schema: { type: 'integer' } },
            { name: 'kind', in: 'query', schema: { type: 'string', enum: ['staff', 'guest'] } },
          ],
          responses: {
            '200': {
              description: 'The users',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/User' } },
                },
              },
            },
            '404': { description: 'No such page' },
          },
        },
        post: {
          operationId: 'inviteUser',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Invite' } } },
          },
          responses: { '201': { description: 'Invited' } },
        },
      },
      '/users/{id}/': {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        delete: { operationId: 'deleteUser', responses: { '204': { description: 'Deleted' } } },
      },
    },
    components: {
      parameters: {
        Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      },
      schemas: {
        Invite: {
          type: 'object',
          required: ['email'],
          properties: {
            email: { type: 'string', format: 'email' },
            role: { type: 'string', enum: ['admin', 'user'] },
            note: { type: 'string' },
          },
        },
        User: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            age: { type: 'integer' },
            team: { type: 'object', properties: { id: { type: 'integer' } } },
          },
        },
      },
    },
  };
}
type Contract = ReturnType<typeof contract>;

/** Every change as `METHOD path: type: text` (removed operations as `removed`). */
function changes(mutate: (doc: Contract) => void): string[] {
  const after = contract();
  mutate(after);
  const report = diffContracts(contract(), after);
  return [
    ...report.removed.map((op) => `${op.method} ${op.path}: breaking: operation removed`),
    ...report.changed.flatMap((op) =>
      op.changes.map((change) => `${op.method} ${op.path}: ${change.type}: ${change.text}`),
    ),
    ...report.added.map((op) => `${op.method} ${op.path}: non-breaking: operation added`),
  ];
}

const invite = (doc: Contract) => doc.components.schemas.Invite;
const user = (doc: Contract) => doc.components.schemas.User;
const listUsers = (doc: Contract) => doc.paths['/users/'].get;
type Properties = Record<string, unknown>;

describe('contract diff: what breaks a client built on the old contract', () => {
  it.each<[string, (doc: Contract) => void, string]>([
    [
      'a request property removed',
      (doc) => delete (invite(doc).properties as Properties).note,
      'POST /users/: breaking: request body (application/json), property `note`: string → (removed)',
    ],
    [
      'a request property made required',
      (doc) => invite(doc).required.push('note'),
      'POST /users/: breaking: request body (application/json), property `note`: optional → required',
    ],
    [
      'a new required request property',
      (doc) => {
        (invite(doc).properties as Properties).team = { type: 'string' };
        invite(doc).required.push('team');
      },
      'POST /users/: breaking: request body (application/json), property `team`: (none) → string, required',
    ],
    [
      'a request enum narrowed',
      (doc) => (invite(doc).properties.role.enum = ['admin']),
      'POST /users/: breaking: request body (application/json), property `role`, enum: admin | user → admin',
    ],
    [
      'an enum set on a request property that took any value',
      (doc) => Object.assign(invite(doc).properties.note, { enum: ['a', 'b'] }),
      'POST /users/: breaking: request body (application/json), property `note`, enum: (none) → a | b',
    ],
    [
      'a request body made required',
      (doc) => Object.assign(doc.paths['/users/'].post.requestBody, { required: true }),
      'POST /users/: breaking: request body: optional → required',
    ],
    [
      'a request type changed',
      (doc) => (invite(doc).properties.note.type = 'integer'),
      'POST /users/: breaking: request body (application/json), property `note`, type: string → integer',
    ],
    [
      'a parameter removed',
      (doc) => listUsers(doc).parameters.splice(0, 1),
      'GET /users/: breaking: query parameter `page`: integer, optional → (removed)',
    ],
    [
      'a parameter made required',
      (doc) => Object.assign(listUsers(doc).parameters[0]!, { required: true }),
      'GET /users/: breaking: query parameter `page`: optional → required',
    ],
    [
      'a new required parameter',
      (doc) =>
        listUsers(doc).parameters.push({
          name: 'q',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        } as never),
      'GET /users/: breaking: query parameter `q`: (none) → string, required',
    ],
    [
      'a parameter enum narrowed',
      (doc) => (listUsers(doc).parameters[1]!.schema.enum = ['staff']),
      'GET /users/: breaking: query parameter `kind`, enum: staff | guest → staff',
    ],
    [
      'a path-level parameter (a $ref) changing type',
      (doc) => (doc.components.parameters.Id.schema.type = 'string'),
      'DELETE /users/{id}/: breaking: path parameter `id`, type: integer → string',
    ],
    [
      'a response property removed, deep in an array item',
      (doc) => delete (user(doc).properties.team.properties as Properties).id,
      'GET /users/: breaking: response 200 (application/json), property `[].team.id`: integer → (removed)',
    ],
    [
      'a response type changed',
      (doc) => (user(doc).properties.age.type = 'string'),
      'GET /users/: breaking: response 200 (application/json), property `[].age`, type: integer → string',
    ],
    [
      'a response property that may now be null',
      (doc) => Object.assign(user(doc).properties.name, { type: ['string', 'null'] }),
      'GET /users/: breaking: response 200 (application/json), property `[].name`, type: string → string | null',
    ],
    [
      'a response status removed',
      (doc) => delete (listUsers(doc).responses as Properties)['404'],
      'GET /users/: breaking: response 404: "No such page" → (removed)',
    ],
    [
      'an operation removed',
      (doc) => delete (doc.paths['/users/'] as Properties).post,
      'POST /users/: breaking: operation removed',
    ],
  ])('%s', (_name, mutate, expected) => {
    expect(changes(mutate)).toEqual([expected]);
  });
});

describe('contract diff: renames', () => {
  it('reports a request property renamed (same schema) as one rename, not a removal and an addition', () => {
    const renamed = changes((doc) => {
      const properties = invite(doc).properties as Properties;
      properties.comment = properties.note;
      delete properties.note;
    });
    expect(renamed).toEqual([
      'POST /users/: breaking: request body (application/json): renamed `note` → `comment` (string)',
    ]);
  });

  it('folds a renamed required property into the rename', () => {
    const renamed = changes((doc) => {
      const properties = invite(doc).properties as Properties;
      properties.mail = properties.email;
      delete properties.email;
      invite(doc).required = ['mail'];
    });
    expect(renamed).toEqual([
      'POST /users/: breaking: request body (application/json): renamed `email` → `mail` (string (email))',
    ]);
  });

  it('reports a renamed response property and a renamed parameter', () => {
    expect(
      changes((doc) => {
        const properties = user(doc).properties as Properties;
        properties.years = properties.age;
        delete properties.age;
        listUsers(doc).parameters[0]!.name = 'pageNumber';
      }),
    ).toEqual([
      'GET /users/: breaking: query parameter: renamed `page` → `pageNumber` (integer, optional)',
      'GET /users/: breaking: response 200 (application/json): renamed `[].age` → `[].years` (integer)',
    ]);
  });

  it('keeps a removal and an addition apart when their schemas differ', () => {
    expect(
      changes((doc) => {
        const properties = invite(doc).properties as Properties;
        properties.count = { type: 'integer' };
        delete properties.note;
      }),
    ).toEqual([
      'POST /users/: breaking: request body (application/json), property `note`: string → (removed)',
      'POST /users/: non-breaking: request body (application/json), property `count`: (none) → integer',
    ]);
  });

  it('keeps them apart when two of the same schema could pair either way', () => {
    const lines = changes((doc) => {
      const properties = user(doc).properties as Properties;
      delete properties.name;
      delete properties.age;
      properties.first = { type: 'string' };
      properties.last = { type: 'string' };
      properties.years = { type: 'integer' };
    });
    expect(lines.filter((line) => line.includes('renamed'))).toEqual([
      'GET /users/: breaking: response 200 (application/json): renamed `[].age` → `[].years` (integer)',
    ]);
    expect(lines.filter((line) => line.includes('(removed)'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('(none)'))).toHaveLength(2);
  });
});

describe('contract diff: what does not break a client', () => {
  it.each<[string, (doc: Contract) => void, string]>([
    [
      'an optional request property',
      (doc) => Object.assign(invite(doc).properties, { team: { type: 'string' } }),
      'POST /users/: non-breaking: request body (application/json), property `team`: (none) → string',
    ],
    [
      'an optional parameter',
      (doc) =>
        listUsers(doc).parameters.push({
          name: 'q',
          in: 'query',
          schema: { type: 'string' },
        } as never),
      'GET /users/: non-breaking: query parameter `q`: (none) → string, optional',
    ],
    [
      'a request enum widened',
      (doc) => invite(doc).properties.role.enum.push('owner'),
      'POST /users/: non-breaking: request body (application/json), property `role`, enum: admin | user → admin | user | owner',
    ],
    [
      'a response property',
      (doc) => Object.assign(user(doc).properties, { email: { type: 'string' } }),
      'GET /users/: non-breaking: response 200 (application/json), property `[].email`: (none) → string',
    ],
    [
      'a new operation',
      (doc) =>
        Object.assign(doc.paths['/users/'], { put: { operationId: 'putUsers', responses: {} } }),
      'PUT /users/: non-breaking: operation added',
    ],
  ])('%s', (_name, mutate, expected) => {
    expect(changes(mutate)).toEqual([expected]);
  });

  it('leaves the documents it compares as they were', () => {
    const before = contract();
    const after = contract();
    invite(after).properties.note = Object.assign(invite(after).properties.note, { enum: ['a'] });
    diffContracts(before, after);
    expect(before).toEqual(contract());
  });
});
