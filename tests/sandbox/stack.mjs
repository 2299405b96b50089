#!/usr/bin/env node
// The sandbox stack: the sandbox (tests/sandbox/server.ts, in this process), Prism validating in
// front of it, a Prism mock for requests that carry a `Prefer` header, and the front door that
// routes between them on the API port (see front-door.mjs). Used by `npm start`, by
// `npm run sandbox` (this file as a script: the stack without the dev server), by the sandbox e2e
// suite and by the bench. Its flags and variables: STACK_COMMAND below (`npm run sandbox -- --help`).
//
// Either backend for the production build: `npm run preview` (and `npm run dev`) send /api to
// API_PROXY_TARGET, http://127.0.0.1:4010 by default. With `npm start` or `npm run sandbox`
// running, that is this stack's front door (the sandbox); with `npm run mock`, the example mock.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { commandLine, portNumber } from '../cli.mjs';
import { freePort, HOST, loadContract, ROOT, supervisePrism } from '../contract/contract-proxy.mjs';
import { bodyTypesOf } from '../contract/door-guard.mjs';
import { printable } from '../contract/violations.mjs';
import { createFrontDoor, createViolationRecorder } from './front-door.mjs';
import { sandboxBanner } from './stack-banner.mjs';

/**
 * @import { Server } from 'node:http'
 * @import { AddressInfo } from 'node:net'
 * @import { Supervised } from '../contract/door-guard.mjs'
 * @import { ViolationRecorder } from './front-door.mjs'
 */
/**
 * An exchange that broke the contract (the front door's; the e2e fixture reads it from here).
 * @typedef {import('./front-door.mjs').ViolatingExchange} ViolatingExchange
 */
/**
 * What `startStack` hands the sandbox it starts (the real one: server.ts's startSandbox).
 * @typedef {object} SandboxStarterOptions
 * @property {number} port
 * @property {string} host
 * @property {boolean} fresh
 * @property {number | undefined} accessTtl
 * @property {string | undefined} dataDir
 * @property {number | undefined} syncRate
 * @property {number | undefined} scale
 * @property {(mail: { to: string, subject: string, link: string }) => void} onMail
 * @property {string} doorToken The front door's secret, made at each start: every request the
 *   door forwards carries it as `X-Sandbox-Door`, and the sandbox believes the door's
 *   X-Forwarded-For and X-Forwarded-Host only beside it (a request that reaches the sandbox's
 *   own port without the door cannot make them up).
 */
/**
 * A sandbox started for the stack.
 * @typedef {{
 *   url: string,
 *   close(): Promise<void>,
 *   unserved?: { method: string, path: string, detail: string }[],
 * }} StartedSandbox
 */
/**
 * The running stack.
 * @typedef {object} RunningStack
 * @property {string} url The front door, e.g. http://127.0.0.1:4010.
 * @property {string} sandboxUrl
 * @property {ViolationRecorder} recorder
 * @property {number} readyMs
 * @property {() => Promise<string>} stop Stops every part; resolves with the violation summary.
 */

export const DEFAULT_APP_URL = 'http://127.0.0.1:5173';
const time = () => new Date().toTimeString().slice(0, 8);

/**
 * The real sandbox, loaded through tsx (it is TypeScript) into this process.
 * @param {SandboxStarterOptions} options
 * @returns {Promise<StartedSandbox>}
 */
async function startRealSandbox(options) {
  const { tsImport } = await import('tsx/esm/api');
  const { startSandbox } = /** @type {typeof import('./server.ts')} */ (
    await tsImport(join(ROOT, 'tests/sandbox/server.ts'), import.meta.url)
  );
  return startSandbox(options);
}

/**
 * @param {Server} server
 * @param {number} port
 * @returns {Promise<void>}
 */
function listen(server, port) {
  return new Promise((done, fail) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      fail(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is taken (is \`npm start\` or \`npm run mock\` already running?)`
            : `Cannot listen on ${HOST}:${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, HOST, () => done());
  });
}

/**
 * The two console lines of a mail the sandbox wrote: when, to whom and its subject, then its link
 * (an app path made a full URL). The address, the subject and the link are escaped (printable):
 * they hold text a request sent (a company's name in a notice's subject), and a CR or LF in it
 * would print a line of its own, an ESC sequence would drive the terminal. The sandbox refuses
 * such text and its mail headers are one line already; the console does not rely on it.
 * @param {{ to: string, subject: string, link: string }} mail
 * @param {string} appUrl
 * @param {string} at the time, as the console prints it
 */
export function mailLines(mail, appUrl, at) {
  const link = `${mail.link.startsWith('/') ? appUrl : ''}${mail.link}`;
  return `${at} MAIL to ${printable(mail.to)}: ${printable(mail.subject)}\n    ${printable(link)}`;
}

/**
 * Starts the stack; resolves once every part answers, and fails if one does not start. Once
 * started, a Prism that exits or stops answering is restarted, for as long as it takes (printed;
 * the API answers 503 with Retry-After meanwhile): never fatal. `onFatal` hears of what the stack
 * cannot get over, its front door's server failing after it listened (the caller then stops the
 * stack). `startSandbox` replaces the real sandbox (tests).
 * @param {{
 *   frontPort?: number,
 *   fresh?: boolean,
 *   accessTtl?: number,
 *   dataDir?: string,
 *   syncRate?: number,
 *   scale?: number,
 *   appUrl?: string,
 *   print?: (line: string) => void,
 *   onFatal?: (error: Error) => void,
 *   startSandbox?: (options: SandboxStarterOptions) => Promise<StartedSandbox>,
 * }} [options]
 * @returns {Promise<RunningStack>}
 */
export async function startStack({
  frontPort = 4010,
  fresh = false,
  accessTtl = process.env.SANDBOX_ACCESS_TTL ? Number(process.env.SANDBOX_ACCESS_TTL) : undefined,
  dataDir = process.env.SANDBOX_DATA_DIR,
  syncRate = undefined,
  scale = undefined,
  appUrl = DEFAULT_APP_URL,
  print = console.log,
  onFatal = () => {},
  startSandbox = startRealSandbox,
} = {}) {
  const started = performance.now();
  const [sandboxPort, proxyPort, mockPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
  ]);
  const sandboxUrl = `http://${HOST}:${sandboxPort}`;
  /** @type {StartedSandbox | undefined} */
  let sandbox;
  let stopping = false;
  // A Prism that exits or stops answering is restarted, in a loop if it must (door-guard.mjs).
  const prisms = [
    supervisePrism({
      name: 'Prism (proxy)',
      mode: 'proxy',
      target: sandboxUrl,
      port: proxyPort,
      print,
    }),
    supervisePrism({ name: 'Prism (mock)', mode: 'mock', port: mockPort, print }),
  ];
  const [proxy, mock] = /** @type {[Supervised, Supervised]} */ (prisms);
  const doc = loadContract();
  const recorder = createViolationRecorder({ doc, print });
  // What only the door and the sandbox know, new at each start (see SandboxStarterOptions).
  const doorToken = randomBytes(32).toString('hex');
  // The mails of one turn of the event loop are printed in one write: 200 invitations at once are
  // 400 lines, and a write to a pipe blocks until the reader has it.
  /** @type {string[]} */
  let mails = [];
  /** @param {string} text the mail's lines (mailLines) */
  const printMail = (text) => {
    if (mails.length === 0)
      setImmediate(() => {
        const lines = mails;
        mails = [];
        print(lines.join('\n'));
      });
    mails.push(text);
  };
  const server = createServer(
    createFrontDoor({
      sandboxPort,
      proxy,
      mock,
      recorder,
      doorToken,
      bodyTypes: bodyTypesOf(doc),
      onOutage: (ms) => void outage(ms),
      unserved: () => sandbox?.unserved ?? [],
    }),
  );

  /**
   * The door stops listening for `ms` (POST /api/sandbox/outage), its open connections cut, then
   * listens again on the same port: for whatever is in front, the API is down, then back.
   * @param {number} ms
   */
  async function outage(ms) {
    if (stopping || !server.listening) return;
    const { port } = /** @type {AddressInfo} */ (server.address());
    print(`${time()} The front door stops for ${ms / 1000} s (POST /api/sandbox/outage).`);
    server.closeAllConnections();
    await new Promise((done) => server.close(() => done(undefined)));
    await new Promise((done) => setTimeout(done, ms));
    if (stopping) return;
    await listen(server, port);
    print(`${time()} The front door answers again.`);
  }

  async function stop() {
    if (stopping) return recorder.summary();
    stopping = true;
    const prismsStopped = Promise.all(prisms.map((prism) => prism.stop()));
    if (server.listening) {
      server.closeAllConnections();
      await new Promise((done) => server.close(() => done(undefined)));
    }
    // Prism gets 3 s to stop on its own; the sandbox closes once Prism's connections are gone.
    await prismsStopped;
    await sandbox?.close();
    return recorder.summary();
  }

  try {
    [sandbox] = await Promise.all([
      startSandbox({
        port: sandboxPort,
        host: HOST,
        fresh,
        accessTtl,
        dataDir,
        syncRate,
        scale,
        doorToken,
        onMail: (mail) => printMail(mailLines(mail, appUrl, time())),
      }),
      ...prisms.map((prism) => prism.ready),
    ]);
    await listen(server, frontPort);
    server.on('error', (error) => {
      if (!stopping)
        onFatal(new Error(`The front door failed: ${error.message}`, { cause: error }));
    });
  } catch (caught) {
    const error = /** @type {Error} */ (caught);
    // Prism's own output says why it did not start; it is noise when something else failed.
    const output = /Prism/.test(error.message)
      ? prisms.map((prism) => prism.output()).join('')
      : '';
    await stop();
    throw new Error(`${error.message}${output ? `\n${output}` : ''}`, { cause: caught });
  }

  return {
    url: `http://${HOST}:${/** @type {AddressInfo} */ (server.address()).port}`,
    sandboxUrl,
    recorder,
    readyMs: Math.round(performance.now() - started),
    stop,
  };
}

/** The sandbox's own flags, which `npm start` takes too. */
export const SANDBOX_FLAGS = {
  fresh: {
    type: /** @type {const} */ ('boolean'),
    description: 'start again from the seed (the old data is kept aside, renamed with the time)',
  },
  'sync-rate': {
    type: /** @type {const} */ ('string'),
    value: 'N',
    description:
      'records a sync processes per second, 0 for no pacing (or SANDBOX_SYNC_RATE; default 60)',
    /** @param {string} text */
    parse: (text) => {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value < 0)
        throw new Error('takes records per second, 0 or more');
      return value;
    },
  },
  scale: {
    type: /** @type {const} */ ('string'),
    value: 'N',
    description: "Acme's org gets N leads and N opportunities (or SANDBOX_SCALE)",
    /** @param {string} text */
    parse: (text) => {
      const value = Number(text);
      if (!Number.isInteger(value) || value <= 0) throw new Error('takes a whole number above 0');
      return value;
    },
  },
};

/** What the sandbox's flags set (SANDBOX_FLAGS, as read by readCommandLine). */
export function sandboxOptions(/** @type {Record<string, unknown>} */ values) {
  return {
    fresh: values.fresh === true,
    .../** @type {{ syncRate?: number }} */ (
      values['sync-rate'] === undefined ? {} : { syncRate: values['sync-rate'] }
    ),
    .../** @type {{ scale?: number }} */ (
      values.scale === undefined ? {} : { scale: values.scale }
    ),
  };
}

/** The environment both read (server.ts), for the usage. */
export const SANDBOX_ENVIRONMENT = [
  'Environment: SANDBOX_DATA_DIR (where its data lives), SANDBOX_ACCESS_TTL (seconds an access',
  'token lives), SANDBOX_SYNC_DELAY_MS, SANDBOX_SCHEDULE=off (no scheduled syncs).',
];

/** `npm run sandbox`'s command line. */
export const STACK_COMMAND = {
  usage: 'npm run sandbox -- [options]',
  summary:
    'The living sandbox behind Prism (validating), a Prism mock for requests with a `Prefer` header, and the front door between them, without the dev server (`npm start` adds it).',
  flags: {
    port: {
      type: /** @type {const} */ ('string'),
      value: 'N',
      description: "the front door's port, which the app's /api proxy reaches",
      fallback: '4010',
      parse: portNumber,
    },
    'app-url': {
      type: /** @type {const} */ ('string'),
      value: 'URL',
      description: "the app's address, for the links in mails",
      fallback: DEFAULT_APP_URL,
    },
    ...SANDBOX_FLAGS,
  },
  notes: SANDBOX_ENVIRONMENT,
};

async function main() {
  const { values } = commandLine(STACK_COMMAND);
  const frontPort = /** @type {number} */ (values.port);
  const appUrl = /** @type {string} */ (values['app-url']);
  /** @type {RunningStack | undefined} */
  let stack;
  /** @param {number} code */
  const finish = async (code) => {
    const summary = await stack?.stop();
    if (summary) console.log(`\n${summary}`);
    process.exit(code);
  };
  try {
    stack = await startStack({
      frontPort,
      appUrl,
      ...sandboxOptions(values),
      onFatal: (error) => {
        console.error(error.message);
        void finish(1);
      },
    });
  } catch (error) {
    console.error(`The sandbox stack did not start: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  process.on('SIGINT', () => void finish(0));
  process.on('SIGTERM', () => void finish(0));
  console.log(
    sandboxBanner({
      apiUrl: stack.url,
      appUrl,
      readyMs: Math.round(performance.now()),
      withApp: false,
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
