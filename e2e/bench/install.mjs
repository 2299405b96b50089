#!/usr/bin/env node
// The bench's own tools (Lighthouse and a certificate maker for its HTTP/2 front) are a package of
// their own, beside the bench, so that `npm ci` at the root does not install 130-odd packages only
// the bench uses. `npm run bench` runs this first: it installs them from the bench's lockfile when
// they are missing or older than it, and does nothing otherwise.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const lockfile = join(here, 'package-lock.json');
const installed = join(here, 'node_modules', '.package-lock.json');

const upToDate = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs;
if (!upToDate) {
  console.log('bench: installing its own tools (Lighthouse) into e2e/bench/node_modules, once');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
}
