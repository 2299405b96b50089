/**
 * The waits a user sees, in one place: how long a success is shown before the screen moves on,
 * and how long typing must pause before an autosaving field sends what was typed.
 */
const WAITS = {
  /** Before moving on after a success, a login or a reset, so that its toast is seen. */
  successShown: 1000,
  /** Typed override text reaches the form once typing pauses this long, not on every key. */
  overrideTypingPause: 2000,
} as const;

type Wait = keyof typeof WAITS;

const current: Record<Wait, number> = { ...WAITS };

/** How long `wait` lasts, in milliseconds. */
export const waitMs = (name: Wait): number => current[name];

/**
 * Shorter waits for component tests (tests/setup.ts). What such a test checks is what happens
 * and in which order; a second of real waiting per login adds minutes to a suite whose whole-app
 * files share one worker. A test of a wait's length restores it with `restoreWaits`.
 */
export function shortenWaits(shorter: Partial<Record<Wait, number>>): void {
  Object.assign(current, shorter);
}

/** Every wait back at its real length. */
export function restoreWaits(): void {
  Object.assign(current, WAITS);
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
