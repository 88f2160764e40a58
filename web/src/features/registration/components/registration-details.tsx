import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { API_PREFIX } from '../../../lib/api-client';
import { registrationQuery } from '../api/registrations';
import { nameKey } from '../../../lib/i18n/keys';

const show = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (value && typeof value === 'object') return 'fileId' in value ? '' : JSON.stringify(value);
  if (typeof value === 'boolean') return value ? '✓' : '—';
  return String(value ?? '');
};

/** One registration: every submitted field with its label, and its files to download. */
export function RegistrationDetails({
  eventId,
  registrationId,
  onClose,
}: {
  eventId: number;
  registrationId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(registrationQuery(eventId, registrationId));
  const row = query.data;
  const label = (field: string) =>
    i18n.exists(nameKey.fieldLabel(field)) ? t(nameKey.fieldLabel(field)) : field;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={row ? `${row.firstNames} ${row.lastName}`.trim() || row.email : t('registrationsAdmin.details')}
    >
      {!row ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <dl className="details">
            <div className="details__row">
              <dt>{t('registrationsAdmin.columns.status')}</dt>
              <dd>{t(`enums.registrationStatuses.${row.status}`)}</dd>
            </div>
            <div className="details__row">
              <dt>{t('registrationsAdmin.columns.kind')}</dt>
              <dd>{t(`forms.kinds.${row.kind}.title`)}</dd>
            </div>
            {Object.entries(row.data)
              .filter(([, value]) => show(value) !== '')
              .map(([field, value]) => (
                <div key={field} className="details__row">
                  <dt>{label(field)}</dt>
                  <dd>{show(value)}</dd>
                </div>
              ))}
          </dl>
          {row.files.length ? (
            <>
              <h3>{t('registrationsAdmin.files')}</h3>
              <ul>
                {row.files.map((file) => (
                  <li key={file.url}>
                    <a href={`${API_PREFIX}${file.url}`} download={file.name}>
                      {`${label(file.field)}: ${file.name}`}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
