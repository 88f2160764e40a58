import type { FoundVisitorPage } from '@evt/contracts/visitor-pages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from '../app/providers';
import { visitorFormReady } from '../features/registration/lib/visitor-form-ready';
import { startBuildWatch } from '../lib/build-watch';
import { activateLocale } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { visitorMessages } from './messages';
import { formPage, VisitorApp } from './visitor-app';

/**
 * The first page renders once, complete: the language, and for a form what it renders from and the page's
 * code, all requested at once behind the first-paint skeleton. A failure here still renders: the page
 * then loads what it lacks itself, or shows the error page.
 */
export async function boot(found: FoundVisitorPage | null): Promise<void> {
  const queryClient = createQueryClient();
  if (import.meta.env.PROD) startBuildWatch(import.meta.env.VITE_BUILD_ID);

  const waits: Promise<unknown>[] = [activateLocale(found?.locale ?? 'fr', visitorMessages)];
  if (found?.visitor.page === 'form')
    waits.push(formPage.preload(), visitorFormReady(queryClient, found.visitor));
  await Promise.all(waits).catch(() => undefined);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from visitor.html');
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <VisitorApp />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}
