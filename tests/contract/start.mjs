#!/usr/bin/env node
// `npm start`: the sandbox stack (the living sandbox backend behind Prism, validating; see
// tests/sandbox/stack.mjs) on 127.0.0.1:4010 and the dev server; one Ctrl-C stops all. Its flags:
// `npm start -- --help`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

import { commandLine, portNumber } from '../cli.mjs';
import { sandboxBanner } from '../sandbox/stack-banner.mjs';
import {
  SANDBOX_ENVIRONMENT,
  SANDBOX_FLAGS,
  sandboxOptions,
  startStack,
} from '../sandbox/stack.mjs';
import { ROOT, waitForPort } from './contract-proxy.mjs';

/** @import { RunningStack } from '../sandbox/stack.mjs' */

const { values } = commandLine({
  usage: 'npm start -- [options]',
  summary:
    'The app on http://127.0.0.1:5173 (the dev server) and its API on 127.0.0.1:4010: the living sandbox behind Prism by default; --mock or --proxy put another backend on that port.',
  flags: {
    port: {
      type: 'string',
      value: 'N',
      description: "the app's port (the dev server)",
      fallback: '5173',
      parse: portNumber,
    },
    'api-port': {
      type: 'string',
      value: 'N',
      description:
        "the API's port (the sandbox's front door, the mock or the proxy), which the dev server's /api proxy reaches",
      fallback: '4010',
      parse: portNumber,
    },
    ...SANDBOX_FLAGS,
    mock: {
      type: 'boolean',
      description:
        "the example mock instead of the sandbox (Prism answering from the contract's examples)",
    },
    proxy: {
      type: 'boolean',
      description:
        'the contract-checking proxy in front of BACKEND_URL instead, so the app runs against a real backend and every contract violation is printed (or START_WITH_PROXY=1)',
    },
  },
  notes: SANDBOX_ENVIRONMENT,
});
const withProxy = values.proxy === true || process.env.START_WITH_PROXY === '1';
const withMock = values.mock === true;
const appPort = /** @type {number} */ (values.port);
const apiPort = /** @type {number} */ (values['api-port']);
const appUrl = `http://127.0.0.1:${appPort}`;
/** What the dev server's /api proxy reaches, and the mock or proxy listen on. */
const apiEnv = {
  API_PROXY_TARGET: `http://127.0.0.1:${apiPort}`,
  MOCK_PORT: String(apiPort),
  PROXY_PORT: String(apiPort),
};

/** concurrently's command-line script, as its package declares it (its path moved in v10). */
function concurrentlyBin() {
  const require = createRequire(join(ROOT, 'package.json'));
  const manifestPath = require.resolve('concurrently/package.json');
  const { bin } = require(manifestPath);
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin.concurrently);
}

/**
 * The example mock or the contract proxy, and the dev server, under concurrently.
 * @param {'mock' | 'proxy'} backend
 */
function startWithConcurrently(backend) {
  const child = spawn(
    process.execPath,
    [
      concurrentlyBin(),
      '--kill-others',
      '--names',
      `${backend},app`,
      '--prefix-colors',
      'blue,green',
      `npm:${backend}`,
      `npm run dev -- --port ${appPort}`,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...apiEnv } },
  );
  // Ctrl-C reaches every process of the terminal's group: let concurrently stop its commands (the
  // proxy prints its summary) and leave with its exit code.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

// Vite's own start-up lines: the banner below replaces them.
const VITE_STARTUP = /VITE v\d|ready in \d|➜|press h|^\s*$/;
// eslint-disable-next-line no-control-regex
const plain = (/** @type {string} */ line) => line.replace(/\u001b\[[0-9;]*m/g, '');

/** The dev server, its start-up lines dropped and everything else passed through. */
function startVite() {
  const vite = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(appPort)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        API_PROXY_TARGET: apiEnv.API_PROXY_TARGET,
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
      },
    },
  );
  /** @type {string[]} */
  const seen = [];
  for (const [stream, out] of /** @type {const} */ ([
    [vite.stdout, process.stdout],
    [vite.stderr, process.stderr],
  ])) {
    createInterface({ input: stream }).on('line', (line) => {
      seen.push(line);
      if (!VITE_STARTUP.test(plain(line))) out.write(`${line}\n`);
    });
  }
  return { child: vite, output: () => seen.slice(-30).join('\n') };
}

async function startWithSandbox() {
  /** @type {RunningStack | undefined} */
  let stack;
  let stopping = false;
  const vite = startVite();
  /** @param {number} code */
  async function stop(code) {
    if (stopping) return;
    stopping = true;
    if (vite.child.exitCode === null) vite.child.kill('SIGTERM');
    const summary = await stack?.stop();
    if (summary) console.log(`\n${summary}`);
    process.exit(code);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  vite.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`The dev server stopped (exit ${code}):\n${vite.output()}`);
    void stop(1);
  });

  try {
    stack = await startStack({
      frontPort: apiPort,
      ...sandboxOptions(values),
      appUrl,
      onFatal: (error) => {
        console.error(error.message);
        void stop(1);
      },
    });
    if (stopping) return;
    await waitForPort(appPort, { child: vite.child, name: 'The dev server' });
    // Ready when the app's /api proxy reaches the front door.
    const answer = await fetch(`${appUrl}/api/sandbox/violations`);
    if (!answer.ok)
      throw new Error(
        `The dev server's /api proxy answered ${answer.status} instead of reaching the sandbox on port ${apiPort}.`,
      );
  } catch (error) {
    if (stopping) return;
    console.error(`npm start failed: ${/** @type {Error} */ (error).message}`);
    await stop(1);
    return;
  }
  console.log(
    sandboxBanner({
      appUrl,
      apiUrl: stack.url,
      readyMs: Math.round(performance.now()),
    }),
  );
}

if (withProxy) startWithConcurrently('proxy');
else if (withMock) startWithConcurrently('mock');
else await startWithSandbox();
