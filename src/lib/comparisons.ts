import type { ComparisonType } from '@generated/api/model';

/** How a sync filter's comparison reads, wherever filters are shown. */
export const COMPARISON_LABELS: Record<ComparisonType, string> = {
  equal_to: 'Equal To',
  not_equal_to: 'Not Equal To',
  greater_than: 'Greater than',
  lesser_than: 'Lesser Than',
  contains: 'Contains',
};
