import { MASKED } from '@evt/contracts/permissions';
import { useTranslation } from 'react-i18next';

/** A value the server may have masked (contact data): said as "hidden", not as three dots. */
export function MaybeMasked({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value !== MASKED) return <>{String(value ?? '')}</>;
  return (
    <span className="masked" data-masked="true">
      <span aria-hidden="true">{MASKED}</span>
      <span className="sr-only">{t('rights.masked')}</span>
    </span>
  );
}
