import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { safeReturnUrl } from '@/lib/return-url';

describe('safeReturnUrl', () => {
  it.each(['/dashboard', '/accounts?tab=users', '/values-mapper#leads', '/password/reset/MTA/x-y'])(
    'keeps the in-app path %s',
    (path) => {
      expect(safeReturnUrl(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.example/dashboard',
    'http://evil.example',
    '//evil.example',
    '//evil.example/dashboard',
    '///evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2E//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '/javascript:alert(1)',
    '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\tevil',
    '/\nevil',
    '/%0d%0aSet-Cookie:x',
    'dashboard',
    '',
    '%',
    '/%E0%A4%A',
  ])('refuses the hostile value %j', (hostile) => {
    expect(safeReturnUrl(hostile)).toBeUndefined();
  });

  it.each([undefined, null, 42, {}, ['/dashboard']])('refuses the non-string %j', (value) => {
    expect(safeReturnUrl(value)).toBeUndefined();
  });

  it('never throws and only ever returns a same-origin path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const result = safeReturnUrl(value);
        if (result === undefined) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, 'https://app.example').origin).toBe('https://app.example');
      }),
      { numRuns: 2000 },
    );
  });
});
