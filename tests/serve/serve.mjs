#!/usr/bin/env node
// `npm run serve`: the production build, served by Caddy through the project's Caddyfile, as the
// Docker image serves it, on this machine only (`npm run serve -- --help` for its flags).
//
// Caddy keeps its state (an autosave of the configuration) in a temporary folder, removed on exit.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { commandLine, portNumber } from '../cli.mjs';

/** @import { ChildProcess } from 'node:child_process' */

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const HOST = '127.0.0.1';
const DEFAULT_API_HOST = '127.0.0.1:4010';

const HOW_TO_INSTALL = `Caddy is not installed (it serves the production build). Install it with one of:
  sudo apt-get install -y caddy        (Debian/Ubuntu; Caddy 2.6 or newer)
  brew install caddy                   (macOS)
  https://caddyserver.com/docs/install (every other system)`;

/**
 * Resolves once something accepts connections on the port; false if `child` exits first.
 * @param {number} port
 * @param {ChildProcess} child
 */
async function waitForPort(port, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const open = await new Promise((done) => {
      const socket = connect(port, HOST)
        .once('connect', () => socket.end(() => done(true)))
        .once('error', () => done(false));
    });
    if (open) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

const { values } = commandLine({
  usage: 'npm run serve -- [--port N] [--root DIR]',
  summary:
    'The production build served by Caddy through the Caddyfile, as the Docker image serves it, on 127.0.0.1 only. Build it first (`npm run build`).',
  flags: {
    port: {
      type: 'string',
      value: 'N',
      description: 'the port it listens on',
      env: 'SERVE_PORT',
      fallback: '8080',
      parse: portNumber,
    },
    root: { type: 'string', value: 'DIR', description: 'the build to serve', fallback: 'dist' },
  },
  notes: [
    `Environment: API_HOST, the API's host (default ${DEFAULT_API_HOST}, the front door of \`npm run sandbox\`).`,
  ],
});
const port = /** @type {number} */ (values.port);
const root = resolve(ROOT, /** @type {string} */ (values.root));
// An empty API_HOST counts as unset here: a local run always has a backend.
const apiHost = process.env.API_HOST || DEFAULT_API_HOST;

if (spawnSync('caddy', ['version'], { stdio: 'ignore' }).error) {
  console.error(HOW_TO_INSTALL);
  process.exit(1);
}
if (!existsSync(join(root, 'index.html'))) {
  console.error(`No build in ${root}: run \`npm run build\` first.`);
  process.exit(1);
}

// The same check as the Docker image's entrypoint: a value the app cannot use stops the start
// here, with what a right one looks like, rather than a login page that reads as a wrong password.
const apiHostCheck = spawnSync('sh', [join(ROOT, 'tests/serve/check-api-host.sh')], {
  env: { ...process.env, API_HOST: apiHost },
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (apiHostCheck.status !== 0) process.exit(1);

const state = mkdtempSync(join(tmpdir(), 'acebridge-caddy-'));
/** @type {string[]} */
const output = [];
const caddy = spawn(
  'caddy',
  ['run', '--config', join(ROOT, 'Caddyfile'), '--adapter', 'caddyfile'],
  {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      API_HOST: apiHost,
      SERVE_ADDRESS: `:${port}`,
      SERVE_BIND: HOST,
      SERVE_ROOT: root,
      XDG_CONFIG_HOME: join(state, 'config'),
      XDG_DATA_HOME: join(state, 'data'),
    },
  },
);
// Caddy logs a JSON line per event: kept back, and shown only if it stops on its own.
for (const stream of [caddy.stdout, caddy.stderr]) {
  stream.on('data', (chunk) => {
    output.push(String(chunk));
    if (output.length > 100) output.shift();
  });
}

let stopping = false;
const stop = () => {
  stopping = true;
  caddy.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
caddy.on('exit', (code, signal) => {
  rmSync(state, { recursive: true, force: true });
  if (!stopping) {
    console.error(`Caddy stopped (${signal ?? `exit ${code}`}). Its output:\n${output.join('')}`);
    process.exit(code || 1);
  }
  process.exit(0);
});

if (await waitForPort(port, caddy)) {
  const api = /^(127\.0\.0\.1|localhost|\[::1\])(:|$)/.test(apiHost)
    ? `http://${apiHost}`
    : apiHost;
  console.log(
    `AceBridge (${root}) on http://${HOST}:${port}, calling the API at ${api}.` +
      (apiHost === DEFAULT_API_HOST ? ' Start it with `npm run sandbox`.' : '') +
      ' Ctrl-C stops.',
  );
}
