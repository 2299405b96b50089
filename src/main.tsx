import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { startEnv } from './lib/env';
import { startTheme } from './lib/theme';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The theme (system setting or the user's choice) applies before anything paints.
startTheme();

// The runtime configuration (the API host) is fetched now, beside the first render rather than
// before it: the first API call waits for it, the first paint does not.
startEnv();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
