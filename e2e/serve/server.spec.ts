import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { expect, test } from '@playwright/test';

import { securityHeaders } from '../../tests/serve/caddy-headers';
import { rawGet } from './raw-http';
import { API_HOST, SERVED_DIR } from './settings';

// What Caddy answers for the build: headers, caching, compression, the SPA fallback's limits and
// the source maps kept out of reach.

const outDir = resolve(import.meta.dirname, '..', '..', SERVED_DIR);
const scripts = () => readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
const entryScript = () =>
  /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1];

test('the document carries every security header, the same ones vite preview sends', async ({
  page,
}) => {
  const reply = await page.goto('/dashboard');
  const headers = reply?.headers() ?? {};
  // The reader that feeds vite preview (tests/serve/caddy-headers.ts) reads what Caddy sends.
  for (const [name, value] of Object.entries(securityHeaders({ API_HOST }))) {
    expect(headers[name.toLowerCase()], name).toBe(value);
  }
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${API_HOST};`);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
  expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  expect(headers['x-frame-options']).toBe('DENY');
});

test('hashed assets are cached for a year; index.html, deep links and config.json never', async () => {
  const asset = await rawGet(`/assets/${entryScript()}`);
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const path of ['/', '/index.html', '/values-mapper', '/password/reset/MQ/abc']) {
    const page = await rawGet(path);
    expect(page.status, path).toBe(200);
    expect(page.headers['cache-control'], path).toBe('no-cache');
    expect(page.body.toString('utf8'), path).toContain('<div id="root"></div>');
  }
  const config = await rawGet('/config.json');
  expect(config.headers['cache-control']).toBe('no-cache');
  expect(config.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(config.body.toString('utf8'))).toEqual({ apiHost: API_HOST });
});

test('a missing asset is a 404, not the app, and is not cached', async () => {
  const missing = await rawGet('/assets/missing-abc.js');
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBeUndefined();
  expect(missing.body.toString('utf8')).not.toContain('<div id="root">');
});

test('assets are compressed when the browser accepts it', async () => {
  const path = `/assets/${entryScript()}`;
  const gzip = await rawGet(path, { 'Accept-Encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString('utf8')).toBe(
    readFileSync(join(outDir, 'assets', entryScript() ?? ''), 'utf8'),
  );
  const zstd = await rawGet(path, { 'Accept-Encoding': 'zstd, gzip' });
  expect(zstd.headers['content-encoding']).toBe('zstd');
  const plain = await rawGet(path);
  expect(plain.headers['content-encoding']).toBeUndefined();
});

test('no source map is served or referenced; the build keeps them beside dist for error tracking', async () => {
  const served = scripts();
  expect(served.length).toBeGreaterThan(10);
  expect(readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.map'))).toEqual([]);
  for (const name of served) {
    const script = await rawGet(`/assets/${name}`);
    expect(script.status, name).toBe(200);
    expect(script.body.toString('utf8'), name).not.toContain('sourceMappingURL');
    expect((await rawGet(`/assets/${name}.map`)).status, `${name}.map`).toBe(404);
  }
  expect((await rawGet('/index.js.map')).status).toBe(404);
  const maps = join(`${outDir}-sourcemaps`, 'assets');
  expect(existsSync(join(maps, `${entryScript()}.map`))).toBe(true);
});

test('the API is not served here: a stray /api call is a 404, not the app', async () => {
  const stray = await rawGet('/api/v1/users/');
  expect(stray.status).toBe(404);
});
