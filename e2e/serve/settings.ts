// Where the serve suite (serve.config.ts) runs: its own ports and build folder, so it runs beside
// the other suites, `npm start` and `npm run serve`. The specs read the same values.
export const MOCK_PORT = Number(process.env.E2E_SERVE_MOCK_PORT ?? 4610);
export const SERVE_PORT = Number(process.env.E2E_SERVE_PORT ?? 4680);
export const OUT_DIR = process.env.E2E_SERVE_OUT_DIR ?? '.e2e-serve';

export const SERVE_URL = `http://127.0.0.1:${SERVE_PORT}`;
/** The API host the served app is given: the Prism mock, another origin than the page's. */
export const API_HOST = `127.0.0.1:${MOCK_PORT}`;
export const API_ORIGIN = `http://${API_HOST}`;
