import { fieldErrorsOf, type FieldErrors, type FieldMap } from '@/components/form/field-map';
import { requestCheck } from '@/components/schema-form/request-check';
import type { AlertSettings } from '@generated/api/model';
import alertSchema from '@generated/forms/update-alert-settings.schema.json';
import alertFns from '@generated/forms/update-alert-settings.validator';

/**
 * The e-mail alerts form's values. The threshold stays the text typed (an empty or half-typed
 * number is kept as it is, and the form says what is wrong with it); the rest are the settings'
 * own values.
 */
export interface AlertFormValues {
  syncFailures: boolean;
  threshold: string;
  newCause: boolean;
  connectionFailed: boolean;
  newLaunches: boolean;
  digest: boolean;
  hour: number;
  timeZone: string;
}

/**
 * The form's field map: the server's dotted fields, and the alert they belong to, under the form
 * field that shows them.
 */
export const ALERT_FIELDS: FieldMap<keyof AlertFormValues> = {
  'sync_failures.threshold': 'threshold',
  sync_failures: 'threshold',
  'digest.hour': 'hour',
  digest: 'hour',
  'digest.time_zone': 'timeZone',
};

/** The zone the browser runs in, or UTC when it names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The form's values for saved settings. A digest that is off proposes the browser's zone, so
 * turning it on sends it at the hour the user reads on their clock.
 */
export function alertFormValues(settings: AlertSettings, localZone: string): AlertFormValues {
  return {
    syncFailures: settings.sync_failures.enabled,
    threshold: String(settings.sync_failures.threshold),
    newCause: settings.new_cause.enabled,
    connectionFailed: settings.connection_failed.enabled,
    newLaunches: settings.new_launches.enabled,
    digest: settings.digest.enabled,
    hour: settings.digest.hour,
    timeZone: settings.digest.enabled ? settings.digest.time_zone : localZone,
  };
}

/** The threshold typed, as a number, or the text itself unless it is a whole number in digits. */
function thresholdOf(text: string): number | string {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : text;
}

/** The settings as the form would send them, its threshold as typed when it is not a number. */
function asSent(values: AlertFormValues) {
  return {
    sync_failures: { enabled: values.syncFailures, threshold: thresholdOf(values.threshold) },
    new_cause: { enabled: values.newCause },
    connection_failed: { enabled: values.connectionFailed },
    new_launches: { enabled: values.newLaunches },
    digest: { enabled: values.digest, hour: values.hour, time_zone: values.timeZone },
  };
}

/** What the contract refuses in the settings sent (schemas/update-alert-settings.schema.json). */
const checkSettings = requestCheck(alertFns, alertSchema);

/**
 * What the form shows under its fields before sending, or undefined when the settings may be
 * sent: whatever the contract would refuse (a threshold of 0, or one that is not a whole number),
 * with the messages the server would give, so a refused save never leaves the browser.
 */
export function alertProblems(
  values: AlertFormValues,
): FieldErrors<keyof AlertFormValues> | undefined {
  return fieldErrorsOf(checkSettings(asSent(values)), ALERT_FIELDS);
}

/** The settings the form sends, once alertProblems found nothing to say. */
export function alertSettingsOf(values: AlertFormValues): AlertSettings {
  const sent = asSent(values);
  return { ...sent, sync_failures: { ...sent.sync_failures, threshold: Number(values.threshold) } };
}

const { sync_failures: failuresRule, digest: digestRule } = alertSchema.properties;

/** The threshold's bounds (the contract's), for the number input's own arrows. */
export const THRESHOLD_BOUNDS = {
  min: failuresRule.properties.threshold.minimum,
  max: failuresRule.properties.threshold.maximum,
} as const;

/** The hours a digest can go at, the contract's (0 to 23): '00:00' to '23:00'. */
export const DIGEST_HOURS: ReadonlyArray<{ value: number; label: string }> = Array.from(
  { length: digestRule.properties.hour.maximum - digestRule.properties.hour.minimum + 1 },
  (_, index) => {
    const hour = digestRule.properties.hour.minimum + index;
    return { value: hour, label: `${String(hour).padStart(2, '0')}:00` };
  },
);

/** The zones to choose from: the browser's list, UTC, and the zones in use, each once, sorted. */
export function timeZoneChoices(...inUse: string[]): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', ...inUse])].sort();
}
