import type { Locale } from '@evt/contracts/locale';
import { useTranslation } from 'react-i18next';

/**
 * Said under a text shown in another language than the page's (an event's title the organiser did not
 * write in it): a visitor is told, never switched language mid-page without a word.
 */
export function LanguageNote({ shown, page }: { shown: Locale; page: Locale }) {
  const { t } = useTranslation();
  if (shown === page) return null;
  return (
    <p className="language-note">
      {t('eventLanguages.visitor.shownIn', {
        language: t(`eventLanguages.names.${page}`),
        original: t(`eventLanguages.names.${shown}`),
      })}
    </p>
  );
}
