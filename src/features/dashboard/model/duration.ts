/**
 * A duration as the dashboard writes it, everywhere (a run's time elapsed and left, a past run's
 * length): '8 s', '2 min 05 s', '1 h 02 min'. Whole seconds, rounded down by default (time
 * elapsed), up for time left (never promise less than it takes), to the nearest for a measured
 * length; the padding keeps a ticking figure from jumping in width.
 */
export function durationText(ms: number, round: 'down' | 'up' | 'nearest' = 'down'): string {
  const whole = { down: Math.floor, up: Math.ceil, nearest: Math.round }[round];
  const seconds = whole(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${pad(Math.floor((seconds % 3600) / 60))} min`;
}
