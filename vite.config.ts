/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { blueprintIconsByComponentOnly } from './src/lib/icons/build-plugin.ts';
import { runtimeConfig } from './tests/serve/vite-plugins.ts';

// Dev and preview servers send /api to the Prism mock (or any backend named by API_PROXY_TARGET).
const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:4010',
    changeOrigin: true,
  },
};

/**
 * Headers the production build is served with (`npm run preview`, and the README's production
 * notes): a strict Content-Security-Policy — no inline or eval'd script (schema forms use
 * precompiled validators), API calls only to this origin or the tenant API hosts — plus the
 * usual hardening headers. Blueprint positions popovers with inline styles, hence style-src.
 */
export function securityHeaders(apiHost = process.env.API_HOST): Record<string, string> {
  const api = apiHost ? ` https://${apiHost} https://*.${apiHost.replace(/^www\./, '')}` : '';
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must come before react(): it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routes/routeTree.gen.ts',
      autoCodeSplitting: true,
      routeFileIgnorePattern: 'routeTree\\.gen\\.ts',
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // Icons by component only: Blueprint's table of every icon name stays out of the build.
    blueprintIconsByComponentOnly(),
    // GET /config.json, as the production server answers it (no API host unless API_HOST is set).
    runtimeConfig(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
      '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
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
    headers: securityHeaders(),
  },
  build: {
    sourcemap: true,
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
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['./tests/setup.ts'],
    restoreMocks: true,
    // One retry in CI for tests that wait on real debounces on a loaded machine.
    retry: process.env.CI ? 1 : 0,
    css: false,
  },
});
