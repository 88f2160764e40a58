import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * A key just made, shown this once: the warning, the key to select or copy, and the button that puts it
 * away (the page keeps it nowhere else; a reload forgets it).
 */
export function CreatedKey({ value, onDone }: { value: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <section className="card" aria-label={t('apiKeys.shownOnce')}>
      <Alert tone="info" title={t('apiKeys.shownOnce')}>
        <code className="api-key__value" data-testid="created-key">
          {value}
        </code>
      </Alert>
      <div className="dialog__actions">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {t('apiKeys.copy')}
        </Button>
        <Button onClick={onDone}>{t('apiKeys.done')}</Button>
      </div>
      <p role="status">{copied ? t('apiKeys.copied') : ''}</p>
    </section>
  );
}
