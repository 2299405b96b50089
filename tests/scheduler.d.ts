// React's scheduler ships no types; the test setup uses these two members to drain its queue.
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
