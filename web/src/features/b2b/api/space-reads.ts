import type { DirectoryQuery } from '@evt/contracts/b2b';
import { createReadCache } from '../../../lib/read-cache';
import {
  fetchAgenda,
  fetchCompany,
  fetchCompanyLogo,
  fetchDirectory,
  fetchFeedKey,
  fetchMe,
  fetchOwnProfile,
  fetchRequests,
  fetchSuggestions,
  type SpaceLink,
} from './space';

/**
 * The company space's reads, each a read cache (lib/read-cache.ts) keyed by the link and what else the read
 * names. Nothing is kept fresh: a view asks again each time it is shown, showing the last answer meanwhile.
 */
const linkKey = (link: SpaceLink) => `${link.slug}/${link.code}/${link.key}`;

export const meRead = createReadCache((link: SpaceLink) => fetchMe(link), { keyOf: linkKey });
export const suggestionsRead = createReadCache((link: SpaceLink) => fetchSuggestions(link), {
  keyOf: linkKey,
});
export const requestsRead = createReadCache((link: SpaceLink) => fetchRequests(link), { keyOf: linkKey });
export const agendaRead = createReadCache((link: SpaceLink) => fetchAgenda(link), { keyOf: linkKey });
/** the calendar feed's own key, for the address the agenda shows */
export const feedKeyRead = createReadCache((link: SpaceLink) => fetchFeedKey(link), { keyOf: linkKey });
export const ownProfileRead = createReadCache((link: SpaceLink) => fetchOwnProfile(link), {
  keyOf: linkKey,
});
export const companyRead = createReadCache(
  ({ link, companyId }: { link: SpaceLink; companyId: number }) => fetchCompany(link, companyId),
  { keyOf: ({ link, companyId }) => `${linkKey(link)}/${companyId}` },
);
export const directoryRead = createReadCache(
  ({ link, query }: { link: SpaceLink; query: DirectoryQuery }) => fetchDirectory(link, query),
  { keyOf: ({ link, query }) => `${linkKey(link)}?${new URLSearchParams(query as Record<string, string>)}` },
);
/** a company's uploaded logo, read once per page: it does not change while the space is open */
export const logoRead = createReadCache(
  ({ link, companyId }: { link: SpaceLink; companyId: number }) => fetchCompanyLogo(link, companyId),
  { keyOf: ({ link, companyId }) => `${linkKey(link)}/${companyId}/logo` },
);
