import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to the page's localised title followed by the product name. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t('app.documentTitle', { page: title }) : t('app.name');
  }, [t, title]);
}
