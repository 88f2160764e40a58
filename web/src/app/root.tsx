import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ToastRegion } from '../components/ui/toast-region';

/**
 * After a client-side navigation, focus moves to the main landmark so keyboard and screen-reader users
 * start at the new content (the skip link does the same on demand).
 */
export function FocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on each new path
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function Root() {
  return (
    <>
      <FocusOnNavigate />
      <Outlet />
      <ToastRegion />
      <ScrollRestoration />
    </>
  );
}
