/** The path of a usable Chromium ($CHROME_PATH, Debian's, or Playwright's own), or undefined. */
export function findChromium(): Promise<string | undefined>;
