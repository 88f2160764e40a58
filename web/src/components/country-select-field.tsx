import { countryOptions } from '@evt/contracts/forms/countries';
import { useMemo } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/locale-path';
import { SelectField } from './ui/form';

/** A country field's props (organisations and events choose from the same list). */
export interface CountryFieldProps {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  autoComplete?: string;
}

/**
 * A country chosen from the list, named in the page's language and stored as its ISO code: nothing to
 * type, so nothing to cut ("France" was silently cut to "Fr" by a two-letter text box). Optional.
 */
export function CountrySelectField({ registration, error, autoComplete }: CountryFieldProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useMemo(
    () => [{ value: '', label: t('organizationFields.noCountry') }, ...countryOptions(locale)],
    [locale, t],
  );
  return (
    <SelectField
      label={t('organizationFields.country')}
      autoComplete={autoComplete}
      options={options}
      registration={registration}
      error={error}
    />
  );
}
