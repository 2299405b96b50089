import { describe, expect, it } from 'vitest';
import {
  apiOrigin,
  InvalidTenantError,
  isValidSubdomain,
  subdomainFromPageHost,
} from '@/api/base-url';

describe('tenant base URL (spec sections 1 and 7)', () => {
  it('is relative (the dev/preview proxy) when no API host is configured', () => {
    expect(apiOrigin(undefined, 'acme')).toBe('');
  });

  it('prefixes the API host with the tenant subdomain', () => {
    expect(apiOrigin('api.acebridge.io', 'acme')).toBe('https://acme.api.acebridge.io');
    expect(apiOrigin('api.acebridge.io', 'Acme-2')).toBe('https://acme-2.api.acebridge.io');
  });

  it('puts the subdomain after www. when the host starts with www', () => {
    expect(apiOrigin('www.acebridge.io', 'acme')).toBe('https://www.acme.acebridge.io');
  });

  it('uses the bare host before a tenant is known', () => {
    expect(apiOrigin('api.acebridge.io', null)).toBe('https://api.acebridge.io');
  });

  it.each([
    'evil.com/',
    'evil.com#',
    'a.b',
    'acme@evil.com',
    'acme:80',
    '-acme',
    'acme-',
    'ac me',
    'acme/../x',
    '%2e%2e',
    'a'.repeat(64),
    '<script>',
    'acme\n',
    'ácme',
  ])('refuses the subdomain %j and sends nothing', (subdomain) => {
    expect(isValidSubdomain(subdomain)).toBe(false);
    expect(() => apiOrigin('api.acebridge.io', subdomain)).toThrow(InvalidTenantError);
  });

  it('takes the invite tenant from the first label of the page host, except localhost', () => {
    expect(subdomainFromPageHost('acme.app.acebridge.io')).toBe('acme');
    expect(subdomainFromPageHost('localhost')).toBeUndefined();
    expect(subdomainFromPageHost('localhost:5173')).toBeUndefined();
  });
});
