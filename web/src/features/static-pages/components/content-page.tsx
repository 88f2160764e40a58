import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * A text page from the locales: `pages.<name>.title`, `.intro`, and for each section `.sections.<id>.title`
 * and `.body` (paragraphs separated by a blank line).
 */
export function ContentPage({ name, sections }: { name: string; sections: readonly string[] }) {
  const { t } = useTranslation();
  const title = t(`pages.${name}.title`);
  useDocumentTitle(title);
  return (
    <article className="content-page prose">
      <h1>{title}</h1>
      <p className="content-page__intro">{t(`pages.${name}.intro`)}</p>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`${name}-${section}`}>
          <h2 id={`${name}-${section}`}>{t(`pages.${name}.sections.${section}.title`)}</h2>
          {t(`pages.${name}.sections.${section}.body`)
            .split('\n\n')
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </section>
      ))}
      <p className="content-page__updated">{t('pages.lastUpdated')}</p>
    </article>
  );
}
