const COUNT = new Intl.NumberFormat('en-US');

/** A count of records as the dashboard writes it: '1,234'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}
