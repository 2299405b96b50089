import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startTheme } from './lib/theme';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// The theme (system setting or the user's choice) applies before anything paints.
startTheme();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
