import type { FieldMap } from '@/components/form/field-map';
import type { SalesforceConnectionRequest, SalesforceConnectionUpdate } from '@generated/api/model';

/** What the Salesforce connection form holds (schemas/create-salesforce-connection.schema.json, compiled into generated/forms). */
export interface SalesforceConnectionValues {
  username?: string;
  /** The managed package's default consumer key, or a custom one typed in `consumer_key`. */
  consumer_key_choice?: 'default' | 'custom';
  consumer_key?: string;
  /** The environment: Beta by default, Production only for a production-enabled tenant. */
  account_type?: 'salesforce_beta' | 'salesforce_production';
}

export const INITIAL_SALESFORCE_CONNECTION: SalesforceConnectionValues = {
  consumer_key_choice: 'default',
  account_type: 'salesforce_beta',
};

/** Choosing the default key again clears a custom key typed before. */
export function normaliseConnection(
  values: SalesforceConnectionValues,
): SalesforceConnectionValues {
  if (values.consumer_key_choice === 'custom' || values.consumer_key === undefined) return values;
  const { consumer_key: _dropped, ...rest } = values;
  return rest;
}

function credentials(values: SalesforceConnectionValues): SalesforceConnectionUpdate {
  const custom = values.consumer_key_choice === 'custom';
  return {
    username: (values.username ?? '').trim(),
    consumer_key: custom ? (values.consumer_key ?? '').trim() : null,
    is_salesforce_managed_package: !custom,
  };
}

/** Step 3's payload: a 'work_with_us' connection of one account, Beta unless chosen. */
export function toConnectionRequest(
  values: SalesforceConnectionValues,
): SalesforceConnectionRequest {
  return {
    connection_type: 'work_with_us',
    accounts: [{ ...credentials(values), account_type: values.account_type ?? 'salesforce_beta' }],
  };
}

/** The update modal's payload: the same credentials, no environment. */
export function toConnectionUpdate(values: SalesforceConnectionValues): SalesforceConnectionUpdate {
  return credentials(values);
}

/**
 * The connection form's field map: `email` and `username` under the username, `consumer_key`
 * under the custom key.
 */
export const CONNECTION_FIELDS: FieldMap<keyof SalesforceConnectionValues> = {
  email: 'username',
  username: 'username',
  consumer_key: 'consumer_key',
};
