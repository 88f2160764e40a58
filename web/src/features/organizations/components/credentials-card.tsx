import type { MaskedCredential } from '@evt/contracts/organization-credentials';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { Spinner } from '../../../components/ui/spinner';
import { useDateFormatter } from '../../../lib/format';
import { credentialsQuery, useRemoveCredential } from '../api/credentials';
import { CredentialForm, type ReplaceTarget } from './credential-form';

/**
 * The organisation's service credentials (the keys the automation service uses on its behalf), for its
 * owners: which are set, each masked to its last characters at most, and the form that sets, replaces or
 * clears one. The BFF never sends a value back (contracts/src/organization-credentials.ts).
 */
export function CredentialsCard({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const query = useQuery(credentialsQuery(organizationId));
  const remove = useRemoveCredential(organizationId);
  const [replace, setReplace] = useState<ReplaceTarget>();
  const credentials = query.data?.credentials ?? [];
  return (
    <section className="card" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('console.credentials.title')}</h2>
      <p className="field__hint">{t('console.credentials.explanation')}</p>
      <ErrorAlert error={query.error ?? remove.error} />
      {remove.isSuccess ? (
        <p role="status" className="upload__done">
          {t('console.credentials.removed', { name: remove.variables })}
        </p>
      ) : null}
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.data && credentials.length === 0 ? <p>{t('console.credentials.empty')}</p> : null}
      {credentials.length > 0 ? (
        <ScrollTable caption={t('console.credentials.title')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('console.credentials.name')}</th>
              <th scope="col">{t('console.credentials.stored')}</th>
              <th scope="col">{t('console.credentials.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((credential) => (
              <tr key={credential.name}>
                <td>
                  <code>{credential.name}</code>
                </td>
                <td>
                  <MaskedValue credential={credential} />
                </td>
                <td className="table__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('console.credentials.replaceFor', { name: credential.name })}
                    onClick={() => setReplace({ name: credential.name, at: Date.now() })}
                  >
                    {t('console.credentials.replace')}
                  </Button>
                  <ConfirmDelete
                    label={t('console.credentials.removeFor', { name: credential.name })}
                    title={t('console.credentials.removeTitle', { name: credential.name })}
                    description={t('console.credentials.removeDescription')}
                    onConfirm={() => remove.mutate(credential.name)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : null}
      {query.data?.updatedAt ? (
        <p className="field__hint">
          {t('console.credentials.updated', { date: formatDate(query.data.updatedAt) })}
        </p>
      ) : null}
      {query.data ? <CredentialForm organizationId={organizationId} replace={replace} /> : null}
    </section>
  );
}

/** Dots, then the last characters when the BFF gave them; read aloud as words, not as dots. */
function MaskedValue({ credential }: { credential: MaskedCredential }) {
  const { t } = useTranslation();
  const last = credential.lastCharacters;
  return (
    <>
      <span aria-hidden="true">
        <code>{`••••${last ?? '••••'}`}</code>
      </span>
      <span className="sr-only">
        {last === null ? t('console.credentials.hidden') : t('console.credentials.endsWith', { last })}
      </span>
    </>
  );
}
