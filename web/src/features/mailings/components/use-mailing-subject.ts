import type { Event } from '@evt/contracts/events';
import { isLocale, LOCALES, mainLocaleOf } from '@evt/contracts/locale';
import { fillPlaceholders, type MailingContent, mailingTextFor } from '@evt/contracts/mailings';
import { useTranslation } from 'react-i18next';
import { eventNameOnPage } from '../../../components/event-name';
import { useLocale } from '../../../lib/locale-path';

/**
 * A mailing's subject as the organiser reads it in a list or a heading: the text of the page's language
 * (else the event's main one, as a recipient would get it), `{{event}}` filled with the event's name in
 * that language, and a recipient's own fields named rather than shown as a template.
 */
export function useMailingSubject(event: Event | undefined) {
  const { t } = useTranslation();
  const page = useLocale();
  return (content: MailingContent) => {
    const languages = (event?.languages ?? []).filter(isLocale);
    const { locale, text } = mailingTextFor(content, page, mainLocaleOf(languages));
    const versions = Object.fromEntries(
      LOCALES.flatMap((l) => (event?.translations[l]?.name ? [[l, event.translations[l].name]] : [])),
    );
    const name = event ? eventNameOnPage({ main: event.name, versions, languages }, locale).text : '';
    return fillPlaceholders(text.subject, {
      firstName: t('mailings.sample.firstName'),
      lastName: t('mailings.sample.lastName'),
      event: name,
      eventLink: '',
      unsubscribeLink: '',
    });
  };
}
