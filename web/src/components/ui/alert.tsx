import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-error';
import type { MessageKey } from '../../lib/i18n/keys';

type Props = {
  tone?: 'error' | 'success' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A message in the page. Errors are announced at once; other tones politely. */
export function Alert({ tone = 'info', title, children, className }: Props) {
  return (
    <div className={`alert alert--${tone} ${className ?? ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}

/** Why the last submit failed (an i18n key), above the form; nothing when it did not. */
export function FormAlert({ messageKey }: { messageKey: MessageKey | undefined }) {
  const { t } = useTranslation();
  return messageKey ? <Alert tone="error">{t(messageKey)}</Alert> : null;
}

/** A failed query or mutation's message (its `error`); nothing while there is none. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return error ? <Alert tone="error">{t(errorMessageKey(error))}</Alert> : null;
}
