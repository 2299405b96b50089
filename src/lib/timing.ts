/** Delay before moving on after a success, a login or a reset, so its toast is seen. */
export const SUCCESS_DELAY_MS = 1000;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
