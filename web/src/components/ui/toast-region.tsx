import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dismissToast, pageChanged, useToasts } from '../../lib/toast';

/**
 * Always in the page, so screen readers already watch it when a toast arrives. It also tells the toasts
 * when another page opens, so that news about the previous page does not follow the user.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    pageChanged();
  }, [pathname]);
  return (
    <section className="toasts" aria-live="polite" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="toast__text">
            <p className="toast__title">{t(toast.title, toast.values)}</p>
            {toast.message ? <p className="toast__message">{t(toast.message, toast.values)}</p> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('common.dismiss')}
          >
            <span aria-hidden="true">{'×'}</span>
          </button>
        </div>
      ))}
    </section>
  );
}
