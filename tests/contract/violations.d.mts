export interface Violation {
  /** Where: `request.body`, `response.body.user`, or Prism's error name (`NO_PATH_MATCHED_ERROR`). */
  location: string;
  message: string;
  /** `error`, `warning`, ... */
  severity: string;
}

export function violationsOf(exchange: {
  headers: Record<string, string | string[] | undefined>;
  body: string | undefined;
}): Violation[];

export function createOperationNamer(doc: unknown): (method: string, url: string) => string;

export interface ViolationLog {
  record(exchange: {
    method: string;
    url: string;
    status: number;
    violations: Violation[];
    at?: Date;
  }): string[];
  summary(): string;
  readonly violationCount: number;
}

export function createViolationLog(
  nameOperation: (method: string, url: string) => string,
): ViolationLog;
