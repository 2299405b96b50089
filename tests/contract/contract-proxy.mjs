#!/usr/bin/env node
// `BACKEND_URL=https://acme.api.example.com npm run proxy`: Prism in proxy mode in front of a real
// backend, checking every request and response against openapi.yaml. The app (dev server) talks
// to http://127.0.0.1:4010 as it does to the mock; each exchange that breaks the contract is
// printed as it happens, and Ctrl-C prints a summary of the violations.
//
//   BACKEND_URL      the backend to check (required), e.g. https://acme.api.acebridge.io
//   PROXY_PORT       where the app reaches the proxy (default 4010, the mock's port)
//   --lenient        pass violating exchanges through unchanged (Prism without --errors): the app
//                    keeps working and the violations are still reported. By default (--errors) a
//                    request that breaks the contract is refused (422) and a response that breaks
//                    it becomes a 500, so the app shows the problem too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createOperationNamer, createViolationLog, violationsOf } from './violations.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const HOST = '127.0.0.1';
const backend = process.env.BACKEND_URL ?? '';
const port = Number(process.env.PROXY_PORT ?? 4010);
const lenient = process.argv.includes('--lenient') || process.env.PROXY_LENIENT === '1';

if (!/^https?:\/\/[^/]+/.test(backend)) {
  console.error(
    'Set BACKEND_URL to the backend to check, e.g.\n  BACKEND_URL=https://acme.api.acebridge.io npm run proxy',
  );
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer().once('error', reject);
    server.listen(0, HOST, () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

async function waitForPort(target, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('Prism stopped before it was ready.');
    const open = await new Promise((resolve) => {
      const socket = connect(target, HOST)
        .once('connect', () => socket.end(() => resolve(true)))
        .once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Prism did not open port ${target} within ${timeoutMs / 1000} s.`);
}

const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
const log = createViolationLog(createOperationNamer(doc));
const prismPort = await freePort();
const prismOutput = [];
const prism = spawn(
  process.execPath,
  [
    join(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
    'proxy',
    'openapi.yaml',
    backend,
    ...(lenient ? [] : ['--errors']),
    '-h',
    HOST,
    '-p',
    String(prismPort),
    '--verboseLevel',
    'warn',
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
);
// Prism's own log (warnings and errors) is kept, and shown only if Prism stops on its own.
for (const stream of [prism.stdout, prism.stderr]) {
  stream.on('data', (chunk) => {
    prismOutput.push(String(chunk));
    if (prismOutput.length > 50) prismOutput.shift();
  });
}

/** Forwards one exchange to Prism, reporting its violations; the body is read only for Prism's own errors. */
function forward(req, res) {
  const upstream = request(
    { host: HOST, port: prismPort, method: req.method, path: req.url, headers: req.headers },
    (reply) => {
      const status = reply.statusCode ?? 0;
      const report = (body) => {
        const violations = violationsOf({ headers: reply.headers, body });
        for (const line of log.record({ method: req.method, url: req.url, status, violations })) {
          console.log(line);
        }
      };
      res.writeHead(status, reply.headers);
      if (String(reply.headers['content-type'] ?? '').includes('problem+json')) {
        const chunks = [];
        reply.on('data', (chunk) => chunks.push(chunk));
        reply.on('end', () => {
          const body = Buffer.concat(chunks);
          report(body.toString('utf8'));
          res.end(body);
        });
      } else {
        report(undefined);
        reply.pipe(res);
      }
    },
  );
  upstream.on('error', (error) => {
    console.log(
      `${new Date().toTimeString().slice(0, 8)} PROXY ERROR ${req.method} ${req.url}: ${error.message}`,
    );
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('Contract proxy: Prism did not answer.');
  });
  req.pipe(upstream);
}

const server = createServer(forward);
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  if (server.listening) server.close();
  prism.kill('SIGTERM');
  console.log(`\n${log.summary()}`);
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
prism.on('exit', (code) => {
  if (stopping) return;
  console.error(`Prism stopped (exit ${code}). Its last output:\n${prismOutput.join('')}`);
  stop(1);
});

try {
  await waitForPort(prismPort, prism);
} catch (error) {
  console.error(`${error.message}\n${prismOutput.join('')}`);
  stop(1);
}
server.once('error', (error) => {
  console.error(`Cannot listen on ${HOST}:${port}: ${error.message}`);
  stop(1);
});
server.listen(port, HOST, () => {
  console.log(
    [
      `Contract proxy on http://${HOST}:${port} -> Prism (openapi.yaml${lenient ? ', lenient' : ', --errors'}) -> ${backend}`,
      'Each request or response that breaks openapi.yaml prints here; Ctrl-C prints the summary.',
    ].join('\n'),
  );
});
