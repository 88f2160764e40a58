import type { ApiKey } from '@evt/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { useDateFormatter } from '../../../lib/format';
import { useState } from 'react';
import { SCOPE_TEXT } from './scope-text';

/** The organisation's keys: name, scopes, made by whom and when, last use, and revocation (asked first). */
export function ApiKeyTable({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
  const [asking, setAsking] = useState<ApiKey | null>(null);
  return (
    <>
      <ScrollTable caption={t('apiKeys.title')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('apiKeys.name')}</th>
            <th scope="col">{t('apiKeys.scopesLabel')}</th>
            <th scope="col">{t('apiKeys.created')}</th>
            <th scope="col">{t('apiKeys.lastUsed')}</th>
            <th scope="col">{t('apiKeys.status')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.name}</th>
              <td>{key.scopes.map((scope) => t(SCOPE_TEXT[scope])).join(', ')}</td>
              <td>
                {formatDate(key.createdAt)} — {key.createdBy}
              </td>
              <td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : t('apiKeys.never')}</td>
              <td className="table__actions">
                {key.revokedAt ? (
                  t('apiKeys.revokedOn', { date: formatDate(key.revokedAt) })
                ) : (
                  <>
                    {t('apiKeys.active')}{' '}
                    <Button size="sm" variant="ghost" onClick={() => setAsking(key)}>
                      {t('apiKeys.revoke')}
                      <span className="sr-only"> {key.name}</span>
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={t('apiKeys.revoke')}
        description={t('apiKeys.revokeConfirm', { name: asking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        onConfirm={() => {
          if (asking) onRevoke(asking);
          setAsking(null);
        }}
      />
    </>
  );
}
