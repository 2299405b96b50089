// @ts-check
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ACROSS_FEATURES =
  'A feature does not import another feature: move what they share to components/ or lib/.';

// Imports flow one way: components, lib, api -> features -> routes -> app (see the README's
// Layout). The zones are checked on the resolved file, so a relative import ('../mapper/x')
// breaks them exactly as an alias does.
const layers = [
  // Inside the shared code, floors too: lib (no UI, no transport) <- api (the transport, on lib's
  // storage and jwt) <- components (UI, on both). A hook that needs the session lives in
  // components/, not lib/.
  {
    target: './src/lib',
    from: ['./src/api', './src/components'],
    message: 'lib/ is the ground floor: it imports no api/ or components/ (move the piece up).',
  },
  {
    target: './src/api',
    from: './src/components',
    message: 'api/ is the transport: it imports no components/.',
  },
  {
    target: ['./src/components', './src/lib', './src/api'],
    from: ['./src/features', './src/routes', './src/app'],
    message: 'Shared code knows no feature, route or app.',
  },
  {
    target: './src/features',
    from: ['./src/routes', './src/app'],
    message: 'Features do not import routes or app.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: ACROSS_FEATURES,
  })),
  // A feature has two doors (README's Layout): index.ts for what a route renders, and
  // <feature>-queries.ts for what its loader and guard need (no React, so a loader does not pull
  // the page into the entry chunk). Routes and app/ never reach further in.
  ...features.map((feature) => ({
    target: ['./src/routes', './src/app'],
    from: `./src/features/${feature}`,
    except: ['./index.ts', `./${feature}-queries.ts`],
    message: `Import ${feature} through its index.ts or ${feature}-queries.ts only.`,
  })),
  {
    target: './src/routes',
    from: './src/app',
    except: ['./router.ts'],
    message: 'Only main and routes import app/; routes only its router type.',
  },
];

// The sandbox's layers (tests/sandbox/): handlers -> app -> domain -> store, and the seed builder
// above the domain and the store. The domain is plain functions over the store's state, so it
// knows no HTTP layer and no seed; the store only keeps state, so it calls nothing above it.
// Tests sit above every layer (a domain test builds its state from the seed).
const sandbox = (...paths) => paths.map((path) => `./tests/sandbox/${path}`);
const sandboxHttp = sandbox('app.ts', 'server.ts', 'test-client.ts', 'http-failure.ts', 'handlers');
const sandboxLayers = [
  {
    target: sandbox('domain'),
    from: [...sandboxHttp, ...sandbox('seed')],
    message:
      'The sandbox domain is plain functions over the store: it imports no app, handler, server or seed.',
  },
  {
    target: sandbox('store'),
    from: [...sandboxHttp, ...sandbox('seed', 'domain')],
    message: 'The sandbox store keeps state: it imports no domain, app, handler, server or seed.',
  },
  {
    target: sandbox('seed'),
    from: sandboxHttp,
    message:
      'The seed builds state from the domain and the store: it imports no app, handler or server.',
  },
];

// What ships never reaches into the tests: the sandbox, the e2e suites and their helpers.
const shipsNoTests = {
  target: './src',
  from: ['./tests', './e2e'],
  message:
    'Application code does not import tests/ or e2e/: a test helper belongs beside its tests.',
};

export default defineConfig(
  {
    ignores: [
      'dist',
      '.e2e-*',
      'generated',
      'src/routes/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'e2e/bench/node_modules',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  pluginQuery.configs['flat/recommended'],
  pluginRouter.configs['flat/recommended'],
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // What import-x parses to follow a module's own imports (no-cycle needs it for TypeScript).
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Packages, then the project's aliases, then relative files; alphabetical inside a group.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '{@,@generated,@schemas,@tests}/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No raw HTML: render text, never markup from data.',
        },
        {
          // Blueprint loads an icon named by string with the SVG paths of every icon of its size
          // (about 100 KB gzip); an icon component carries only its own.
          selector:
            "JSXAttribute[name.name=/^(icon|endIcon|leftIcon|rightIcon)$/]:matches([value.type='Literal'], [value.expression.raw=/^['\"]/], [value.expression.type='TemplateLiteral'])",
          message:
            'Pass an icon component (<AddIcon />), not an icon name: a name loads every icon.',
        },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // A cycle, even a lazy one, makes the load order decide what a module sees: a shared piece
      // goes in a module of its own that both import.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The test helpers are reached by their alias, whatever the depth of the test.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+tests/',
              message: 'Import the test helpers as @tests/..., not through ../../.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layers, shipsNoTests] }] },
  },
  {
    files: ['tests/sandbox/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: sandboxLayers }] },
  },
);
