// @vitest-environment node
/**
 * Bounded input (issue #27, item 4): the contract bounds every string and array, and the sandbox
 * enforces the bounds and the types itself, before any handler runs, as a backend with no Prism in
 * front of it must: an attack answers a 400 in the contract's field-error shape, never a 500,
 * never a stored value, never a started sync. One test per attack.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import addPolicy from '../../generated/forms/add-policy.schema.json';
import salesforceConnection from '../../generated/forms/create-salesforce-connection.schema.json';
import createTenant from '../../generated/forms/create-tenant.schema.json';
import inviteUser from '../../generated/forms/invite-user.schema.json';
import registerPurchase from '../../generated/forms/register-aws-purchase.schema.json';
import { POLICY_MAX_BYTES } from '../../generated/rules/index';
import boundedSchemas from '../contract/spectral/bounded-schemas.js';
import { contractDocument } from '../sandbox/contract';
import { anonymous, signIn, type ApiClient } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const MIB = 'x'.repeat(1024 * 1024);
const SALESFORCE = '/api/v1/salesforce';

let sandbox: ReturnType<typeof testSandbox>;
let dana: ApiClient;

const tooLong = (limit: number) => [`Ensure this field has no more than ${limit} characters.`];

describe('attacks on the sandbox', () => {
  beforeEach(async () => {
    sandbox = testSandbox({ inMemory: true, syncDelayMs: 0 });
    dana = await signIn(sandbox.app, 'dana.whitfield@acme-cloud.com');
  });

  describe('strings longer than the contract allows', () => {
    it('refuses a 1 MiB first name, and stores nothing', async () => {
      const before = structuredClone(sandbox.store.state.users);
      const marcus = before.find((user) => user.email === 'marcus.oyelaran@acme-cloud.com');
      expect(marcus).toBeDefined();

      const edit = await dana.patch(`/api/v1/users/${String(marcus?.id)}/`, { first_name: MIB });
      expect(edit).toEqual({ status: 400, body: { first_name: tooLong(150) } });

      const invite = await dana.post('/api/v1/tenants/invite-users/', {
        first_name: MIB,
        last_name: 'Long',
        email: 'long.name@acme-cloud.com',
        role: 'user',
      });
      expect(invite).toEqual({ status: 400, body: { first_name: tooLong(150) } });
      expect(sandbox.store.state.users).toEqual(before);
      expect(sandbox.store.state.outbox).toHaveLength(0);
    });

    it('refuses a 1 MiB AWS Marketplace registration, and stores nothing', async () => {
      const before = sandbox.store.state.awsRegistrations.length;
      const purchase = await anonymous(
        sandbox.app,
        'POST',
        '/api/v1/auth/aws/marketplace/fulfill/register-purchase',
        {
          company_name: MIB,
          contact_person: 'Grace Hopper',
          contact_phone: '+1 555 0100',
          email: 'grace@cobol.example',
        },
      );
      expect(purchase).toEqual({ status: 400, body: { company_name: tooLong(255) } });
      expect(sandbox.store.state.awsRegistrations).toHaveLength(before);
    });

    it('refuses an AWS policy over 1 MB sent as a text field, as it does a file', async () => {
      const acme = sandbox.store.state.tenants.find((tenant) => tenant.subdomain_prefix === 'acme');
      const before = structuredClone(acme?.aws);
      const statement = '{"Effect":"Allow","Action":["partnercentral:*"],"Resource":"*"}';
      const policy = `{"Version":"2012-10-17","Statement":[${Array(
        Math.ceil(POLICY_MAX_BYTES / statement.length),
      )
        .fill(statement)
        .join(',')}]}`;
      expect(Buffer.byteLength(policy)).toBeGreaterThan(POLICY_MAX_BYTES);
      const form = new FormData();
      form.set('policy', policy);
      form.set('account_id', '123456789012');
      form.set('external_id', '6f1c2b9e-8d4a-4f7e-9b2c-3a5d7e9f1b2c');
      form.set('external_role_arn', 'arn:aws:iam::123456789012:role/AceBridgeCrossAccountRole');

      const added = await dana.post('/api/v1/tenants/add-policy/', form);
      expect(added).toEqual({
        status: 413,
        body: { error: 'File size too large. The policy file must be smaller than 1 MB.' },
      });
      const after = sandbox.store.state.tenants.find(
        (tenant) => tenant.subdomain_prefix === 'acme',
      );
      expect(after?.aws).toEqual(before);
    });

    it('refuses a search term longer than the contract allows', async () => {
      const search = await dana.get(`${SALESFORCE}/aws/attributes/?search=${'a'.repeat(256)}`);
      expect(search).toEqual({ status: 400, body: { search: tooLong(255) } });
    });
  });

  describe('type confusion', () => {
    it('answers an operator object for the login e-mail with a 400, not a 500', async () => {
      const login = await anonymous(sandbox.app, 'POST', '/api/v1/auth/login/', {
        email: { $ne: null },
        password: 'Sup3r-Secret!',
      });
      expect(login).toEqual({ status: 400, body: { email: ['Not a valid string.'] } });
    });

    it('answers ?sync_type=__proto__ with a 400, and starts no sync', async () => {
      const runs = sandbox.store.state.syncRuns.length;
      const stats = structuredClone(sandbox.store.state.stats);
      const started = await dana.post(
        `${SALESFORCE}/data-mappings/sync-data/?sync_type=__proto__`,
        {
          tenant_sub_domain: 'acme',
        },
      );
      await sandbox.syncs.idle();
      expect(started).toEqual({
        status: 400,
        body: { sync_type: ['"__proto__" is not a valid choice.'] },
      });
      expect(sandbox.store.state.syncRuns).toHaveLength(runs);
      expect(sandbox.store.state.stats).toEqual(stats);
    });

    it('answers a body that is not an object with a 400', async () => {
      const users = sandbox.store.state.users.length;
      const invite = await dana.post('/api/v1/tenants/invite-users/', [
        { email: 'x@acme-cloud.com' },
      ]);
      expect(invite).toEqual({
        status: 400,
        body: { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] },
      });
      const nothing = await dana.post('/api/v1/tenants/invite-users/', null);
      expect(nothing).toEqual({
        status: 400,
        body: { non_field_errors: ['Invalid data. Expected a dictionary, but got NoneType.'] },
      });
      const nullName = await dana.post('/api/v1/tenants/invite-users/', {
        first_name: null,
        email: 'null.name@acme-cloud.com',
        role: 'user',
      });
      expect(nullName).toEqual({
        status: 400,
        body: { first_name: ['This field may not be null.'] },
      });
      expect(sandbox.store.state.users).toHaveLength(users);
    });

    it('answers a number where a string belongs, and an unknown choice, with field errors', async () => {
      const invite = await dana.post('/api/v1/tenants/invite-users/', {
        first_name: 42,
        last_name: 'Answer',
        email: 'deep.thought@acme-cloud.com',
        role: '__proto__',
      });
      expect(invite).toEqual({
        status: 400,
        body: {
          first_name: ['Not a valid string.'],
          role: ['"__proto__" is not a valid choice.'],
        },
      });
    });
  });

  describe('arrays longer than the contract allows', () => {
    it('refuses 1001 override values, and saves none', async () => {
      const overrides = sandbox.store.state.overrides.length;
      const values = Array.from({ length: 1001 }, () => ({
        sync_error_id: 1,
        salesforce_id: '0065g00000XyZ12AAB',
        ace_id: 1,
        dummy_value: 'x',
      }));
      const saved = await dana.post(`${SALESFORCE}/update-dummy-value-for-error/`, values);
      expect(saved).toEqual({
        status: 400,
        body: { non_field_errors: ['Ensure this field has no more than 1000 elements.'] },
      });
      expect(sandbox.store.state.overrides).toHaveLength(overrides);
    });

    it('refuses a concatenation of 101 attributes', async () => {
      const mappings = sandbox.store.state.mappings.length;
      const created = await dana.post(`${SALESFORCE}/data-mappings/`, {
        aws_ace_attribute: 1,
        is_concatenated: true,
        concatenated_attributes: Array.from({ length: 101 }, (_, index) => index + 1),
      });
      expect(created).toEqual({
        status: 400,
        body: { concatenated_attributes: ['Ensure this field has no more than 100 elements.'] },
      });
      expect(sandbox.store.state.mappings).toHaveLength(mappings);
    });
  });

  describe('lists stored one item at a time stop where their reply’s maxItems does', () => {
    it('refuses the 1001st sync filter condition of a record type, and stores nothing', async () => {
      sandbox.store.transact((draft) => {
        const seeded = draft.filters.filter(
          (row) => row.tenant === 1 && row.entity_type === 'Opportunity',
        ).length;
        for (let index = 0; index < 1000 - seeded; index += 1)
          draft.filters.push({
            id: 10_000 + index,
            tenant: 1,
            attributeId: 46,
            comparison_type: 'equal_to',
            field_value: `Committed ${index}`,
            entity_type: 'Opportunity',
            sync_type: 'or',
            block: index + 1,
          } as (typeof draft.filters)[number]);
      });
      const filters = sandbox.store.state.filters.length;
      const created = await dana.post(`${SALESFORCE}/data-mappings/sync-settings/`, {
        attribute_id: 46,
        comparison_type: 'equal_to',
        field_value: 'Committed',
        entity_type: 'Opportunity',
        sync_type: 'or',
        block: 1001,
        data_type: 'Picklist',
      });
      expect(created).toEqual({
        status: 400,
        body: { error: 'A company can keep at most 1000 sync filter conditions for Opportunity.' },
      });
      expect(sandbox.store.state.filters).toHaveLength(filters);
      const listed = await dana.get(
        `${SALESFORCE}/data-mappings/sync-settings?entity_type=Opportunity`,
      );
      expect(listed.body).toHaveLength(1000);
    });

    it('refuses a user beyond the 10000 a user list may hold, and sends no invitation', async () => {
      sandbox.store.transact((draft) => {
        const first = draft.users.length + 1;
        const tenantUsers = draft.users.filter((user) => user.tenantId === 1).length;
        for (let index = 0; index < 10_000 - tenantUsers; index += 1)
          draft.users.push({
            id: first + index,
            first_name: 'Filler',
            middle_name: null,
            last_name: `User ${index}`,
            email: `filler.${index}@acme-cloud.com`,
            role: 'user',
            is_active: true,
            tenantId: 1,
            passwordHash: null,
          });
        draft.sequences.users = first + 10_000;
      });
      const users = sandbox.store.state.users.length;
      const outbox = sandbox.store.state.outbox.length;
      const invite = await dana.post('/api/v1/tenants/invite-users/', {
        first_name: 'One',
        last_name: 'Toomany',
        email: 'one.toomany@acme-cloud.com',
        role: 'user',
      });
      expect(invite).toEqual({
        status: 400,
        body: { error: 'A company can keep at most 10000 users.' },
      });
      expect(sandbox.store.state.users).toHaveLength(users);
      expect(sandbox.store.state.outbox).toHaveLength(outbox);
    });

    it('lists the newest 10000 unread launches when there are more', () => {
      sandbox.store.transact((draft) => {
        for (let index = 0; index < 10_001; index += 1)
          draft.launches.push({
            tenantId: 1,
            name: `Launch ${index}`,
            salesforceId: null,
            read: false,
            at: '2026-11-26T00:00:00Z',
          });
      });
      return dana.get(`${SALESFORCE}/unread-launched-data`).then(({ status, body }) => {
        expect(status).toBe(200);
        const names = (body as { data: { name: string }[] }).data.map((launch) => launch.name);
        expect(names).toHaveLength(10_000);
        expect(names.at(-1)).toBe('Launch 10000');
        expect(names).not.toContain('Launch 0');
      });
    });
  });
});

describe('the contract bounds every string and array (the Spectral rule bounded-input)', () => {
  const findings = (schema: unknown) =>
    boundedSchemas(schema, null, { path: ['s'] }).map((finding) => finding.path.join('.'));

  it('finds an unbounded string or array at any depth, and passes bounded ones', () => {
    expect(
      findings({
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 150 },
          note: { type: ['string', 'null'] },
          role: { type: 'string', enum: ['user'] },
          kind: { type: 'string', const: 'x' },
          file: { type: 'string', format: 'binary' },
          tags: { type: 'array', maxItems: 5, items: { type: 'string' } },
          list: { type: 'array', items: { $ref: '#/components/schemas/Bounded' } },
          either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
          map: { type: 'object', additionalProperties: { type: 'string', maxLength: 9 } },
        },
      }),
    ).toEqual([
      's.properties.note',
      's.properties.tags.items',
      's.properties.list',
      's.properties.either.anyOf.1',
    ]);
  });

  it('finds nothing unbounded in the contract', () => {
    type Media = Record<string, { schema?: unknown }>;
    interface Operation {
      parameters?: Array<{ schema?: unknown }>;
      requestBody?: { content?: Media };
      responses?: Record<string, { content?: Media }>;
    }
    const doc = contractDocument() as {
      paths: Record<string, Record<string, Operation>>;
      components: {
        schemas: Record<string, unknown>;
        parameters: Record<string, { schema?: unknown }>;
      };
    };
    const found = [
      ...Object.entries(doc.components.schemas).flatMap(([name, schema]) =>
        findings(schema).map((at) => `${name} ${at}`),
      ),
      ...Object.entries(doc.components.parameters).flatMap(([name, parameter]) =>
        findings(parameter.schema).map((at) => `${name} ${at}`),
      ),
      ...Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).flatMap(([method, operation]) =>
          [
            ...(operation.parameters ?? []).map((parameter) => parameter.schema),
            ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema),
            ...Object.values(operation.responses ?? {}).flatMap((response) =>
              Object.values(response.content ?? {}).map((media) => media.schema),
            ),
          ].flatMap((schema) => findings(schema).map((at) => `${method} ${path} ${at}`)),
        ),
      ),
    ];
    expect(found).toEqual([]);
  });
});

describe('the app’s forms (schemas/) bound their fields as the contract does', () => {
  const at = (root: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        root,
      );
  const schemas = (contractDocument() as { components: { schemas: Record<string, unknown> } })
    .components.schemas;
  // A property that names one of the contract's rules ($ref) has that rule's bound.
  const resolved = (node: unknown): unknown => {
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === 'string' ? resolved(schemas[ref.split('/').at(-1) ?? '']) : node;
  };
  const contract = (path: string) => resolved(at(schemas, path));
  const maxLength = (schema: unknown) => (at(schema, 'maxLength') as number | undefined) ?? null;

  const FORMS = {
    'invite-user': inviteUser,
    'register-aws-purchase': registerPurchase,
    'create-tenant': createTenant,
    'create-salesforce-connection': salesforceConnection,
    'add-policy': addPolicy,
  };
  // form schema, its field, the contract field it is sent as. A full name is split into first,
  // middle and last names, so it gets the bound of one of them: every part then fits.
  const FIELDS: Array<[keyof typeof FORMS, string, string]> = [
    ['invite-user', 'properties.full_name', 'InviteRequest.properties.first_name'],
    ['invite-user', 'properties.email', 'InviteRequest.properties.email'],
    ...['contact_person', 'email', 'contact_phone', 'company_name'].map(
      (field): [keyof typeof FORMS, string, string] => [
        'register-aws-purchase',
        `properties.${field}`,
        `AwsRegistrationRequest.properties.${field}`,
      ],
    ),
    ...['company_name', 'industry', 'email'].map((field): [keyof typeof FORMS, string, string] => [
      'create-tenant',
      `properties.company.properties.${field}`,
      `CreateTenantRequest.properties.company.properties.${field}`,
    ]),
    ...[
      ['name', 'first_name'],
      ['email', 'email'],
      ['password', 'password'],
    ].map(([field, sent]): [keyof typeof FORMS, string, string] => [
      'create-tenant',
      `properties.admin.properties.${field}`,
      `CreateTenantRequest.properties.admin.properties.${sent}`,
    ]),
    [
      'create-salesforce-connection',
      'properties.username',
      'SalesforceAccount.properties.username',
    ],
    [
      'create-salesforce-connection',
      'then.properties.consumer_key',
      'SalesforceAccount.properties.consumer_key',
    ],
    ...['external_id', 'external_role_arn'].map((field): [keyof typeof FORMS, string, string] => [
      'add-policy',
      `properties.${field}`,
      `AddPolicyRequest.properties.${field}`,
    ]),
    ...['region', 'spm_id', 'bucket_name', 'kms_arn'].map(
      (field): [keyof typeof FORMS, string, string] => [
        'add-policy',
        `else.properties.${field}`,
        `AddPolicyRequest.properties.${field}`,
      ],
    ),
  ];

  it.each(FIELDS)('%s: %s is sent as %s', (name, field, sent) => {
    const form = FORMS[name];
    const bound = maxLength(contract(sent));
    expect(bound).not.toBeNull();
    expect(maxLength(at(form, field))).toBe(bound);
    expect(at(form, `${field}.errorMessage.maxLength`)).toBe(
      `Ensure this field has no more than ${String(bound)} characters.`,
    );
  });
});
