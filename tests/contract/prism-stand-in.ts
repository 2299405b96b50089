import { spawn, type ChildProcess } from 'node:child_process';

import { freePort, waitForPort } from './contract-proxy.mjs';
import { supervise } from './door-guard.mjs';

type SuperviseOptions = Parameters<typeof supervise>[0];

/**
 * A stand-in for Prism under the real supervisor: `script` runs in a Node child with `port` (its
 * own) and `nth` (1 for the first start, 2 for the next, and so on) in scope, so a test scripts
 * how each start behaves (listens, exits, freezes). What the supervisor prints is kept.
 */
export async function supervisedStandIn(
  script: string,
  options: Partial<SuperviseOptions> = {},
  {
    name = 'Prism (proxy)',
    onChild,
  }: { name?: string; onChild?: (child: ChildProcess) => void } = {},
) {
  const port = await freePort();
  const printed: string[] = [];
  let starts = 0;
  const prism = supervise({
    name,
    port,
    start: () => {
      starts += 1;
      const prelude = `const port = ${port}, nth = ${starts};`;
      const child = spawn(process.execPath, ['-e', `${prelude}\n${script}`], { stdio: 'ignore' });
      onChild?.(child);
      return { child, output: () => 'its last words' };
    },
    waitReady: (child) => waitForPort(port, { child }),
    print: (line) => printed.push(line),
    ...options,
  });
  return { prism, port, printed, starts: () => starts };
}
