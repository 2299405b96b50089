export function outboxPage(
  mails: ReadonlyArray<{ at?: string; to: string; subject: string; link: string }>,
): string;
