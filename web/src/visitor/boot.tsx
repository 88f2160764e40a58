import type { FoundVisitorPage } from '@evt/contracts/visitor-pages';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { eventFormsCache } from '../features/registration/api/event-forms';
import { markServerRenderedForm } from '../features/registration/lib/server-rendered';
import { visitorFormReady } from '../features/registration/lib/visitor-form-ready';
import { startBuildWatch } from '../lib/build-watch';
import { markFirstRenderDone } from '../lib/first-render';
import { activateLocale, i18n } from '../lib/i18n/i18n';
import { visitorMessages } from './messages';
import { readVisitorState } from './server-state';
import { formPage, VisitorApp } from './visitor-app';

/**
 * The first page renders once, complete: the language, and for a form what it renders from and the page's
 * code, all requested at once behind the first-paint skeleton. A failure here still renders: the page
 * then loads what it lacks itself, or shows the error page.
 *
 * A form page the server drew (src/visitor/server.tsx) is hydrated instead, from the same data: the
 * event's forms embedded in the page, the language, the form's schema and the page's code.
 */
export async function boot(found: FoundVisitorPage | null): Promise<void> {
  if (import.meta.env.PROD) startBuildWatch(import.meta.env.VITE_BUILD_ID);
  const state = found?.visitor.page === 'form' ? readVisitorState() : null;
  if (state) eventFormsCache.seed(state.slug, state.forms);

  const locale = found?.locale ?? 'fr';
  const messages = state
    ? { ...visitorMessages, [locale]: () => Promise.resolve({ default: state.messages }) }
    : visitorMessages;
  const waits: Promise<unknown>[] = [activateLocale(locale, messages)];
  if (found?.visitor.page === 'form') waits.push(formPage.preload(), visitorFormReady(found.visitor));
  await Promise.all(waits).catch(() => undefined);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from visitor.html');
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <VisitorApp />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>
  );
  if (!state) {
    createRoot(container).render(app);
    return;
  }
  // the server rendered everything at once, and the form empty: the same here, then what was typed
  markFirstRenderDone();
  markServerRenderedForm();
  hydrateRoot(container, app);
}
