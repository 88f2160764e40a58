/**
 * The same wordless frame as the HTML's first paint (FIRST_PAINT in web/vite.config.ts), shown while the
 * first route loads (language, session): the page goes from the HTML skeleton to this one without a jump.
 */
export function AppSkeleton() {
  return (
    <div className="shell app-skeleton" aria-hidden="true">
      <div className="site-header">
        <div className="site-header__inner">
          <img className="brand__mark app-skeleton__mark" src="/favicon.svg" alt="" width={28} height={28} />
        </div>
      </div>
      <div className="main">
        <div className="container app-skeleton__body">
          <div className="spinner spinner--md" />
        </div>
      </div>
    </div>
  );
}
