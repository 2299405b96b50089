import { describe, expect, it } from 'vitest';

import webhookSchema from '@generated/forms/create-webhook.schema.json';
import webhookFns from '@generated/forms/create-webhook.validator';
import registrationSchema from '@generated/forms/register-aws-purchase.schema.json';
import alertSchema from '@generated/forms/update-alert-settings.schema.json';
import alertFns from '@generated/forms/update-alert-settings.validator';

import { requestCheck } from './request-check';

const alerts = requestCheck(alertFns, alertSchema);
const webhook = requestCheck(webhookFns, webhookSchema);

const settings = (threshold: number, hour = 8, zone = 'UTC') => ({
  sync_failures: { enabled: true, threshold },
  new_cause: { enabled: false },
  connection_failed: { enabled: false },
  new_launches: { enabled: false },
  digest: { enabled: true, hour, time_zone: zone },
});

describe('requestCheck: what the contract would refuse, before it is sent', () => {
  it('lets a request within the bounds go', () => {
    expect(alerts(settings(1))).toEqual({});
    expect(alerts(settings(1_000_000, 23))).toEqual({});
    expect(webhook({ url: 'https://hooks.example.com/a', events: ['new_cause'] })).toEqual({});
  });

  it('names each refused field by its dotted path, with the schema’s message and the contract’s bound', () => {
    expect(alerts(settings(0))).toEqual({
      'sync_failures.threshold': ['Ensure this value is greater than or equal to 1.'],
    });
    expect(alerts(settings(1_000_001, 24, 'x'.repeat(65)))).toEqual({
      'sync_failures.threshold': ['Ensure this value is less than or equal to 1000000.'],
      'digest.hour': ['Ensure this value is less than or equal to 23.'],
      'digest.time_zone': ['Ensure this field has no more than 64 characters.'],
    });
    expect(alerts(settings(2.5))).toEqual({
      'sync_failures.threshold': ['Enter a whole number of records.'],
    });
  });

  it('puts a missing field’s message under that field', () => {
    expect(webhook({ url: '', events: [] })).toEqual({
      url: ['This field is required.'],
      events: ['Choose at least one event.'],
    });
    expect(webhook({ events: ['new_cause'] })).toEqual({ url: ['This field is required.'] });
    expect(webhook({ url: `https://${'a'.repeat(2048)}`, events: ['new_cause'] })).toEqual({
      url: ['Ensure this field has no more than 2048 characters.'],
    });
  });

  it('refuses a validator compiled for another schema', () => {
    expect(() => requestCheck(alertFns, registrationSchema)).toThrow(/does not belong/);
  });
});
