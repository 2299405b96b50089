// RJSF's convention for a file in form data: a data URL that carries the file's name
// (`data:…;name=policy.json;base64,…`). Plain functions, so pure modules can read it too.

/** `dataUrl` with `fileName` written into it, as RJSF keeps a chosen file. */
export function withFileName(dataUrl: string, fileName: string): string {
  return dataUrl.replace(';base64', `;name=${encodeURIComponent(fileName)};base64`);
}

/** The name RJSF stores inside a data URL (`data:…;name=policy.json;base64,…`). */
export function fileNameOf(dataUrl: unknown): string | undefined {
  if (typeof dataUrl !== 'string') return undefined;
  const match = /;name=([^;]+);/.exec(dataUrl);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
