import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithReload } from '../lib/build-watch';

/** A page loaded on demand, whose module can be asked for ahead of its first render. */
export interface Preloadable<P extends object> {
  preload: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | undefined;
  Lazy: LazyExoticComponent<ComponentType<P>>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = importWithReload(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  return {
    preload,
    loaded: () => loaded,
    Lazy: lazy(() => preload().then((component) => ({ default: component }))),
  };
}

/**
 * Renders a preloadable page at once when its module is here: React.lazy always suspends on its first
 * render, which painted the fallback, then the page, in two passes.
 */
export function PreloadedPage<P extends object>({ page, props }: { page: Preloadable<P>; props: P }) {
  const Loaded = page.loaded();
  return Loaded ? <Loaded {...props} /> : <page.Lazy {...props} />;
}
