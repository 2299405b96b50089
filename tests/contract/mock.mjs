#!/usr/bin/env node
// `npm run mock`: Prism answering from openapi.yaml's examples (no state), refusing requests that
// break the contract (`--errors`), on 127.0.0.1. QA picks an example per call with a `Prefer`
// header (the scenario switcher does it for the app). `npm start -- --mock` runs it with the dev
// server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { commandLine, portNumber } from '../cli.mjs';
import { HOST, ROOT } from './contract-proxy.mjs';

const { values } = commandLine({
  usage: 'npm run mock -- [--port N]',
  summary:
    "Prism's mock of openapi.yaml: every call answered from the contract's examples, a request that breaks the contract refused (422). Pick an example with a `Prefer: code=500, example=serverError` header.",
  flags: {
    port: {
      type: 'string',
      value: 'N',
      description: 'the port it listens on, on 127.0.0.1',
      env: 'MOCK_PORT',
      fallback: '4010',
      parse: portNumber,
    },
  },
  notes: [
    'The dev server (`npm run dev`) sends /api to API_PROXY_TARGET (default http://127.0.0.1:4010):',
    'on another port, run it with API_PROXY_TARGET=http://127.0.0.1:<port>.',
  ],
});

const prism = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'),
    'mock',
    'openapi.yaml',
    '--host',
    HOST,
    '--port',
    String(values.port),
    '--errors',
    // One process whatever NODE_ENV says (Prism's cluster mode fails to start on Node 24).
    '--multiprocess=false',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => prism.kill(signal));
prism.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
