const BASE = 'https://acebridge.invalid';

function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined; // still changing after five rounds: nobody legitimate encodes that deep
}

/**
 * A `returnUrl` is honoured only when it is a path inside this app. Absolute and
 * protocol-relative URLs, backslash tricks, control characters, `javascript:` and their
 * percent-encoded forms are refused (undefined: go to the default page).
 */
export function safeReturnUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  const decoded = fullyDecoded(value);
  if (decoded === undefined) return undefined;
  for (const candidate of [value, decoded]) {
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return undefined;
    if (!candidate.startsWith('/') || candidate.startsWith('//')) return undefined;
    if (/^\/+[a-z][a-z\d+.-]*:/i.test(candidate)) return undefined;
  }
  try {
    const parsed = new URL(value, BASE);
    if (parsed.origin !== BASE) return undefined;
    const normalized = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // Dot segments can normalize into a protocol-relative URL ('/.//host' → '//host').
    return normalized.startsWith('//') ? undefined : normalized;
  } catch {
    return undefined;
  }
}
