import { describe, expect, it } from 'vitest';

import {
  apiOrigin,
  InvalidTenantError,
  isApiUrl,
  isValidSubdomain,
  subdomainFromPageHost,
} from '@/api/base-url';

describe('tenant base URL: the API host with the tenant subdomain in front', () => {
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

  it('reaches a loopback host (a local run) over http, with the tenant label on a name', () => {
    expect(apiOrigin('localhost:4010', 'acme')).toBe('http://acme.localhost:4010');
    expect(apiOrigin('localhost', null)).toBe('http://localhost');
    expect(apiOrigin('[::1]:4010', null)).toBe('http://[::1]:4010');
  });

  it('gives an IP address no tenant label (none can be put in front of one)', () => {
    expect(apiOrigin('127.0.0.1:4010', 'acme')).toBe('http://127.0.0.1:4010');
    expect(apiOrigin('[::1]:4010', 'acme')).toBe('http://[::1]:4010');
    expect(apiOrigin('10.0.0.7', 'acme')).toBe('https://10.0.0.7');
    expect(() => apiOrigin('127.0.0.1:4010', 'evil.com/')).toThrow(InvalidTenantError);
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

describe('what counts as the API (it alone gets the XSRF token and cookies)', () => {
  it.each([
    ['https://api.acebridge.io/api/v1/users/', 'api.acebridge.io'],
    ['https://acme.api.acebridge.io/api/v1/users/', 'api.acebridge.io'],
    ['https://ACME.api.acebridge.io/api/v1/users/', 'api.acebridge.io'],
    ['https://www.acme.acebridge.io/api/v1/users/', 'www.acebridge.io'],
    ['https://api.acebridge.io:443/api/v1/users/', 'api.acebridge.io'],
    ['http://127.0.0.1:4010/api/v1/users/', '127.0.0.1:4010'],
    ['http://acme.localhost:4010/api/v1/users/', 'localhost:4010'],
  ])('%s is on the API host %s', (url, apiHost) => {
    expect(isApiUrl(url, apiHost)).toBe(true);
  });

  it.each([
    ['https://evil.example/api/v1/users/', 'api.acebridge.io'],
    ['https://api.acebridge.io.evil.example/api/', 'api.acebridge.io'],
    ['https://evilapi.acebridge.io/api/', 'api.acebridge.io'],
    ['https://a.b.api.acebridge.io/api/', 'api.acebridge.io'],
    ['http://acme.api.acebridge.io/api/', 'api.acebridge.io'],
    ['https://acme.api.acebridge.io:8443/api/', 'api.acebridge.io'],
    ['https://acme.acebridge.io/api/', 'www.acebridge.io'],
    ['http://127.0.0.1:4011/api/', '127.0.0.1:4010'],
    ['/api/v1/users/', 'api.acebridge.io'],
    ['https://acme.api.acebridge.io/api/', undefined],
  ])('%s is not on the API host %s', (url, apiHost) => {
    expect(isApiUrl(url, apiHost)).toBe(false);
  });
});
