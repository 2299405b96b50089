import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { diffContracts, formatMarkdown, formatReport } from './contract-diff.mjs';

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
      'POST /users/: breaking: request body (application/json): + property `team` (required string)',
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
      'GET /users/: breaking: query parameter `page`: integer → (removed)',
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
      'GET /users/: breaking: + query parameter `q` (required string)',
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
      'POST /users/: non-breaking: request body (application/json): + property `count` (optional integer)',
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
    expect(lines.filter((line) => line.includes('+ property'))).toHaveLength(2);
  });
});

describe('contract diff: what does not break a client', () => {
  it.each<[string, (doc: Contract) => void, string]>([
    [
      'an optional request property',
      (doc) => Object.assign(invite(doc).properties, { team: { type: 'string' } }),
      'POST /users/: non-breaking: request body (application/json): + property `team` (optional string)',
    ],
    [
      'an optional parameter',
      (doc) =>
        listUsers(doc).parameters.push({
          name: 'q',
          in: 'query',
          schema: { type: 'string' },
        } as never),
      'GET /users/: non-breaking: + query parameter `q` (optional string)',
    ],
    [
      'a request enum widened',
      (doc) => invite(doc).properties.role.enum.push('owner'),
      'POST /users/: non-breaking: request body (application/json), property `role`, enum: admin | user → admin | user | owner',
    ],
    [
      'a response property',
      (doc) => Object.assign(user(doc).properties, { email: { type: 'string' } }),
      'GET /users/: non-breaking: response 200 (application/json): + property `[].email` (optional string)',
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

describe('contract diff: the changelog, compared by version', () => {
  const withChangelog = (changelog: { version: string; date: string; changes: string }[]) => ({
    ...contract(),
    info: { title: 'Tiny', version: changelog[0]!.version, 'x-changelog': changelog },
  });
  const lines = Array.from({ length: 12 }, (_, index) => ({
    version: `1.${11 - index}.0`,
    date: `2026-11-${String(10 + index).padStart(2, '0')}`,
    changes: `Version 1.${11 - index}.0.`,
  }));

  it('shows a line added at the top as one line, not every later line shifted', () => {
    const added = {
      version: '1.12.0',
      date: '2026-11-29',
      changes: 'listTeams lists the teams. It takes a page and answers 200 or 401.',
    };
    const report = diffContracts(withChangelog(lines), withChangelog([added, ...lines]));
    expect(report.changelog).toEqual([
      { type: 'annotation', text: '1.12.0 added (2026-11-29): listTeams lists the teams.' },
    ]);
    expect(report.other.map((change) => change.text)).toEqual(['info.version: 1.11.0 → 1.12.0']);
    const text = formatReport(report);
    expect(text.split('\n').filter((line) => line.includes('changelog'))).toEqual([
      '  - changelog: 1.12.0 added (2026-11-29): listTeams lists the teams.',
    ]);
  });

  it('shows an edited line as one line, a long text cut at a word', () => {
    const edited = lines.map((line, index) =>
      index === 3 ? { ...line, changes: `${'A long sentence without an end '.repeat(6)}.` } : line,
    );
    const report = diffContracts(withChangelog(lines), withChangelog(edited));
    expect(report.changelog).toHaveLength(1);
    expect(report.changelog[0]?.text).toMatch(
      /^1\.8\.0 edited: changes now: A long sentence .*\.\.\.$/,
    );
    expect(report.changelog[0]!.text.length).toBeLessThan(160);
  });
});

describe('contract diff: examples', () => {
  it('folds the example changes of an operation into one annotation', () => {
    const withExamples = (examples: Record<string, unknown>) => {
      const doc = contract();
      Object.assign(listUsers(doc).responses['200'].content['application/json'], { examples });
      return doc;
    };
    const report = diffContracts(
      withExamples({ one: { value: [{ name: 'a' }] }, two: { value: [] } }),
      withExamples({
        one: { summary: 'One user', value: [{ name: 'b' }] },
        three: { value: [] },
        four: { value: [] },
      }),
    );
    expect(report.changed.map((op) => [op.id, op.changes])).toEqual([
      [
        'listUsers',
        [
          {
            type: 'annotation',
            text: 'examples changed: three (200), four (200) added; two (200) removed; one (200) changed',
          },
        ],
      ],
    ]);
    expect(formatReport(report)).toContain(
      '      - annotation: examples changed: three (200), four (200) added; two (200) removed; one (200) changed',
    );
  });

  it('counts a schema example or a parameter example as an annotation too', () => {
    expect(
      changes((doc) => {
        Object.assign(user(doc).properties.name, { example: 'Ada' });
        Object.assign(listUsers(doc).parameters[0]!, { example: 2 });
      }),
    ).toEqual([
      'GET /users/: annotation: examples changed: example (query page), `[].name` example (200) added',
    ]);
  });
});

describe('contract diff: what is new, in full', () => {
  it('gives a new operation its summary, statuses and the properties its body requires', () => {
    const after = contract();
    Object.assign(after.paths, {
      '/teams/': {
        post: {
          operationId: 'createTeam',
          summary: 'Create a team',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name', 'lead'],
                  properties: { name: { type: 'string' }, lead: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: 'Created' }, '400': { description: 'Bad' } },
        },
      },
    });
    const report = diffContracts(contract(), after);
    expect(report.added[0]).toMatchObject({
      summary: 'Create a team',
      statuses: ['201', '400'],
      body: { media: ['application/json'], required: ['name', 'lead'] },
    });
    expect(formatReport(report)).toContain(
      '  + POST /teams/ (createTeam): Create a team — 201, 400; request body (application/json) requires `name`, `lead`',
    );
  });

  it('gives a new property its optional or required, type and limits', () => {
    expect(
      changes((doc) => {
        Object.assign(invite(doc).properties, {
          comment: { type: 'string', maxLength: 500, pattern: '^[^<>]*$' },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 5 },
          seats: { type: 'integer', minimum: 1, maximum: 50 },
          mail: { allOf: [{ $ref: '#/components/schemas/Mail' }, { maxLength: 254 }] },
        });
        invite(doc).required.push('seats');
        Object.assign(doc.components.schemas, { Mail: { type: 'string', format: 'email' } });
      }),
    ).toEqual([
      'POST /users/: breaking: request body (application/json): + property `seats` (required integer, minimum 1, maximum 50)',
      'POST /users/: non-breaking: request body (application/json): + property `comment` (optional string, maxLength 500, pattern ^[^<>]*$)',
      'POST /users/: non-breaking: request body (application/json): + property `tags` (optional array of string: a | b, maxItems 5)',
      'POST /users/: non-breaking: request body (application/json): + property `mail` (optional string, format email, maxLength 254)',
    ]);
  });

  it('names a removed property with its limits, and says required when it was', () => {
    expect(changes((doc) => delete (invite(doc).properties as Properties).email)).toEqual([
      'POST /users/: breaking: request body (application/json), property `email`: required string, format email → (removed)',
    ]);
  });

  it('shows a changed limit as before → after', () => {
    const limited = () => {
      const doc = contract();
      Object.assign(invite(doc).properties.note, { maxLength: 500 });
      return doc;
    };
    const after = limited();
    Object.assign(invite(after).properties.note, { maxLength: 1000 });
    const report = diffContracts(limited(), after);
    expect(report.changed[0]?.changes.map((change) => change.text)).toEqual([
      'request body (application/json), property `note`, maxLength: 500 → 1000',
    ]);
  });
});

describe('contract diff: rules in shared components (allOf)', () => {
  /** `note` as the contract writes a field that takes a shared rule: allOf with its own limits. */
  const withRule = (doc: Contract, own: Properties = { type: 'string', maxLength: 500 }) => {
    Object.assign(doc.components.schemas, {
      OneLine: { description: 'One line.', 'x-message': 'One line, please.', pattern: '^[^\\n]*$' },
    });
    (invite(doc).properties as Properties).note = {
      allOf: [{ $ref: '#/components/schemas/OneLine' }, own],
    };
    (user(doc).properties as Properties).name = {
      allOf: [{ $ref: '#/components/schemas/OneLine' }, { type: 'string' }],
    };
    return doc;
  };

  it('reads limits moved beside a shared rule as no change of theirs', () => {
    const before = contract();
    Object.assign(invite(before).properties.note, { pattern: '^[^\\n]*$', maxLength: 500 });
    Object.assign(user(before).properties.name, { pattern: '^[^\\n]*$' });
    expect(diffContracts(before, withRule(contract())).changed).toEqual([]);
  });

  it("shows the rule's pattern where it is added: breaking in a request, not in a response", () => {
    const before = contract();
    Object.assign(invite(before).properties.note, { maxLength: 500 });
    expect(
      diffContracts(before, withRule(contract())).changed.flatMap((op) =>
        op.changes.map((change) => `${op.method} ${op.path}: ${change.type}: ${change.text}`),
      ),
    ).toEqual([
      'POST /users/: breaking: request body (application/json), property `note`, pattern: (none) → ^[^\\n]*$',
      'GET /users/: non-breaking: response 200 (application/json), property `[].name`, pattern: (none) → ^[^\\n]*$',
    ]);
  });

  it("reads an operation's x-throttle list as one list, not item by item", () => {
    const throttled = (names: string[]) => {
      const doc = contract();
      Object.assign(doc.paths['/users/'].post, { 'x-throttle': names });
      return doc;
    };
    const report = diffContracts(
      throttled(['perAddress', 'perTenant']),
      throttled(['perPair', 'perAddress', 'perTenant']),
    );
    expect(report.changed[0]?.changes).toEqual([
      {
        type: 'annotation',
        text: 'x-throttle: perAddress, perTenant → perPair, perAddress, perTenant',
      },
    ]);
  });
});

describe('contract diff: Markdown', () => {
  const changelogged = <T extends { info: object }>(doc: T, version: string) => ({
    ...doc,
    info: {
      ...doc.info,
      'x-changelog': [
        ...(version === '2.0.0'
          ? [{ version, date: '2026-12-01', changes: 'deleteUser is gone; invite with a role.' }]
          : []),
        { version: '1.0.0', date: '2026-11-22', changes: 'First.' },
      ],
    },
  });
  // Version 2 also deprecates listUsers and gives inviteUser's 201 an example.
  const created = (example?: unknown) => ({
    description: 'Invited',
    content: {
      'application/json': { schema: { type: 'object' }, ...(example ? { example } : {}) },
    },
  });
  const before2 = structuredClone(before);
  Object.assign(before2.paths['/users/'].post.responses, { '201': created() });
  const after2 = structuredClone(after);
  Object.assign(after2.paths['/users/'].get, { deprecated: true });
  Object.assign(after2.paths['/users/'].post.responses, {
    '201': created({ email: 'a@example.com' }),
  });
  // Made in each test, so that a report without Markdown fails each rather than the file.
  const markdown = () =>
    formatMarkdown(
      diffContracts(changelogged(before2, '1.0.0'), changelogged(after2, '2.0.0')),
      'Contract changes: `openapi.yaml` 1.0.0 at `main` → 2.0.0',
    );

  it('has a heading naming both sides, then Breaking, Added, Deprecated and Changelog', () => {
    const text = markdown();
    expect(text).toBe(
      [
        '### Contract changes: `openapi.yaml` 1.0.0 at `main` → 2.0.0',
        '',
        '1 operation(s) added, 1 removed, 2 changed; **3 breaking change(s)**.',
        '',
        '#### Breaking (3)',
        '',
        '- `DELETE /users/{id}/` (`deleteUser`): **operation removed**',
        '- `POST /users/` (`inviteUser`)',
        '  - response 400: "Bad request" → (removed)',
        '  - request body (application/json): + property `role` (required string)',
        '',
        '#### Added (1)',
        '',
        '- `GET /launches/` (`listLaunches`) — 200',
        '',
        '#### Deprecated',
        '',
        '- `GET /users/` (`listUsers`)',
        '  - deprecated: (none) → true',
        '',
        '#### Changelog',
        '',
        '- 2.0.0 added (2026-12-01): deleteUser is gone; invite with a role.',
        '',
        '<details>',
        '<summary>Examples and descriptions (3)</summary>',
        '',
        '- `POST /users/` (`inviteUser`)',
        '  - examples changed: example (201) added',
        '- `GET /users/` (`listUsers`)',
        '  - summary: (none) → Every user',
        '- info.version: 1.0.0 → 2.0.0',
        '',
        '</details>',
      ].join('\n'),
    );
    expect(text).not.toContain(String.fromCharCode(27));
  });

  it('lists the changes of existing operations that break nothing under Changed', () => {
    const after = contract();
    Object.assign(invite(after).properties, { team: { type: 'string', maxLength: 40 } });
    expect(formatMarkdown(diffContracts(contract(), after))).toContain(
      [
        '#### Breaking (0)',
        '',
        'None.',
        '',
        '#### Changed',
        '',
        '- `POST /users/` (`inviteUser`)',
        '  - request body (application/json): + property `team` (optional string, maxLength 40)',
      ].join('\n'),
    );
  });

  it('folds examples and descriptions into a details block', () => {
    const text = markdown();
    const details = text.slice(text.indexOf('<details>'));
    expect(details).toMatch(
      /^<details>\n<summary>Examples and descriptions \(\d+\)<\/summary>\n\n/,
    );
    expect(details).toContain(
      '- `POST /users/` (`inviteUser`)\n  - examples changed: example (201) added',
    );
    expect(details).toMatch(/summary: \(none\) → Every user/);
    expect(details.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('escapes what Markdown would read as formatting, outside code spans', () => {
    const after = contract();
    Object.assign(listUsers(after), { description: 'Lists *all* users <b>_now_</b>' });
    const markdown = formatMarkdown(diffContracts(contract(), after));
    expect(markdown).toContain(
      'description: (none) → Lists \\*all\\* users \\<b\\>\\_now\\_\\</b\\>',
    );
  });
});

describe('contract diff CLI', () => {
  const cli = fileURLToPath(new URL('./contract-diff.mjs', import.meta.url));
  const repo = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=Diff',
        '-c',
        'user.email=diff@example.com',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: repo, encoding: 'utf8', stdio: 'pipe' },
    );
  const write = (doc: unknown) =>
    writeFileSync(join(repo, 'openapi.yaml'), JSON.stringify(doc, null, 2));
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  git('init', '-q', '-b', 'main');
  write(contract());
  git('add', '-A');
  git('commit', '-q', '-m', 'contract 1.0.0');
  const first = git('rev-parse', '--short', 'HEAD').trim();
  // A branch with a new version of the contract, as a pull request has.
  git('checkout', '-q', '-b', 'feature');
  const next = contract();
  next.info.version = '1.1.0';
  Object.assign(invite(next).properties, { team: { type: 'string', maxLength: 40 } });
  write(next);
  git('commit', '-q', '-am', 'contract 1.1.0');
  const second = git('rev-parse', '--short', 'HEAD').trim();

  it('says plainly when the working tree is the same as the current commit', () => {
    expect(run('HEAD')).toEqual({
      code: 0,
      stdout: `openapi.yaml is the same at HEAD (${second}) and in the working tree: no differences. Compare with an older ref, e.g. \`npm run contract:diff -- main\`.\n`,
      stderr: '',
    });
    expect(run().stdout).toBe(run('HEAD').stdout);
    // On main itself, main is no older: the commit before is.
    git('checkout', '-q', 'main');
    try {
      expect(run('main').stdout).toBe(
        `openapi.yaml is the same at main (${first}, HEAD) and in the working tree: no differences. Compare with an older ref, e.g. \`npm run contract:diff -- HEAD~1\`.\n`,
      );
    } finally {
      git('checkout', '-q', 'feature');
    }
  });

  it('says it compares HEAD with the uncommitted working tree when the tree differs', () => {
    const edited = structuredClone(next);
    edited.info.version = '1.2.0';
    write(edited);
    try {
      expect(run('HEAD').stdout.split('\n')[0]).toBe(
        `Contract changes: openapi.yaml 1.1.0 at HEAD (${second}) → 1.2.0 in the uncommitted working tree`,
      );
    } finally {
      write(next);
    }
  });

  it('names the ref, its commit and both versions on the first line, as text or Markdown', () => {
    const plain = run('HEAD~1');
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n').slice(0, 2)).toEqual([
      `Contract changes: openapi.yaml 1.0.0 at HEAD~1 (${first}) → 1.1.0 in the working tree`,
      '0 operation(s) added, 0 removed, 1 changed; 0 breaking change(s).',
    ]);
    expect(plain.stdout).toContain('+ property `team` (optional string, maxLength 40)');
    const markdown = run(first, '--markdown');
    expect(markdown.stdout.split('\n')[0]).toBe(
      `### Contract changes: \`openapi.yaml\` 1.0.0 at \`${first}\` → 1.1.0 in the working tree`,
    );
    expect(markdown.stdout).toContain('#### Changed');
  });

  it('prints its usage on --help and refuses an unknown option with exit 2', () => {
    const help = run('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run contract:diff -- \[<git-ref>\] \[--markdown\]/);
    expect(help.stdout).toContain('npm run contract:diff -- main --markdown');
    const unknown = run('main', '--markdwon');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(
      /^contract:diff: Unknown option --markdwon: this script does not take it\.\n\nUsage: /,
    );
  });

  it('says when the ref names no commit', () => {
    expect(run('nope')).toMatchObject({
      code: 2,
      stderr: 'contract:diff: no commit "nope" in this repository.\n',
    });
  });
});
