import { retentionBody, type RetentionSettings } from '@evt/contracts/data-rights';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { useApiForm } from '../../../lib/use-api-form';
import { retentionQuery, useSetRetention } from '../api/retention';

/** The field as typed: empty keeps the registrations, else a number of months. */
const retentionForm = z.object({
  retentionMonths: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(retentionBody.shape.retentionMonths),
});

/**
 * How long the organisation keeps the personal data of its events' registrations: owners set a
 * number of months after an event's end, after which a scheduled job anonymises them; empty keeps them.
 * Administrators see the setting.
 */
export function RetentionCard({ organizationId, owner }: { organizationId: number; owner: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(retentionQuery(organizationId));
  return (
    <section className="card" aria-labelledby="retention-title">
      <h2 id="retention-title">{t('dataRights.retention.title')}</h2>
      <p className="field__hint">{t('dataRights.retention.explanation')}</p>
      <ErrorAlert error={query.error} />
      {query.data === undefined ? (
        query.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : null
      ) : owner ? (
        <RetentionForm organizationId={organizationId} current={query.data} />
      ) : (
        <p>
          {query.data.retentionMonths === null
            ? t('dataRights.retention.kept')
            : t('dataRights.retention.current', { count: query.data.retentionMonths })}
        </p>
      )}
    </section>
  );
}

function RetentionForm({ organizationId, current }: { organizationId: number; current: RetentionSettings }) {
  const { t } = useTranslation();
  const mutation = useSetRetention(organizationId);
  const { submit, formError, field } = useApiForm(retentionForm, {
    fields: ['retentionMonths'],
    defaultValues: {
      retentionMonths: current.retentionMonths === null ? '' : String(current.retentionMonths),
    },
  });
  const months = field('retentionMonths');
  return (
    <Form
      onSubmit={submit((body, fail) => mutation.mutate(body, { onError: fail }))}
      aria-label={t('dataRights.retention.title')}
    >
      <FormAlert messageKey={formError} />
      {mutation.isSuccess ? (
        <p role="status" className="upload__done">
          {mutation.data.retentionMonths === null
            ? t('dataRights.retention.savedKept')
            : t('dataRights.retention.saved', { count: mutation.data.retentionMonths })}
        </p>
      ) : null}
      <TextField
        label={t('dataRights.retention.months')}
        hint={t('dataRights.retention.monthsHint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        registration={months.registration}
        error={months.error}
      />
      <Button type="submit" busy={mutation.isPending}>
        {t('dataRights.retention.save')}
      </Button>
    </Form>
  );
}
