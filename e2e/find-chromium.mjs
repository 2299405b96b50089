#!/usr/bin/env node
// Finds a Chromium for Playwright: $CHROME_PATH, then Debian's (and friends), then Playwright's own
// downloaded browser. The test suites ask for a headless one, where Debian's headless shell
// (package chromium-headless-shell) comes first: it is the browser Playwright itself runs headless
// tests in, and on a 2-core machine the three e2e suites took 185 s in it against 265 s in the
// whole browser. The bench keeps the whole browser, whose timings its baselines hold.
// With --install, installs what is missing with apt when we are root (the headless shell with
// --headless); otherwise says exactly what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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
 * The path of a usable Chromium, or undefined. `headless`: for tests that never show a window,
 * where Debian's headless shell comes first; else the whole browser, then the shell.
 * @param {{ headless?: boolean }} [options]
 * @returns {Promise<string | undefined>}
 */
export async function findChromium({ headless = false } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const candidates = headless
    ? [HEADLESS_SHELL, ...SYSTEM_CANDIDATES]
    : [...SYSTEM_CANDIDATES, HEADLESS_SHELL];
  return candidates.find((candidate) => existsSync(candidate)) ?? (await playwrightsOwn());
}

/** Installs one of Debian's Chromium packages; false where apt cannot run here. */
function installDebianPackage(/** @type {string} */ name) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`Installing Debian's ${name} package…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  return true;
}

const HELP = `No Chromium found for the end-to-end tests. Do one of:
  sudo apt-get install -y chromium-headless-shell   (Debian/Ubuntu: the tests' browser; the bench's
                                                    is the package chromium)
  npx playwright install chromium                   (Playwright's own, where downloads are allowed)
  export CHROME_PATH=/path/to/chrome                (any Chromium or Chrome you already have)`;

// node e2e/find-chromium.mjs [--headless] [--install]: prints the path found, or what to run.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const headless = process.argv.includes('--headless');
  let path = await findChromium({ headless });
  // The tests' browser is worth installing even where a whole one exists (a third off e2e's time).
  const wanted = headless
    ? !process.env.CHROME_PATH && path !== HEADLESS_SHELL && 'chromium-headless-shell'
    : !path && 'chromium';
  if (wanted && process.argv.includes('--install') && installDebianPackage(wanted)) {
    path = await findChromium({ headless });
  }
  if (!path) {
    console.error(HELP);
    process.exit(1);
  }
  console.log(path);
}
