/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function isValidSubdomain(value: unknown): value is string {
  return typeof value === 'string' && DNS_LABEL.test(value);
}

/** A stored tenant subdomain that is not a DNS label: the request is refused, never sent. */
export class InvalidTenantError extends Error {
  constructor(subdomain: string) {
    super(`The tenant subdomain ${JSON.stringify(subdomain)} is not a valid DNS label.`);
    this.name = 'InvalidTenantError';
  }
}

/**
 * The origin API calls go to (spec sections 1 and 7): with no API host configured, '' (relative
 * `/api`, served by the dev and preview proxy); otherwise https on the API host, prefixed by the
 * tenant subdomain, placed after `www.` when the host starts with www.
 */
export function apiOrigin(
  apiHost: string | undefined,
  subdomain: string | null | undefined,
): string {
  if (!apiHost) return '';
  if (subdomain === null || subdomain === undefined || subdomain === '')
    return `https://${apiHost}`;
  if (!isValidSubdomain(subdomain)) throw new InvalidTenantError(subdomain);
  const label = subdomain.toLowerCase();
  return apiHost.toLowerCase().startsWith('www.')
    ? `https://www.${label}.${apiHost.slice(4)}`
    : `https://${label}.${apiHost}`;
}

/**
 * The tenant of an invitation link is the first label of the page's own host
 * (acme.app.example.com → acme), unless the page runs on localhost.
 */
export function subdomainFromPageHost(pageHost: string): string | undefined {
  const first = pageHost.split('.')[0]?.split(':')[0] ?? '';
  if (!first || first.toLowerCase() === 'localhost') return undefined;
  return first;
}
