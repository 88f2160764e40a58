import type { OrganizationBody } from '@evt/contracts/organizations';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelectField } from './country-select-field';
import { TextAreaField, TextField } from './ui/form';

export const ORGANIZATION_FIELDS = ['name', 'description', 'website', 'email', 'phone', 'country'] as const;

/**
 * An organisation's own fields, shared by the create dialog and the settings page. `autofill` offers the
 * browser's autocomplete hints: right for a new organisation, not when editing an existing one.
 */
export function OrganizationFields({
  register,
  errors,
  descriptionRows,
  autofill = false,
}: {
  register: UseFormRegister<OrganizationBody>;
  errors: FieldErrors<OrganizationBody>;
  descriptionRows: number;
  autofill?: boolean;
}) {
  const { t } = useTranslation();
  const hint = (value: string) => (autofill ? value : undefined);
  return (
    <>
      <TextField
        label={t('home.create.name')}
        required
        autoComplete={hint('organization')}
        registration={register('name')}
        error={errors.name}
      />
      <TextAreaField
        label={t('home.create.description')}
        rows={descriptionRows}
        registration={register('description')}
        error={errors.description}
      />
      <div className="form__row">
        <TextField
          label={t('home.create.email')}
          type="email"
          autoComplete={hint('email')}
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={t('home.create.phone')}
          hint={t('organizationFields.phoneHint')}
          type="tel"
          autoComplete={hint('tel')}
          registration={register('phone')}
          error={errors.phone}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('home.create.website')}
          hint={t('organizationFields.websiteHint')}
          // text, not url: a browser's url field refuses "www.salon.fr", which the contract accepts
          inputMode="url"
          autoComplete={hint('url')}
          registration={register('website')}
          error={errors.website}
        />
        <CountrySelectField
          autoComplete={hint('country')}
          registration={register('country')}
          error={errors.country}
        />
      </div>
    </>
  );
}
