import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../lib/session/me';
import { useLogout } from '../../lib/session/use-logout';
import { useLocalePath } from '../../lib/locale-path';

/** A disclosure menu with the user's name: profile and sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { data: session } = useMe();
  const { logout, pending } = useLogout();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!session) return null;
  const { user } = session;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        // named by its label, which a narrow screen hides from sight only (components.css)
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="account-menu__label">{t('layout.accountMenu')}</span>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          <span className="account-menu__name">
            {t('common.fullName', { first: user.firstName, last: user.lastName })}
          </span>
          <span className="account-menu__email">{user.email}</span>
        </p>
        <ul className="account-menu__items">
          <li>
            <Link to={lp('/profile')} onClick={() => setOpen(false)}>
              {t('layout.nav.profile')}
            </Link>
          </li>
          <li>
            <button type="button" onClick={logout} disabled={pending}>
              {t('layout.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
