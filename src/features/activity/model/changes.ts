import { ACTIVITY_TEXT } from './activity-texts';

/** One key of an object that an event changed (or kept). */
export interface FieldChange {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * What an event's `before` and `after` show: nothing (a sign-in), a table of an object's keys
 * (either side an object, the other an object or nothing), or one value becoming another.
 */
export type ChangeView =
  | { kind: 'none' }
  | { kind: 'fields'; fields: FieldChange[] }
  | { kind: 'value'; before: string; after: string };

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A JSON value as a person reads it: text as it is, nothing as '(none)', the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return ACTIVITY_TEXT.noValue;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Two values are the same when their JSON is (an object's key order aside). */
function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The before → after of an event. Objects are compared key by key, in the order the keys first
 * appear (before's, then those only after has), so the table reads like the record itself.
 */
export function changeView(before: unknown, after: unknown): ChangeView {
  const missing = (value: unknown) => value === null || value === undefined;
  if (missing(before) && missing(after)) return { kind: 'none' };
  const objects = (isObject(before) || missing(before)) && (isObject(after) || missing(after));
  if (!objects) return { kind: 'value', before: valueText(before), after: valueText(after) };
  const from: JsonObject = isObject(before) ? before : {};
  const to: JsonObject = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return {
    kind: 'fields',
    fields: keys.map((key) => ({
      key,
      before: valueText(from[key]),
      after: valueText(to[key]),
      // A key missing on one side reads as nothing there, as null does: '(none)' both ways is no change.
      changed: !same(from[key] ?? null, to[key] ?? null),
    })),
  };
}
