import { buildPath } from '@evt/contracts/http';
import { apiRoutes } from '@evt/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Select } from '../../../components/ui/select';
import { API_PREFIX } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useBadgeModels } from '../api/badges';

/** `/events/testpdf-{eventId}`: a sample badge per language in a role's model, as a PDF to download. */
export function TestPdfPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const models = useBadgeModels(eventId);
  const [role, setRole] = useState('');
  useDocumentTitle(t('badges.test.title'));
  const path = buildPath(apiRoutes.badges.testPdf.path, { id: eventId });
  const href = `${API_PREFIX}${path}${role ? `?role=${encodeURIComponent(role)}` : ''}`;
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('badges.test.title')}</h1>
        <p>{t('badges.test.intro')}</p>
        <ErrorAlert error={models.error} />
        <Select
          label={t('badges.editor.role')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={[
            { value: '', label: t('badges.test.allRoles') },
            ...(models.data?.data ?? []).map((m) => ({ value: m.role, label: t(`badges.roles.${m.role}`) })),
          ]}
        />
        <p className="actions">
          <a className="btn btn--primary" href={href} download={`badges-test-${eventId}.pdf`}>
            {t('badges.test.download')}
          </a>
        </p>
      </div>
    </EventLayout>
  );
}
