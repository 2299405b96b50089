import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { expect, test } from '@playwright/test';

import { rawGet } from './raw-http';
import { API_HOST, SERVE_PORT, SERVED_DIR } from './settings';

// One build serves every environment: the API host is read when the server starts, and starting
// it writes nothing into the build.

const root = resolve(import.meta.dirname, '..', '..');
const outDir = resolve(root, SERVED_DIR);
/** A port of its own, beside the suite's server. */
const PORT = SERVE_PORT + 1;

/** One hash over every file of the build, by path and content. */
function hashFolder(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(relative(folder, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Runs `npm run serve` on the build with `apiHost` until `check` is done. */
async function whileServing(apiHost: string, check: () => Promise<void>): Promise<void> {
  const server = spawn(
    process.execPath,
    ['tests/serve/serve.mjs', '--port', String(PORT), '--root', outDir],
    { cwd: root, env: { ...process.env, API_HOST: apiHost }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise((done) => server.once('exit', done));
  try {
    await new Promise<void>((ready, fail) => {
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes(`on http://127.0.0.1:${PORT}`)) ready();
      });
      server.stderr.on('data', (chunk) => (output += String(chunk)));
      server.once('exit', () => fail(new Error(`serve.mjs stopped before it served:\n${output}`)));
    });
    await check();
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const connectSrc = (csp: unknown) => /connect-src [^;]*/.exec(String(csp))?.[0];

test('a restart with another API_HOST changes the policy and config.json, and the build not a byte', async () => {
  test.setTimeout(60_000);
  const before = hashFolder(outDir);

  await whileServing('api.acebridge.example', async () => {
    const page = await rawGet('/values-mapper', {}, PORT);
    expect(connectSrc(page.headers['content-security-policy'])).toBe(
      "connect-src 'self' api.acebridge.example *.api.acebridge.example",
    );
    const config = await rawGet('/config.json', {}, PORT);
    expect(JSON.parse(config.body.toString('utf8'))).toEqual({ apiHost: 'api.acebridge.example' });
  });

  await whileServing('www.other.example', async () => {
    const page = await rawGet('/', {}, PORT);
    expect(connectSrc(page.headers['content-security-policy'])).toBe(
      "connect-src 'self' www.other.example *.other.example",
    );
    const config = await rawGet('/config.json', {}, PORT);
    expect(JSON.parse(config.body.toString('utf8'))).toEqual({ apiHost: 'www.other.example' });
  });

  // The suite's own server, started on the same build, still says what it was started with.
  const config = await rawGet('/config.json');
  expect(JSON.parse(config.body.toString('utf8'))).toEqual({ apiHost: API_HOST });
  expect(hashFolder(outDir)).toBe(before);
});
