import type { Organization } from '@evt/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useEventNumbers } from '../api/event-numbers';
import { apiAssetUrl } from '../api/image-url';

const FIGURES = ['total', 'upcoming', 'ongoing', 'past', 'registrations'] as const;

function EventFigures({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useEventNumbers(organizationId);
  if (isPending) return <p className="org-card__figures-status">{t('common.loading')}</p>;
  if (isError) return <p className="org-card__figures-status">{t('home.figuresUnavailable')}</p>;
  return (
    <dl className="org-card__figures">
      {FIGURES.map((figure) => (
        <div key={figure} className="figure">
          <dt>{t(`home.figures.${figure}`)}</dt>
          <dd>{data[figure]}</dd>
        </div>
      ))}
    </dl>
  );
}

type Props = { organization: Organization; selected: boolean; onSelect: () => void; selecting: boolean };

export function OrganizationCard({ organization, selected, onSelect, selecting }: Props) {
  const { t } = useTranslation();
  const image = apiAssetUrl(organization.image);
  const titleId = `org-${organization.id}-title`;
  return (
    <article
      className={`card org-card${selected ? ' org-card--selected' : ''}`}
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
    >
      <div className="org-card__head">
        {image ? (
          <img className="org-card__image" src={image} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="org-card__image org-card__image--empty" aria-hidden="true">
            {organization.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="org-card__titles">
          <h3 id={titleId} className="org-card__name">
            {organization.name}
          </h3>
          {organization.country || organization.memberType ? (
            <p className="org-card__meta">
              {[
                organization.country,
                organization.memberType
                  ? t(`home.memberType.${organization.memberType}`, { defaultValue: organization.memberType })
                  : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
        </div>
        {selected ? <span className="badge badge--accent">{t('home.selected')}</span> : null}
      </div>
      {organization.description ? <p className="org-card__description">{organization.description}</p> : null}
      <EventFigures organizationId={organization.id} />
      <div className="org-card__actions">
        {selected ? null : (
          <Button
            variant="secondary"
            size="sm"
            busy={selecting}
            onClick={onSelect}
            aria-label={t('home.selectNamed', { name: organization.name })}
          >
            {t('home.select')}
          </Button>
        )}
      </div>
    </article>
  );
}
