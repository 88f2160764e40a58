import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../../lib/toast';

/** Always in the page, so screen readers already watch it when a toast arrives. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToasts();
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
