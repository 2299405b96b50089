// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { fillEnvironment, securityHeaders, snippetHeaders } from './caddy-headers.ts';

// The reader that gives `vite preview` the Caddyfile's headers. The serve e2e suite checks that
// Caddy itself sends the same ones.

const connectSrc = (apiHost: string | undefined) =>
  /connect-src [^;]*/.exec(
    securityHeaders(apiHost === undefined ? {} : { API_HOST: apiHost })[
      'Content-Security-Policy'
    ] ?? '',
  )?.[0];

describe("the Caddyfile's security headers", () => {
  it('are the whole production set', () => {
    const headers = securityHeaders({ API_HOST: 'api.acebridge.io' });
    expect(Object.keys(headers).sort()).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    const csp = headers['Content-Security-Policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    // The one unsafe-* source: Blueprint's inline popover positions.
    expect(csp.match(/'unsafe-[a-z-]+'/g)).toEqual(["'unsafe-inline'"]);
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
  });

  it('allow the API host and its tenants, by host (the page gives the scheme)', () => {
    expect(connectSrc('api.acebridge.io')).toBe(
      "connect-src 'self' api.acebridge.io *.api.acebridge.io",
    );
    expect(connectSrc('api.acebridge.io:8443')).toBe(
      "connect-src 'self' api.acebridge.io:8443 *.api.acebridge.io:8443",
    );
    expect(connectSrc('localhost:4010')).toBe("connect-src 'self' localhost:4010 *.localhost:4010");
  });

  it("put a www. host's tenants where the app calls them (www.<tenant>.<rest>)", () => {
    expect(connectSrc('www.acebridge.io')).toBe(
      "connect-src 'self' www.acebridge.io *.acebridge.io",
    );
  });

  it('give an IP address no tenant subdomains', () => {
    expect(connectSrc('127.0.0.1:4010')).toBe("connect-src 'self' 127.0.0.1:4010");
  });

  it('allow this origin only without an API host, unset, empty or not a host name', () => {
    expect(connectSrc(undefined)).toBe("connect-src 'self' ");
    expect(connectSrc('')).toBe("connect-src 'self' ");
    expect(connectSrc("evil.example 'unsafe-eval'")).toBe("connect-src 'self' ");
    expect(connectSrc('https://api.acebridge.io/')).toBe("connect-src 'self' ");
  });
});

describe('the Caddyfile reader', () => {
  it('fills environment variables as Caddy does: set (even empty), else the default', () => {
    const text = '{$A} {$B:fallback} {$C:fallback} {$D}';
    expect(fillEnvironment(text, { A: 'a', B: 'b', C: '' })).toBe('a b  ');
    expect(fillEnvironment('{$SERVE_ADDRESS::8080}', {})).toBe(':8080');
  });

  it('reads quoted values, comments and map rules', () => {
    const caddyfile = `
      (security_headers) {
        # a comment
        map {env.HOST} {sources} {
          ~^x\\.(.+)$ "x.\${1} *.\${1}"
          exact "the exact one"
          default ""
        }
        header {
          A "one \\"two\\" {sources}"
          B \`three {env.HOST}\`
          C four#notacomment
        }
      }`;
    expect(snippetHeaders(caddyfile, { HOST: 'x.example' })).toEqual({
      A: 'one "two" x.example *.example',
      B: 'three x.example',
      C: 'four#notacomment',
    });
    expect(snippetHeaders(caddyfile, { HOST: 'exact' }).A).toBe('one "two" the exact one');
    expect(snippetHeaders(caddyfile, {}).A).toBe('one "two" ');
  });

  it.each([
    ['a header operation it does not know', 'header {\n -Server\n }'],
    ['a header with a matcher', 'header @api {\n A b\n }'],
    ['two values on a line', 'header {\n A b c\n }'],
    ['another directive', 'encode gzip\n header {\n A b\n }'],
    ['no header block', 'map {env.A} {b} {\n default ""\n }'],
  ])('refuses %s rather than guess', (_what, body) => {
    expect(() => snippetHeaders(`(security_headers) {\n${body}\n}`, {})).toThrow(/Caddyfile/);
  });

  it('says so when the snippet is missing', () => {
    expect(() => snippetHeaders(':8080 {\n}', {})).toThrow('no (security_headers) snippet');
  });
});
