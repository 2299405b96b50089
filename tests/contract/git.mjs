// Git as the contract's tools ask it (the gate, contract:diff): a command's output, or whether it
// succeeded. Quiet: their own messages say what a failure means.
import { execFileSync } from 'node:child_process';

/**
 * The output of `git <args>` run in `cwd`; throws (with git's stderr) when git fails.
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string}
 */
export const git = (args, cwd) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });

/**
 * Whether `git <args>` succeeds in `cwd`.
 * @param {string[]} args
 * @param {string} cwd
 */
export function gitSucceeds(args, cwd) {
  try {
    git(args, cwd);
    return true;
  } catch {
    return false;
  }
}
