export const DEMO_PASSWORD: string;
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: string; company: string }>;
export const DEMO_LICENCE_KEYS: readonly string[];
export function sandboxBanner(options: {
  appUrl: string;
  apiUrl: string;
  readyMs: number;
  withApp?: boolean;
}): string;
