// The bench's summaries of repeated measures, one definition for every part.

/**
 * The p-th percentile (0-100) of `values`, nearest rank: a value that was measured, never an
 * interpolation. The 50th is the lower median.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** @param {number[]} values */
export const median = (values) => percentile(values, 50);

/** A time in ms to a tenth. @param {number} ms */
export const round = (ms) => Math.round(ms * 10) / 10;
