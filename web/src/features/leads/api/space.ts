import {
  EXHIBITOR_KEY_HEADER,
  exhibitorSpaceRoutes as routes,
  type LeadEdit,
  type LeadScan,
} from '@evt/contracts/leads';
import { apiRequest } from '../../../lib/api-client';
import { createReadCache } from '../../../lib/read-cache';

/** A stand's link, as the page found it: the event, the stand's code and the key (from the fragment). */
export interface StandLink {
  slug: string;
  code: number;
  key: string;
}

/** `{event slug}/{code}`: what the device files a stand's waiting scans under (never the key). */
export const standOf = (link: Pick<StandLink, 'slug' | 'code'>) => `${link.slug}/${link.code}`;

/** The link's key in its own header, never in an API address (logs keep addresses). */
const headers = (link: StandLink) => ({ [EXHIBITOR_KEY_HEADER]: `${link.code}-${link.key}` });

export const fetchSpace = (link: StandLink, signal?: AbortSignal) =>
  apiRequest(routes.space, { params: { slug: link.slug }, headers: headers(link), signal });
export const sendScans = (link: StandLink, scans: LeadScan[]) =>
  apiRequest(routes.scans, { params: { slug: link.slug }, headers: headers(link), body: { scans } });
export const editLead = (link: StandLink, leadId: number, edit: LeadEdit) =>
  apiRequest(routes.edit, { params: { slug: link.slug, leadId }, headers: headers(link), body: edit });
export const removeLead = (link: StandLink, leadId: number) =>
  apiRequest(routes.remove, { params: { slug: link.slug, leadId }, headers: headers(link) });

/** The stand's space (who, which event, its leads): asked again after each change the page makes. */
export const spaceRead = createReadCache((link: StandLink) => fetchSpace(link), {
  keyOf: (link) => `${standOf(link)}/${link.key}`,
});
