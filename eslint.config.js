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
);
