import { LOCALES, type Locale, normaliseLocale } from '@evt/contracts/locale';
import { useEffect, useRef } from 'react';
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
  const select = useRef<HTMLSelectElement>(null);
  const go = (next: Locale) => {
    writeLocaleCookie(next);
    navigate(switchLocalePath(location, next));
  };
  // chosen on the server-drawn page before its script ran (hydration keeps the choice): acted on once the
  // page's own hydration effects (which keep what was typed) have run, in the next task
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const chosen = normaliseLocale(select.current?.value);
    if (!chosen || chosen === locale) return;
    const later = setTimeout(() => go(chosen));
    return () => clearTimeout(later);
  }, []);
  return (
    <Select
      ref={select}
      className="language-chooser"
      label={t('layout.language')}
      hideLabel
      value={locale}
      options={options}
      onChange={(event) => go(event.target.value as Locale)}
    />
  );
}
