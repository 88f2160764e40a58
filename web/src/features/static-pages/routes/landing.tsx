import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';

const FEATURES = ['organizations', 'events', 'forms', 'b2b'] as const;

/** `/`: what the product is, and the way in. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  useDocumentTitle(t('landing.title'));
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t('landing.title')}</h1>
        <p className="hero__lead">{t('landing.lead')}</p>
        <p className="hero__actions">
          <Link className="btn btn--primary" to={lp('/auth/login')}>
            {t('landing.signIn')}
          </Link>
          <Link className="btn btn--secondary" to={lp('/auth/register')}>
            {t('landing.createAccount')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('landing.featuresTitle')}
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature} className="card feature">
              <h3 className="card__title">{t(`landing.features.${feature}.title`)}</h3>
              <p>{t(`landing.features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
