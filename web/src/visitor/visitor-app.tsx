import { type VisitorPage, visitorPageOf } from '@evt/contracts/visitor-pages';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AppSkeleton } from '../app/app-skeleton';
import { FocusOnNavigate } from '../app/root';
import { ToastRegion } from '../components/ui/toast-region';
import { activateLocale } from '../lib/i18n/i18n';
import { VisitorErrorBoundary } from './error-boundary';
import { visitorMessages } from './messages';
import { PreloadedPage, preloadable } from './preloadable';

// Each page is its own chunk; a chunk gone after a deployment reloads the page (throttled).
export const formPage = preloadable(() =>
  import('../features/registration/routes/form-page').then((m) => m.VisitorForm),
);
const submittedPage = preloadable(() =>
  import('../features/registration/routes/submitted-page').then((m) => m.Submitted),
);
const resultPage = preloadable(() =>
  import('../features/registration/routes/result-page').then((m) => m.Component),
);
const eventPage = preloadable(() =>
  import('../features/registration/routes/event-page').then((m) => m.EventPage),
);
const b2bSpacePage = preloadable(() => import('../features/b2b/routes/space-page').then((m) => m.SpacePage));
const exhibitorSpacePage = preloadable(() =>
  import('../features/leads/routes/exhibitor-space-page').then((m) => m.ExhibitorSpacePage),
);
const programmePage = preloadable(() =>
  import('../features/planning/routes/public-programme').then((m) => m.PublicProgrammePage),
);
const infoRequestPage = preloadable(() =>
  import('../features/requests/routes/answer-page').then((m) => m.AnswerPage),
);
const confirmPage = preloadable(() =>
  import('../features/registration/routes/confirm-page').then((m) => m.Component),
);

function VisitorPageView({ visitor }: { visitor: VisitorPage }) {
  switch (visitor.page) {
    case 'form':
      return <PreloadedPage page={formPage} props={{ route: visitor }} />;
    case 'submitted':
      return <PreloadedPage page={submittedPage} props={{ slug: visitor.slug, page: visitor.submitted }} />;
    case 'result':
      return <PreloadedPage page={resultPage} props={{}} />;
    case 'confirm':
      return <PreloadedPage page={confirmPage} props={{}} />;
    case 'event':
      return <PreloadedPage page={eventPage} props={{ slug: visitor.slug }} />;
    case 'b2bSpace':
      return (
        <PreloadedPage
          page={b2bSpacePage}
          props={{ slug: visitor.slug, code: visitor.code, confirm: visitor.key, layout: visitor.layout }}
        />
      );
    case 'exhibitorSpace':
      return <PreloadedPage page={exhibitorSpacePage} props={{ slug: visitor.slug, code: visitor.code }} />;
    case 'programme':
      return <PreloadedPage page={programmePage} props={{ slug: visitor.slug }} />;
    case 'infoRequest':
      return <PreloadedPage page={infoRequestPage} props={{ token: visitor.token }} />;
  }
}

/**
 * The visitor's pages without the console: one path match (the same one the BFF used to serve this
 * entry) instead of the application router. A link to any other page (home, about, sign in) leaves for
 * the full application with a page load.
 */
export function VisitorApp() {
  const location = useLocation();
  const { pathname, search, hash } = location;
  const found = visitorPageOf(pathname);
  const locale = found?.locale;

  const leaving = !found;
  useEffect(() => {
    if (leaving) window.location.assign(`${pathname}${search}${hash}`);
  }, [leaving, pathname, search, hash]);
  useEffect(() => {
    if (locale) void activateLocale(locale, visitorMessages);
  }, [locale]);
  // a page reached from another one starts at its top (not the first one: the browser restores its scroll)
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    if (shown.current) window.scrollTo(0, 0);
    shown.current = true;
  }, [pathname]);

  if (!found) return <AppSkeleton />;
  return (
    <>
      <FocusOnNavigate />
      <VisitorErrorBoundary key={pathname}>
        <Suspense fallback={<AppSkeleton />}>
          <VisitorPageView visitor={found.visitor} />
        </Suspense>
      </VisitorErrorBoundary>
      <ToastRegion />
    </>
  );
}
