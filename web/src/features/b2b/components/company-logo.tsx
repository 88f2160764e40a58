import { useTranslation } from 'react-i18next';
import { useRead } from '../../../lib/read-cache';
import type { SpaceLink } from '../api/space';
import { logoRead } from '../api/space-reads';

/** A company's uploaded logo, named by the company; nothing while it loads or when it has none. */
export function CompanyLogo({ link, companyId, name }: { link: SpaceLink; companyId: number; name: string }) {
  const { t } = useTranslation();
  const { data } = useRead(logoRead, { link, companyId });
  if (!data?.logo) return null;
  return (
    <img
      className="b2b-logo"
      src={`data:${data.logo.type};base64,${data.logo.data}`}
      alt={t('b2b.space.logoAlt', { company: name })}
    />
  );
}
