#!/usr/bin/env node
// `npm start`: the Prism mock and the dev server together (one Ctrl-C stops both).
// `npm start -- --proxy` (or START_WITH_PROXY=1 npm start): the contract-checking proxy in front
// of BACKEND_URL instead of the mock, on the same port, so the app runs against a real backend
// and every contract violation is reported (see contract-proxy.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const withProxy = process.argv.includes('--proxy') || process.env.START_WITH_PROXY === '1';
const backend = withProxy ? 'proxy' : 'mock';

const child = spawn(
  process.execPath,
  [
    join(root, 'node_modules/concurrently/dist/bin/concurrently.js'),
    '--kill-others',
    '--names',
    `${backend},app`,
    '--prefix-colors',
    'blue,green',
    `npm:${backend}`,
    'npm:dev',
  ],
  { cwd: root, stdio: 'inherit' },
);

// Ctrl-C reaches every process of the terminal's group: let concurrently stop its commands (the
// proxy prints its summary) and leave with its exit code.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
