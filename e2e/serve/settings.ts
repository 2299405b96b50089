import { buildDir } from '../suite-defaults';

// Where the serve suite (serve.config.ts) runs: its own ports and build folder, so it runs beside
// the other suites, `npm start` and `npm run serve`. The specs read the same values.
export const MOCK_PORT = Number(process.env.E2E_SERVE_MOCK_PORT ?? 4610);
export const SERVE_PORT = Number(process.env.E2E_SERVE_PORT ?? 4680);
/** The suite's own build folder; it serves `npm run test:e2e`'s shared build when there is one. */
export const OUT_DIR = process.env.E2E_SERVE_OUT_DIR ?? '.e2e-serve';
/** The folder Caddy serves, which the specs read too. */
export const SERVED_DIR = buildDir(OUT_DIR);

export const SERVE_URL = `http://127.0.0.1:${SERVE_PORT}`;
/** The API host the served app is given: the Prism mock, another origin than the page's. */
export const API_HOST = `127.0.0.1:${MOCK_PORT}`;
export const API_ORIGIN = `http://${API_HOST}`;
