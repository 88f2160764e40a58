import { visitorPageOf } from '@evt/contracts/visitor-pages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from '../app/providers';
import { visitorFormReady } from '../features/registration/lib/visitor-form-ready';
import { startBuildWatch } from '../lib/build-watch';
import { activateLocale } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { formPage, VisitorApp } from './visitor-app';
import { visitorMessages } from './messages';
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/components.css';
import '../styles/pages.css';

const found = visitorPageOf(window.location.pathname);
document.documentElement.lang = found?.locale ?? 'fr';

const queryClient = createQueryClient();
if (import.meta.env.PROD) startBuildWatch(import.meta.env.VITE_BUILD_ID);

/**
 * The first page renders once, complete: the language, and for a form what it renders from and the page's
 * code, all requested at once behind the first-paint skeleton. A failure here still renders: the page
 * then loads what it lacks itself, or shows the error page.
 */
async function firstPageReady(): Promise<void> {
  const waits: Promise<unknown>[] = [activateLocale(found?.locale ?? 'fr', visitorMessages)];
  if (found?.visitor.page === 'form')
    // the page's own chunk too, rather than after the first render asks for it
    waits.push(formPage.preload(), visitorFormReady(queryClient, found.visitor));
  await Promise.all(waits);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from visitor.html');
void firstPageReady()
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <VisitorApp />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
