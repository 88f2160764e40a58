import { LOCALES, type Locale } from '@evt/contracts/locale';
import type { PublicPrivacy } from '@evt/contracts/privacy-notice';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocalePath } from '../../../lib/locale-path';

/** The notice's text in the page's language, else the first language the organiser wrote it in. */
const textIn = (texts: Record<Locale, string>, locale: Locale) =>
  texts[locale] || (LOCALES.map((l) => texts[l]).find((text) => text !== '') ?? '');

/**
 * What the visitor reads before the consent box: the organiser's privacy notice (its text, a link to its
 * policy, whom to write to) or, when it set none, a default sentence naming the organiser, with the
 * product's privacy page (who is responsible, the visitor's rights). `organizer` names the event when the
 * upstream does not say who organises it.
 */
export function PrivacyNotice({
  privacy,
  eventTitle,
}: {
  privacy?: PublicPrivacy | undefined;
  eventTitle: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const organizer = privacy?.organizer || eventTitle;
  const notice = privacy?.notice;
  const text = notice ? textIn(notice.texts, locale) : '';
  const own = !!notice && (notice.url !== '' || text !== '');
  return (
    <section className="privacy-notice" aria-labelledby="privacy-notice-title">
      <h3 id="privacy-notice-title" className="privacy-notice__title">
        {t('privacy.form.title')}
      </h3>
      {own ? (
        text ? (
          <p className="privacy-notice__text">{text}</p>
        ) : null
      ) : (
        <p className="privacy-notice__text">{t('privacy.form.default', { organizer })}</p>
      )}
      <ul className="privacy-notice__links">
        {own && notice.url ? (
          <li>
            <a href={notice.url} target="_blank" rel="noopener noreferrer">
              {t('privacy.form.noticeLink', { organizer })}
            </a>
          </li>
        ) : null}
        {notice?.contactEmail ? <li>{t('privacy.form.contact', { email: notice.contactEmail })}</li> : null}
        {own ? null : (
          <li>
            {/* the product's own page: a full load of the application */}
            <a href={lp('/privacy')}>{t('privacy.form.productPolicy')}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
