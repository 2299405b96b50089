// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const upward = (layers, message) => ({
  group: layers.flatMap((layer) => [`@/${layer}`, `@/${layer}/**`, `**/${layer}/**`]),
  message,
});

// Imports flow one way: components, lib -> features -> routes -> app (see the architecture guide).
const layering = [
  {
    files: ['src/components/**', 'src/lib/**', 'src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upward(['features', 'routes', 'app'], 'Shared code knows no feature, route or app.'),
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upward(['routes', 'app'], 'Features do not import routes or app.'),
            {
              group: [
                '@/features/*',
                '**/features/*',
                `!@/features/${feature}`,
                `!**/features/${feature}`,
              ],
              message:
                'A feature does not import another feature: move what they share to components/ or lib/.',
            },
            {
              group: ['@/features/*/**', `!@/features/${feature}/**`],
              message:
                'A feature does not import another feature: move what they share to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/*', '!@/app/router'],
              message: 'Only main and routes import app/; routes only its router type.',
            },
          ],
        },
      ],
    },
  },
];

// The sandbox's layers (tests/sandbox/): handlers -> app -> domain -> store, and the seed builder
// above the domain and the store. The domain is plain functions over the store's state, so it
// knows no HTTP layer and no seed; the store only keeps state, so it calls nothing above it.
// Tests sit above every layer (a domain test builds its state from the seed).
const sandboxAbove = ['app', 'server', 'test-client', 'handlers', 'seed'].flatMap((module) => [
  `**/${module}`,
  `**/${module}/**`,
]);
const sandboxLayering = [
  {
    files: ['tests/sandbox/domain/**'],
    message:
      'The sandbox domain is plain functions over the store: it imports no app, handler, server or seed.',
    above: sandboxAbove,
  },
  {
    files: ['tests/sandbox/store/**'],
    message: 'The sandbox store keeps state: it imports no domain, app, handler, server or seed.',
    above: [...sandboxAbove, '**/domain', '**/domain/**'],
  },
  {
    files: ['tests/sandbox/seed/**'],
    message:
      'The seed builds state from the domain and the store: it imports no app, handler or server.',
    above: sandboxAbove.filter((pattern) => !pattern.includes('seed')),
  },
].map(({ files, message, above }) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: above, message }] }],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.e2e-*',
      'generated',
      'src/routes/routeTree.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
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
  ...layering,
  ...sandboxLayering,
);
