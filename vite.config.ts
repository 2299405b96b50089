/// <reference types="vitest/config" />
import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

import { blueprintIconsByComponentOnly } from './src/lib/icons/build-plugin.ts';
import { securityHeaders } from './tests/serve/caddy-headers.ts';
import { runtimeConfig, sourceMapsBesideTheBuild } from './tests/serve/vite-plugins.ts';

// Dev and preview servers send /api to the Prism mock (or any backend named by API_PROXY_TARGET).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:4010';
const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    // With nothing answering at the target, Vite's proxy answers an empty 502. The app needs only
    // the status (src/api/api-health.ts: a proxy's 502, with a body or without, is "cannot reach
    // its server": the banner, no toast); whoever reads the reply in the network panel or with
    // curl is told which API did not answer, and how to start one. Registered before Vite's own
    // handler, which then finds the reply sent and only logs the error.
    configure: (proxy) => {
      proxy.on('error', (error, _request, response) => {
        if (!('req' in response) || response.headersSent || response.writableEnded) return;
        const reason = (error as NodeJS.ErrnoException).code ?? error.message;
        response.writeHead(502, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        response.end(
          `The AceBridge API at ${apiTarget} did not answer (${reason}). Start it with ` +
            '`npm run sandbox` (or `npm start`), or name another with API_PROXY_TARGET.\n',
        );
      });
    },
  },
};

const NODE_TESTS = [
  'tests/sandbox/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/security/**/*.test.ts',
];
const DOM_TESTS = ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'];
// A test file that replaces a module (`vi.mock`) gets modules of its own: in a shared worker the
// replacement would reach the files that run after it, or come too late for a module they loaded.
// So does a file that says `@vitest-own-modules` in a comment, with its reason.
const OWN_MODULES = globSync(DOM_TESTS, { exclude: NODE_TESTS }).filter((file) =>
  /\bvi\.mock\(|@vitest-own-modules/.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  plugins: [
    // The router plugin must come before react(): it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routes/routeTree.gen.ts',
      autoCodeSplitting: true,
      // No route hot-swapping under Vitest: a route module, when it loads, hands its options to the
      // route of the same id in the last router made (`window.__TSR_ROUTER__`). A component test's
      // router with a '__root__' of its own then became the app's root for every whole-app file
      // after it in a shared worker: the dashboard drew only that test's card, and every test of
      // those files timed out (what looked like React stalling in a two-worker run).
      codeSplittingOptions: { addHmr: !process.env.VITEST },
      routeFileIgnorePattern: 'routeTree\\.gen\\.ts',
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // Icons by component only: Blueprint's table of every icon name stays out of the build.
    blueprintIconsByComponentOnly(),
    // GET /config.json, as the production server answers it (no API host unless API_HOST is set).
    runtimeConfig(),
    // Source maps go beside the build, never in it (see build.sourcemap).
    sourceMapsBesideTheBuild(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
      // Test helpers and the sandbox, for tests anywhere in the tree (never for what ships: see
      // eslint.config.js, shipsNoTests).
      '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
      // RJSF's markdown renderer (31 KB gzip), which no form of ours uses: see plain-markdown.tsx.
      'markdown-to-jsx/react': fileURLToPath(
        new URL('./src/components/schema-form/plain-markdown.tsx', import.meta.url),
      ),
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: apiProxy },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: apiProxy,
    // The production headers, read from the Caddyfile's snippet: one source for both servers.
    headers: securityHeaders(),
  },
  build: {
    // Maps for error tracking, which no script references; the plugin above moves them out of the
    // served folder to <outDir>-sourcemaps/.
    sourcemap: 'hidden',
    // Every browser the build targets but Safari 15.4-16 preloads modules itself; those two load
    // the same chunks a moment later. The polyfill would cost every screen about 0.4 KB gzip.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads before any screen (React, the router, TanStack Query, the
          // shell) in the entry chunk itself, not in a dozen small shared chunks: one request and
          // one gzip stream, about 6 KB less on every screen. Screens keep their own chunks.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    setupFiles: ['./tests/setup.ts'],
    restoreMocks: true,
    // Twice Vitest's default: with a worker per core, a jsdom test shares its core with another
    // file's (a 2 s test took over 5 s once); a test that hangs still fails.
    testTimeout: 10_000,
    // One retry in CI for tests that wait on real debounces on a loaded machine.
    retry: process.env.CI ? 1 : 0,
    css: false,
    // Worker threads, not child processes: a test file starts in a thread of a running process,
    // which on this suite takes about 40% less wall time than the default forks (measured).
    pool: 'threads',
    // Two workers a core: a test spends much of its time waiting on real timers (a debounce, a
    // poll, a file's last 350 ms), which another worker fills with work. On a quiet 2-core
    // machine (`CI=true npx vitest run`, measured): 2 workers 188 s, 3 workers 153 s, 4 workers
    // 141 s, with no test retried. Vitest's default, one worker less than the cores, took 366 s.
    maxWorkers: availableParallelism() * 2,
    // The sandbox's and the contract tooling's tests run in Node: no jsdom to create for them
    // (about 2 s per file). Everything else gets jsdom unless it asks for Node
    // (`// @vitest-environment node`).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
        },
      },
      {
        // The app's tests share their worker's modules (`isolate: false`): each file no longer
        // loads React, the router, Blueprint and the sandbox again, about two thirds of the suite's
        // CPU. What a file leaves behind is reset by tests/setup.ts (DOM, storage, toaster). All
        // three projects share the workers, one pool.
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: DOM_TESTS,
          exclude: [...NODE_TESTS, ...OWN_MODULES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-own-modules',
          environment: 'jsdom',
          include: OWN_MODULES,
        },
      },
    ],
  },
});
