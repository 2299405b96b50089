import type { Violation } from '../contract/violations.mjs';

export const DEFAULT_APP_URL: string;

export interface ViolatingExchange {
  at: string;
  method: string;
  url: string;
  status: number;
  operation: string;
  violations: Violation[];
}

export interface RunningStack {
  /** The front door, e.g. http://127.0.0.1:4010. */
  url: string;
  sandboxUrl: string;
  recorder: { list(): ViolatingExchange[]; clear(): void; summary(): string };
  readyMs: number;
  /** Stops every part; resolves with the violation summary. */
  stop(): Promise<string>;
}

export interface SandboxStarterOptions {
  port: number;
  host: string;
  fresh: boolean;
  accessTtl: number | undefined;
  dataDir: string | undefined;
  onMail: (mail: { to: string; subject: string; link: string }) => void;
}

export function startStack(options?: {
  frontPort?: number;
  fresh?: boolean;
  accessTtl?: number;
  dataDir?: string;
  appUrl?: string;
  print?: (line: string) => void;
  onFatal?: (error: Error) => void;
  startSandbox?: (
    options: SandboxStarterOptions,
  ) => Promise<{ url: string; close(): Promise<void> }>;
}): Promise<RunningStack>;
