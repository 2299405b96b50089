import type { ReactNode } from 'react';

/** What RJSF imports markdown-to-jsx as; vite.config.ts resolves it to this file. */
export const MARKDOWN_MODULE = 'markdown-to-jsx/react';

/**
 * Stands in for markdown-to-jsx's `Markdown`, 31 KB gzip in the chunk of every schema form. RJSF
 * renders markdown only:
 * - where a form turns it on (`ui:enableMarkdownInDescription`, `ui:enableMarkdownInHelp`), which
 *   none of ours does (the test beside this file keeps it so);
 * - in its messages about a schema it cannot render, a developer's mistake;
 * - in its own file widget, which ours replaces.
 * Those messages show as they are written.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
