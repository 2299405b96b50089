import type { FieldMap } from '@/components/form/field-map';
import type { AlertSettings } from '@generated/api/model';

/**
 * The e-mail alerts form's values. The threshold stays the text typed (an empty or half-typed
 * number is kept as it is, and the server says what is wrong with it); the rest are the settings'
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

/** The form's own message for a threshold that is not a whole number (the server checks its range). */
const THRESHOLD_NOT_WHOLE = 'Enter a whole number of records.';

/** The threshold's problem the form sees before sending, or undefined. */
export function thresholdProblem(values: AlertFormValues): string | undefined {
  return /^\s*\d+\s*$/.test(values.threshold) ? undefined : THRESHOLD_NOT_WHOLE;
}

/** The settings the form sends (its threshold checked by thresholdProblem first). */
export function alertSettingsOf(values: AlertFormValues): AlertSettings {
  return {
    sync_failures: { enabled: values.syncFailures, threshold: Number(values.threshold) },
    new_cause: { enabled: values.newCause },
    connection_failed: { enabled: values.connectionFailed },
    new_launches: { enabled: values.newLaunches },
    digest: { enabled: values.digest, hour: values.hour, time_zone: values.timeZone },
  };
}

/** The hours a digest can go at: '00:00' to '23:00'. */
export const DIGEST_HOURS: ReadonlyArray<{ value: number; label: string }> = Array.from(
  { length: 24 },
  (_, hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }),
);

/** The zones to choose from: the browser's list, UTC, and the zones in use, each once, sorted. */
export function timeZoneChoices(...inUse: string[]): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', ...inUse])].sort();
}
