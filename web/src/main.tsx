import { splitLocalePrefix } from '@evt/contracts/locale';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { startBuildWatch } from './lib/build-watch';
import { createQueryClient } from './lib/query-client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

// The page's language is known from its URL before any message loads: say so at once.
document.documentElement.lang = splitLocalePrefix(window.location.pathname).locale ?? 'fr';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// In development there is no build manifest for this bundle: polling would only reload for nothing.
if (import.meta.env.PROD) startBuildWatch(import.meta.env.VITE_BUILD_ID);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
