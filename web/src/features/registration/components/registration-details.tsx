import { isErased } from '@evt/contracts/data-rights';
import { apiRoutes } from '@evt/contracts/routes';
import { languageName } from '@evt/contracts/forms/countries';
import type { FormDefinition, Widget } from '@evt/contracts/forms/define';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { API_PREFIX } from '../../../lib/api-client';
import { toLocale } from '../../../lib/i18n/i18n';
import { nameKey } from '../../../lib/i18n/keys';
import { registrationQuery } from '../api/registrations';
import { fieldLabel, fieldText, formatMoment, shownSteps, type ValueContext } from '../lib/field-values';
import { statusText } from '../lib/status-text';
import { consoleFormDefinition } from '../lib/console-forms';
import { ConsentShown } from './consent-shown';
import { DataRightsActions } from './data-rights-actions';
import { DelegationLinks } from './delegation-links';
import { RegistrationActions } from './registration-actions';
import { useActionAccess } from '../../../lib/queries/permissions';
import { usePersonName } from '../../../lib/person-name';

/**
 * One registration as its form asked it: the form's steps in order, each field under its label, codes
 * shown as their labels (choices, countries, languages, days, the phone with its dial code), files to
 * download; then what can be done with it.
 */
export function RegistrationDetails({
  eventId,
  registrationId,
  onClose,
  onOpen,
  extra,
}: {
  eventId: number;
  registrationId: number;
  onClose: () => void;
  /** shows another registration in the dialog (a member's delegation, a delegation's member) */
  onOpen: (registrationId: number) => void;
  /** the entry point of other features beside the registration (its information requests) */
  extra?: ReactNode;
}) {
  const canWrite = useActionAccess(eventId, apiRoutes.registrations.act).allowed;
  const { t } = useTranslation();
  const query = useQuery(registrationQuery(eventId, registrationId));
  const nameOf = usePersonName();
  const row = query.data;
  // an erased registration has no name; its placeholder address is no one's
  const titleOf = (shown?: RegistrationRow) => {
    if (!shown) return t('registrationsAdmin.details');
    return isErased(shown) ? t('registrationsAdmin.erasedPerson') : nameOf(shown) || shown.email;
  };
  const queryClient = useQueryClient();
  const form = useQuery({
    queryKey: ['forms', 'definition', eventId, row?.kind] as const,
    queryFn: () => consoleFormDefinition(queryClient, eventId, row?.kind ?? 'participant'),
    enabled: row !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={titleOf(row)}>
      {!row || !form.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <Shown row={row} form={form.data} />
          <DelegationLinks row={row} onOpen={onOpen} />
          {canWrite ? <RegistrationActions eventId={eventId} row={row} onDeleted={onClose} /> : null}
          <DataRightsActions eventId={eventId} row={row} />
          {extra}
        </>
      )}
    </Dialog>
  );
}

function Shown({ row, form }: { row: RegistrationRow; form: FormDefinition }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const ctx: ValueContext = { t, locale, yes: t('console.export.yes'), no: t('console.export.no') };
  const widgets: Readonly<Record<string, Widget>> = form.widgets;
  const item = (label: string, value: ReactNode, key = label) => (
    <div key={key} className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const value = (name: string): ReactNode => {
    if (widgets[name]?.type !== 'file') return fieldText(form, name, row, ctx) || t('common.notProvided');
    const files = row.files.filter((file) => file.field === name);
    if (!files.length) return t('common.notProvided');
    return files.map((file) => (
      <a key={file.url} className="details__file" href={`${API_PREFIX}${file.url}`} download={file.name}>
        {file.name}
      </a>
    ));
  };
  return (
    <>
      <h3>{t('console.registrationDetail.general')}</h3>
      <dl className="details">
        {item(t('registrationsAdmin.columns.kind'), t(nameKey.formTitle(row.kind)))}
        {item(t('registrationsAdmin.columns.status'), statusText(row, t, locale))}
        {item(t('registrationsAdmin.columns.createdAt'), formatMoment(row.createdAt, locale))}
        {row.confirmedAt
          ? item(t('console.export.confirmedAt'), formatMoment(row.confirmedAt, locale))
          : null}
        {item(t('console.registrationDetail.submittedIn'), languageName(row.locale, locale))}
      </dl>
      {shownSteps(form).map((step) => (
        <section key={step.id} aria-labelledby={`step-${row.id}-${step.id}`}>
          <h3 id={`step-${row.id}-${step.id}`}>{t(nameKey.step(step.id))}</h3>
          <dl className="details">
            {step.fields.map((name) => item(fieldLabel(form, name, ctx), value(name), name))}
          </dl>
        </section>
      ))}
      <ConsentShown consent={row.consent} />
    </>
  );
}
