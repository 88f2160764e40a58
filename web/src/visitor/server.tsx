import type { Locale } from '@evt/contracts/locale';
import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { visitorPageOf } from '@evt/contracts/visitor-pages';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import en from '../../../locales/en.json?sections=visitor';
import fr from '../../../locales/fr.json?sections=visitor';
import ja from '../../../locales/ja.json?sections=visitor';
import { createEventFormsCache, EventFormsContext } from '../features/registration/api/event-forms';
import { loadFormModule } from '../features/registration/lib/form-modules';
import { markServerRenderedForm } from '../features/registration/lib/server-rendered';
import { chosenForm } from '../features/registration/routes/form-page';
import { markFirstRenderDone } from '../lib/first-render';
import { I18N_OPTIONS } from '../lib/i18n/i18n';
import { visitorStateBlock } from './server-state';
import { formPage, VisitorApp } from './visitor-app';

/**
 * The visitor's form page rendered on the server (the BFF calls this, bff/src/static/visitor-render.ts),
 * from the same components the browser hydrates (web/src/visitor/boot.tsx): the fields show and take
 * typing before any script has run. Built by `vite build` with WEB_ENTRY=server into web/dist-ssr.
 */
export interface RenderedVisitorPage {
  lang: Locale;
  title: string;
  /** the page's markup, for `#root` */
  html: string;
  /** the JSON block the browser hydrates from, for the end of `<body>` */
  state: string;
}

const MESSAGES: Record<Locale, Record<string, unknown>> = { fr, en, ja };

// one instance per language, made once: renders of different languages never share an active language
const instances = new Map<Locale, I18n>();
function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    // the same options as the browser's (src/lib/i18n/i18n.ts), initialised at once from memory
    void instance.init({
      ...I18N_OPTIONS,
      lng: locale,
      resources: { [locale]: { translation: MESSAGES[locale] } },
      initAsync: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

// the server renders every page complete (what the browser leaves for a later task is drawn here), and
// the form as the browser will hydrate it: empty, its submit button disabled until then
markFirstRenderDone();
markServerRenderedForm();

/**
 * The page at `url` (path and query) when it is a visitor's form, drawn from the event's forms (as
 * `GET /api/public/events/{slug}/forms` answers them); null for any other page.
 */
export async function renderVisitorForm(
  url: string,
  forms: PublicEventForms,
): Promise<RenderedVisitorPage | null> {
  const found = visitorPageOf(new URL(url, 'http://localhost').pathname);
  if (found?.visitor.page !== 'form') return null;
  const route = found.visitor;
  await Promise.all([formPage.preload(), ...route.kinds.map((kind) => loadFormModule(kind))]);

  const i18n = i18nFor(found.locale);
  // this page's own cache: renders of different requests share nothing
  const cache = createEventFormsCache();
  cache.seed(route.slug, forms);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <EventFormsContext value={cache}>
          <StaticRouter location={url}>
            <VisitorApp />
          </StaticRouter>
        </EventFormsContext>
      </I18nextProvider>
    </StrictMode>,
  );
  const { chosen, kind } = chosenForm(forms, route);
  const page = chosen?.title ?? i18n.t(`forms.kinds.${kind}.title`);
  return {
    lang: found.locale,
    title: i18n.t('app.documentTitle', { page }),
    html,
    state: visitorStateBlock({ slug: route.slug, forms, messages: MESSAGES[found.locale] }),
  };
}
