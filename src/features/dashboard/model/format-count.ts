import { countOf } from '@/lib/plural';

const COUNT = new Intl.NumberFormat('en-US');

/** A count as the dashboard writes it: '1,234'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A number of records: '1 record', '1,234 records'. */
export function recordsText(count: number): string {
  return countOf(count, { one: 'record', other: 'records' });
}
