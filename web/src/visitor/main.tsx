import { visitorPageOf } from '@evt/contracts/visitor-pages';
import { loadFormModule } from '../features/registration/lib/form-modules';
import { reloadOnce } from '../lib/reload-once';
import { visitorMessages } from './messages';
import { VISITOR_STATE_ID } from './server-state';
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/components.css';
import '../styles/pages.css';
// every visitor page's own styles, in the entry's one stylesheet: the server-drawn form paints with it,
// and a second render-blocking stylesheet cost the first paint a request (Lighthouse: ~0.5 s on mobile)
import '../features/registration/registration.css';

/**
 * The visitor's entry: it asks at once for what the first page shows (its language, and for a form the
 * event's forms and the form's schema), then evaluates the code in steps, one task each: the libraries
 * (in two chunks), then zod and the contracts' schemas, then the pages (boot.tsx). Evaluated as one
 * module graph, that was a single task of about 60 ms here, four times that on a mid-range phone: long
 * enough to make a tap wait (Lighthouse's total blocking time). The chunks are requested together from
 * the HTML (modulepreload, see vite.config.ts), so the steps add no round trip.
 */
const found = visitorPageOf(window.location.pathname);
const locale = found?.locale ?? 'fr';
document.documentElement.lang = locale;

// a form page the server drew carries its messages and the event's forms (server-state.ts): only the
// form's schema is asked for. A form page it did not draw is one it could not (unknown event, upstream
// away, limit reached): boot.tsx asks for the event's forms through the transport, with the page's code.
const serverDrawn = document.getElementById(VISITOR_STATE_ID) !== null;
if (!serverDrawn) void visitorMessages[locale]().catch(() => undefined);
if (found?.visitor.page === 'form')
  for (const kind of found.visitor.kinds) void loadFormModule(kind).catch(() => undefined);

/**
 * Ends the current task, so that the browser can paint and handle input before the next step. A message
 * rather than a timer: timers in a background tab wait up to a second each.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
/**
 * Resolves once the browser has painted a frame, so the skeleton shows before the steps begin; or after
 * 100 ms, since a tab opened in the background paints no frame until it is shown.
 */
const painted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

async function start(): Promise<void> {
  await painted();
  // the libraries' chunks (vite.config.ts: visitorChunks): rendering and routing, then the others
  await import('react-dom/client');
  await nextTask();
  await import('i18next');
  await nextTask();
  // zod and the schemas of the visitor's routes
  await import('@evt/contracts/public-registrations');
  await nextTask();
  const { boot } = await import('./boot');
  await boot(found);
}

// a chunk that cannot load was most likely removed by a newer deployment (as in lib/build-watch.ts)
start().catch((error: unknown) => {
  if (!reloadOnce()) console.error('the page could not start', error);
});
