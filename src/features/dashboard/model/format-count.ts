import { countOf } from '@/lib/plural';

/** A count as the dashboard writes it ('1,234'): one number format for counts and plurals. */
export { formatCount } from '@/lib/plural';

/** A number of records: '1 record', '1,234 records'. */
export function recordsText(count: number): string {
  return countOf(count, { one: 'record', other: 'records' });
}
