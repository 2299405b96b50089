/**
 * The seed is written at fixed dates (its last sync on 2 March 2026), so that tests see the same
 * state every time. A sandbox a person uses runs on the real clock: its history of runs, its last
 * sync and every other seeded date move by whole days, so that the last sync was yesterday and
 * the last 30 days hold the seeded runs. Whole days keep each time of day, and the same shift for
 * every date keeps them in their order and at their distances (a Salesforce close date stays
 * after the last sync, a filter's date keeps what it lets through).
 */
import { chained } from '../domain/activity';
import type { State } from '../store/state';

/** The seed's own "now": its last sync is at noon that day. */
const SEED_DAY = Date.UTC(2026, 2, 2);

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Whole days from the seed's day to the day before `now` (0 when `now` is the seed's next day). */
export function daysToShift(now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((today - DAY_MS - SEED_DAY) / DAY_MS);
}

function shifted(value: string, days: number): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day, time] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)) + days * DAY_MS);
  const isoDay = date.toISOString().slice(0, 10);
  return time ? `${isoDay}${time}` : isoDay;
}

function shiftAll(value: unknown, days: number): unknown {
  if (typeof value === 'string') return shifted(value, days);
  if (Array.isArray(value)) return value.map((item) => shiftAll(item, days));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, shiftAll(item, days)]),
    );
  return value;
}

/**
 * The seed with every date (ISO day or date-time) moved so that its last sync was yesterday. The
 * seeded activity events are hashed again after the move: their dates are part of their hashes.
 */
export function withLiveDates(seed: State, now: Date): State {
  const days = daysToShift(now);
  if (days === 0) return seed;
  const moved = shiftAll(seed, days) as State;
  return { ...moved, activity: chained(moved.activity) };
}
