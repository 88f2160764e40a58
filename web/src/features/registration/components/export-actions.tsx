import type { FormDefinition } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { RegistrationListQuery } from '@evt/contracts/registrations';
import { rightsRoutes } from '@evt/contracts/rights';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { API_PREFIX, apiRequest } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-error';
import { toLocale } from '../../../lib/i18n/i18n';
import { download } from '../../../lib/spreadsheet';
import { csvBlob, exportColumns, type FetchPage, xlsxBlob } from '../lib/export';
import { consoleFormDefinition } from '../lib/console-forms';

type Format = 'csv' | 'xlsx';

/**
 * Export every registration matching the list's filters (not the page shown), with every field of the
 * forms. The browser asks the export's read of the list page by page (`registrations:export`, a POST:
 * its first page is written in the audit log) and builds the file; the server never holds it.
 */
export function ExportActions({
  eventId,
  kinds,
  filters,
  fileName,
  disabled,
}: {
  eventId: number;
  kinds: readonly RegistrationKind[];
  /** the list's other filters (its kinds are `kinds`) */
  filters: Omit<RegistrationListQuery, 'kind' | 'page' | 'limit' | 'after' | 'before'>;
  fileName: string;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function run(format: Format) {
    setError(null);
    setProgress({ done: 0, total: 0 });
    try {
      const definitions = await Promise.all(
        kinds.map((kind) => consoleFormDefinition(queryClient, eventId, kind)),
      );
      const forms: Partial<Record<RegistrationKind, FormDefinition>> = {};
      kinds.forEach((kind, i) => {
        forms[kind] = definitions[i];
      });
      const ctx = {
        t,
        locale: toLocale(i18n.language),
        yes: t('console.export.yes'),
        no: t('console.export.no'),
      };
      const columns = exportColumns(forms, ctx, (url) => `${window.location.origin}${API_PREFIX}${url}`);
      const fetchPage: FetchPage = ({ after, page }, limit) =>
        apiRequest(rightsRoutes.exportRegistrations, {
          params: { id: eventId },
          body: { ...filters, kind: [...kinds], limit, page, ...(after ? { after } : {}) },
        });
      const onProgress = (done: number, total: number) => setProgress({ done, total });
      const blob = await (format === 'csv' ? csvBlob : xlsxBlob)(fetchPage, columns, onProgress);
      download(blob, `${fileName}.${format}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <Button variant="ghost" disabled={disabled || progress !== null} onClick={() => void run('csv')}>
        {t('registrationsAdmin.exportCsv')}
      </Button>
      <Button variant="ghost" disabled={disabled || progress !== null} onClick={() => void run('xlsx')}>
        {t('registrationsAdmin.exportExcel')}
      </Button>
      <span role="status">
        {progress ? t('console.export.progress', { done: progress.done, total: progress.total }) : ''}
      </span>
      {error ? <Alert tone="error">{t(errorMessageKey(error))}</Alert> : null}
    </>
  );
}
