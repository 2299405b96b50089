/** Where the server answers the app's runtime configuration (Caddy, or a Vite plugin in dev). */
export const CONFIG_PATH = '/config.json';
