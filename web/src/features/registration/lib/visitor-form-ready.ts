import { eventFormsCache } from '../api/event-forms';
import { loadFormModule } from './form-modules';
import type { VisitorFormRoute } from './visitor-routes';

/**
 * What a visitor form renders from, requested together: the event's forms (into their cache) and the
 * schema of each kind its URL may mean. A page that waits for this renders once, complete, rather than a
 * spinner, then the banner, then the form, each moving the page. A failure is the page's to show.
 */
export async function visitorFormReady(route: Pick<VisitorFormRoute, 'slug' | 'kinds'>) {
  await Promise.all([
    eventFormsCache.load(route.slug).catch(() => undefined),
    ...route.kinds.map((kind) => loadFormModule(kind).catch(() => undefined)),
  ]);
}
