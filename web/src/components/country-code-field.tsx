import { useTranslation } from 'react-i18next';
import type { CountryFieldProps } from './country-select-field';
import { TextField } from './ui/form';

/** A two-letter ISO country code (organisations, events), with the hint that says so. */
export function CountryCodeField({ registration, error, autoComplete }: CountryFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('home.create.country')}
      hint={t('home.create.countryHint')}
      autoComplete={autoComplete}
      maxLength={2}
      registration={registration}
      error={error}
    />
  );
}
