import { LOCALES, type Locale } from '@evt/contracts/locale';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { writeLocaleCookie } from '../../lib/cookies';
import { switchLocalePath, useLocale } from '../../lib/locale-path';
import { Select } from '../ui/select';

/** Switches to the same page under the chosen language's prefix and remembers the choice for 365 days. */
export function LanguageChooser() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const options = LOCALES.map((value) => ({ value, label: t(`layout.languages.${value}`) }));
  return (
    <Select
      className="language-chooser"
      label={t('layout.language')}
      hideLabel
      value={locale}
      options={options}
      onChange={(event) => {
        const next = event.target.value as Locale;
        writeLocaleCookie(next);
        navigate(switchLocalePath(location, next));
      }}
    />
  );
}
