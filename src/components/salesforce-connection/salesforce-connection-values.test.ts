import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';

import { fieldErrorsOf } from '@/components/form/field-map';
import { retargetRequired } from '@/components/schema-form/errors';
import { formValidator } from '@/components/schema-form/validator';
import rawSchema from '@generated/forms/create-salesforce-connection.schema.json';
import validateFns from '@generated/forms/create-salesforce-connection.validator';

import {
  CONNECTION_FIELDS,
  normaliseConnection,
  toConnectionRequest,
  toConnectionUpdate,
} from './salesforce-connection-values';

const schema = rawSchema as RJSFSchema;
const validator = formValidator(validateFns, schema);
const messages = (data: Record<string, unknown>) =>
  validator
    .validateFormData(data, schema, undefined, retargetRequired)
    .errors.filter((error) => error.name !== 'if')
    .map((error) => [error.property, error.message]);

const BASE = { consumer_key_choice: 'default', account_type: 'salesforce_beta' };

describe('step 3 schema (create-salesforce-connection)', () => {
  it.each([
    ['a username and the default key', { ...BASE, username: 'sf@acme.com' }, []],
    ['no username', BASE, [['.username', 'Salesforce Username is required']]],
    [
      'a custom key choice without the key',
      { ...BASE, username: 'sf@acme.com', consumer_key_choice: 'custom' },
      [['.consumer_key', 'Consumer Key is required']],
    ],
    [
      'a custom key',
      { ...BASE, username: 'sf@acme.com', consumer_key_choice: 'custom', consumer_key: 'k' },
      [],
    ],
    [
      'an unknown environment',
      { ...BASE, username: 'sf@acme.com', account_type: 'salesforce_dev' },
      [['.account_type', 'must be equal to one of the allowed values']],
    ],
  ])('%s', (_case, data, expected) => {
    expect(messages(data)).toEqual(expected);
  });
});

describe('Salesforce connection payloads', () => {
  it('sends null and the managed package for the default key, trimming the username', () => {
    const values = normaliseConnection({
      username: ' sf@acme.com ',
      consumer_key_choice: 'default',
      consumer_key: 'typed before',
      account_type: 'salesforce_production',
    });
    expect(values.consumer_key).toBeUndefined();
    expect(toConnectionRequest(values)).toEqual({
      connection_type: 'work_with_us',
      accounts: [
        {
          username: 'sf@acme.com',
          consumer_key: null,
          account_type: 'salesforce_production',
          is_salesforce_managed_package: true,
        },
      ],
    });
  });

  it('sends a custom key without the managed package, and no environment in an update', () => {
    expect(
      toConnectionUpdate({
        username: 'sf@acme.com',
        consumer_key_choice: 'custom',
        consumer_key: 'k1',
      }),
    ).toEqual({
      username: 'sf@acme.com',
      consumer_key: 'k1',
      is_salesforce_managed_package: false,
    });
  });

  it('puts the server’s email and consumer_key errors under the username and the key', () => {
    const errors = (body: unknown) => fieldErrorsOf(body, CONNECTION_FIELDS);
    expect(errors({ email: ['unknown user'], consumer_key: ['invalid_client_id'] })).toEqual({
      username: ['unknown user'],
      consumer_key: ['invalid_client_id'],
    });
    expect(errors({ error: 'Could not connect' })).toBeUndefined();
  });
});
