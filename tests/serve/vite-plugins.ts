import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { Connect, Plugin } from 'vite';

import { CONFIG_PATH } from '../../src/lib/config-path.ts';
import type { Environment } from './caddy-headers.ts';

/**
 * `GET /config.json` in `vite dev` and `vite preview`, as Caddy answers it in production: the API
 * host from API_HOST, read when the server starts. None by default, so the app calls `/api`
 * through the dev and preview proxy.
 */
export function runtimeConfig(environment: Environment = process.env): Plugin {
  const body = JSON.stringify({ apiHost: environment.API_HOST ?? '' });
  const answer: Connect.NextHandleFunction = (req, res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CONFIG_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return {
    name: 'acebridge:runtime-config',
    configureServer(server) {
      server.middlewares.use(answer);
    },
    configurePreviewServer(server) {
      server.middlewares.use(answer);
    },
  };
}

/** Where a build's source maps go: a folder beside it, never served. */
function sourceMapsDir(outDir: string): string {
  return `${outDir}-sourcemaps`;
}

/**
 * Source maps for error tracking, out of the served folder. The build writes them without a
 * reference in the scripts (`build.sourcemap: 'hidden'`); this moves them to
 * `<outDir>-sourcemaps/`, under the same relative paths, for an error tracker to be given.
 */
export function sourceMapsBesideTheBuild(): Plugin {
  return {
    name: 'acebridge:source-maps-beside-the-build',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const target = sourceMapsDir(options.dir);
      rmSync(target, { recursive: true, force: true });
      for (const file of Object.keys(bundle).filter((name) => name.endsWith('.map'))) {
        mkdirSync(dirname(join(target, file)), { recursive: true });
        renameSync(join(options.dir, file), join(target, file));
      }
    },
  };
}
