import { describe, expect, it } from 'vitest';

import { DIGEST_HOURS, alertProblems, alertSettingsOf, type AlertFormValues } from './alert-form';

const VALUES: AlertFormValues = {
  syncFailures: true,
  threshold: '5',
  newCause: false,
  connectionFailed: false,
  newLaunches: false,
  digest: true,
  hour: 8,
  timeZone: 'UTC',
};

describe('the e-mail alerts form’s check before sending', () => {
  it('lets settings within the contract’s bounds go, the threshold sent as a number', () => {
    expect(alertProblems(VALUES)).toBeUndefined();
    expect(alertSettingsOf({ ...VALUES, threshold: ' 12 ' }).sync_failures.threshold).toBe(12);
  });

  it.each([
    ['0', 'Ensure this value is greater than or equal to 1.'],
    ['1000001', 'Ensure this value is less than or equal to 1000000.'],
    ['', 'Enter a whole number of records.'],
    ['2.5', 'Enter a whole number of records.'],
    ['1e3', 'Enter a whole number of records.'],
    ['-3', 'Enter a whole number of records.'],
  ])('puts a threshold of %j under the threshold: %s', (threshold, message) => {
    expect(alertProblems({ ...VALUES, threshold })).toEqual({ threshold: [message] });
  });

  it('puts an hour or a zone out of the contract’s bounds under its own field', () => {
    expect(alertProblems({ ...VALUES, hour: 24, timeZone: '' })).toEqual({
      hour: ['Ensure this value is less than or equal to 23.'],
      timeZone: ['This field is required.'],
    });
  });

  it('offers the contract’s hours, 00:00 to 23:00', () => {
    expect(DIGEST_HOURS).toHaveLength(24);
    expect(DIGEST_HOURS[0]).toEqual({ value: 0, label: '00:00' });
    expect(DIGEST_HOURS.at(-1)).toEqual({ value: 23, label: '23:00' });
  });
});
