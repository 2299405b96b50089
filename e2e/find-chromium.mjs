#!/usr/bin/env node
// Finds a Chromium for Playwright: $CHROME_PATH, then Debian's /usr/bin/chromium (and friends),
// then Playwright's own downloaded browser. With --install, installs Debian's chromium when none
// exists and we are root with apt; otherwise says exactly what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

async function playwrightsOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path of a usable Chromium, or undefined.
 * @returns {Promise<string | undefined>}
 */
export async function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  return SYSTEM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? (await playwrightsOwn());
}

function installDebianChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log("No Chromium found: installing Debian's chromium package…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return true;
}

const HELP = `No Chromium found for the end-to-end tests. Do one of:
  sudo apt-get install -y chromium            (Debian/Ubuntu; then it is found at /usr/bin/chromium)
  npx playwright install chromium             (Playwright's own browser, where downloads are allowed)
  export CHROME_PATH=/path/to/chrome          (any Chromium or Chrome you already have)`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let path = await findChromium();
  if (!path && process.argv.includes('--install') && installDebianChromium()) {
    path = await findChromium();
  }
  if (!path) {
    console.error(HELP);
    process.exit(1);
  }
  console.log(path);
}
