// Starts the Prism mock and `vite preview` of dist/ on ports of their own, for the bench.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('../..', import.meta.url).pathname;

/** Resolves once something accepts connections on the port (Prism answers 404 on '/'). */
export async function waitForPort(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await sleep(250);
  }
  throw new Error(`Nothing listened on port ${port} within ${timeoutMs} ms`);
}

function start(command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
}

/** Mock and preview servers (of `outDir`, dist/ by default); `stop()` ends both. */
export async function startServers({ mockPort = 4190, previewPort = 4390, outDir } = {}) {
  const stops = [
    start('npx', [
      'prism',
      'mock',
      'openapi.yaml',
      '--host',
      '127.0.0.1',
      '--port',
      String(mockPort),
      '--errors',
    ]),
    start(
      'npx',
      ['vite', 'preview', '--port', String(previewPort), ...(outDir ? ['--outDir', outDir] : [])],
      {
        API_PROXY_TARGET: `http://127.0.0.1:${mockPort}`,
      },
    ),
  ];
  const stop = () => stops.forEach((fn) => fn());
  process.once('exit', stop);
  try {
    await waitForPort(mockPort);
    await waitForPort(previewPort);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${previewPort}`, stop };
}
