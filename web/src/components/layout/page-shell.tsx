import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstRenderDone } from '../../lib/first-render';
import { Brand } from './brand';
import { LanguageChooser } from './language-chooser';
import { SiteFooter } from './site-footer';

type Props = {
  /** navigation links shown in the header */
  nav?: ReactNode;
  /** actions at the right of the header (account menu, sign-in links) */
  actions?: ReactNode;
  /** a band under the header (the event layout's event summary) */
  banner?: ReactNode;
  brandTo?: string;
  variant?: string;
  footer?: boolean;
  /**
   * A registration kiosk's page: the brand is not a link, and the language chooser and the footer's links
   * are left out, so that a visitor at the desk has no way from the form to another page.
   */
  locked?: boolean;
  /** the page is still arriving (page-arriving.ts): said to assistive technologies with `aria-busy` */
  busy?: boolean;
  children: ReactNode;
};

/** Skip link, header (brand, navigation, language, account), main landmark and footer: shared by layouts. */
export function PageShell({
  nav,
  actions,
  banner,
  brandTo,
  variant = 'default',
  footer = true,
  locked = false,
  busy = false,
  children,
}: Props) {
  const { t } = useTranslation();
  // below the page's content: it may wait for the rest of the first render (lib/first-render.ts)
  const complete = useFirstRenderDone();
  return (
    <div className={`shell shell--${variant}`}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand to={locked ? null : brandTo} />
          {locked ? null : nav}
          {locked ? null : (
            <div className="site-header__actions">
              <LanguageChooser />
              {actions}
            </div>
          )}
        </div>
      </header>
      {banner}
      <main id="main" className="main" tabIndex={-1} aria-busy={busy || undefined}>
        {children}
      </main>
      {footer && !locked && complete ? <SiteFooter /> : null}
    </div>
  );
}
