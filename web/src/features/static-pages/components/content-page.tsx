import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { type PageName, type PageSection, pageKey } from '../lib/page-keys';

/**
 * A text page from the locales: `pages.<name>.title`, `.intro`, and for each section `.sections.<id>.title`
 * and `.body` (paragraphs separated by a blank line).
 */
export function ContentPage<N extends PageName>({
  name,
  sections,
}: {
  name: N;
  sections: readonly PageSection<N>[];
}) {
  const { t } = useTranslation();
  const title = t(pageKey.title(name));
  useDocumentTitle(title);
  return (
    <article className="content-page prose">
      <h1>{title}</h1>
      <p className="content-page__intro">{t(pageKey.intro(name))}</p>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`${name}-${section}`}>
          <h2 id={`${name}-${section}`}>{t(pageKey.sectionTitle(name, section))}</h2>
          {t(pageKey.sectionBody(name, section))
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
