import type { Connect, Plugin } from 'vite';
import { CONFIG_PATH } from '../../src/lib/env.ts';

/**
 * `GET /config.json` in `vite dev` and `vite preview`, as Caddy answers it in production: the API
 * host from API_HOST, read when the server starts. None by default, so the app calls `/api`
 * through the dev and preview proxy.
 */
export function runtimeConfig(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Plugin {
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
