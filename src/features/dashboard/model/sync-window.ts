/** After a full sync starts, further sync clicks within this window only warn. */
export const FULL_SYNC_WINDOW_MS = 15_000;

/** True while a full sync started at `startedAt` still holds the buttons back. */
export function isWithinFullSyncWindow(startedAt: number | null, now: number): boolean {
  return startedAt !== null && now - startedAt < FULL_SYNC_WINDOW_MS;
}
