import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { ExportFormat } from '@evt/contracts/registration-exports';
import type { RegistrationListQuery } from '@evt/contracts/registrations';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessageKey } from '../../../lib/api-error';
import { toLocale } from '../../../lib/i18n/i18n';
import { exportFileUrl, useExportStatus, useStartExport } from '../api/registration-exports';

/**
 * Export every registration matching the list's filters (not the page shown), with every field of the
 * forms. The server writes the file as a queued job (`registrations:export`, written in the audit log):
 * the page shows its progress, then a link to the file. Headers and words in the page's language, moments
 * on the organiser's clock.
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
  const id = useId();
  const start = useStartExport(eventId);
  const [current, setCurrent] = useState<{ id: number; format: ExportFormat } | null>(null);
  const status = useExportStatus(eventId, current?.id ?? null);
  const state = status.data;
  const busy = start.isPending || state?.status === 'queued' || state?.status === 'running';

  function run(format: ExportFormat) {
    setCurrent(null);
    start.mutate(
      {
        ...filters,
        kind: [...kinds],
        format,
        locale: toLocale(i18n.language),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      { onSuccess: (started) => setCurrent({ id: started.id, format }) },
    );
  }

  const failure = start.error ?? status.error;
  return (
    <>
      <Button variant="ghost" disabled={disabled || busy} onClick={() => run('csv')}>
        {t('registrationsAdmin.exportCsv')}
      </Button>
      <Button variant="ghost" disabled={disabled || busy} onClick={() => run('xlsx')}>
        {t('registrationsAdmin.exportExcel')}
      </Button>
      {state && busy ? (
        <>
          <label htmlFor={`${id}-bar`}>{t('console.export.progressLabel')}</label>
          <progress id={`${id}-bar`} max={Math.max(1, state.rowsTotal)} value={state.rowsDone} />
        </>
      ) : null}
      <span role="status">
        {state?.status === 'queued' ? t('console.export.queued') : null}
        {state?.status === 'running'
          ? t('console.export.progress', { done: state.rowsDone, total: state.rowsTotal })
          : null}
        {state?.status === 'done' ? t('console.export.ready', { total: state.rowsDone }) : null}
      </span>
      {state?.status === 'done' && current ? (
        <a href={exportFileUrl(eventId, current.id)} download={`${fileName}.${current.format}`}>
          {t('console.export.download', { format: current.format.toUpperCase() })}
        </a>
      ) : null}
      {state?.status === 'failed' ? <Alert tone="error">{t('console.export.failed')}</Alert> : null}
      {failure ? <Alert tone="error">{t(errorMessageKey(failure))}</Alert> : null}
    </>
  );
}
