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

/** The host name of `host:port`, `[v6]:port` or a bare host, lower-cased. */
function hostnameOf(apiHost: string): string {
  const bracketed = /^(\[[^\]]*\])/.exec(apiHost);
  return (bracketed?.[1] ?? apiHost.split(':')[0] ?? '').toLowerCase();
}

/** A host on this machine: reached over plain http in a local run (there is no certificate). */
function isLoopback(apiHost: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(hostnameOf(apiHost));
}

/** An IP address takes no tenant label: a label cannot be put in front of one. */
function isIpLiteral(apiHost: string): boolean {
  const hostname = hostnameOf(apiHost);
  return hostname.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The origin API calls go to: with no API host configured, '' (relative `/api`, served by the
 * dev and preview proxy); otherwise the API host, prefixed by the tenant subdomain (placed after
 * `www.` when the host starts with www), over https. A loopback host (a local run) is reached
 * over http, and an IP address is used as it is, without the tenant label.
 */
export function apiOrigin(
  apiHost: string | undefined,
  subdomain: string | null | undefined,
): string {
  if (!apiHost) return '';
  const scheme = isLoopback(apiHost) ? 'http' : 'https';
  if (subdomain === null || subdomain === undefined || subdomain === '')
    return `${scheme}://${apiHost}`;
  if (!isValidSubdomain(subdomain)) throw new InvalidTenantError(subdomain);
  if (isIpLiteral(apiHost)) return `${scheme}://${apiHost}`;
  const label = subdomain.toLowerCase();
  return apiHost.toLowerCase().startsWith('www.')
    ? `${scheme}://www.${label}.${apiHost.slice(4)}`
    : `${scheme}://${label}.${apiHost}`;
}

/**
 * Whether an absolute URL is on the API: the API host's own origin or one of its tenants'. Only
 * these get the XSRF token and the cookies; any other origin gets neither.
 */
export function isApiUrl(url: string, apiHost: string | undefined): boolean {
  if (!apiHost) return false;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (origin === new URL(apiOrigin(apiHost, null)).origin) return true;
  // The tenant label is the first label of the host, or the second after a leading `www.`.
  const labels = new URL(url).hostname.split('.');
  const label = apiHost.toLowerCase().startsWith('www.') ? labels[1] : labels[0];
  return isValidSubdomain(label) && new URL(apiOrigin(apiHost, label)).origin === origin;
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
