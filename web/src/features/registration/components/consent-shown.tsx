import { languageName } from '@evt/contracts/forms/countries';
import type { RegistrationConsent } from '@evt/contracts/privacy-notice';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../lib/i18n/i18n';
import { formatMoment } from '../lib/field-values';

/**
 * The privacy consent recorded with a registration, in its details: when, the wording the visitor ticked
 * (in their language), and the notice it pointed to. A registration made before the form asked says so.
 */
export function ConsentShown({ consent }: { consent?: RegistrationConsent | null | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return (
    <section aria-labelledby="registration-consent-title">
      <h3 id="registration-consent-title">{t('privacy.consent.title')}</h3>
      {consent ? (
        <dl className="details">
          <div className="details__row">
            <dt>{t('privacy.consent.given', { date: formatMoment(consent.at, locale) })}</dt>
            <dd>
              <span className="field__hint">
                {t('privacy.consent.wording', { language: languageName(consent.locale, locale) })}
              </span>{' '}
              <q lang={consent.locale}>{consent.wording}</q>
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('privacy.consent.notice')}</dt>
            <dd>
              {consent.noticeVersion === 'default'
                ? t('privacy.consent.noticeDefault')
                : t('privacy.consent.version', { version: consent.noticeVersion })}
              {consent.noticeUrl ? (
                <>
                  {' — '}
                  <a href={consent.noticeUrl} target="_blank" rel="noopener noreferrer">
                    {consent.noticeUrl}
                  </a>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      ) : (
        <p>{t('privacy.consent.none')}</p>
      )}
    </section>
  );
}
