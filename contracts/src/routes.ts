import { analyticsRoutes } from './analytics';
import { apiKeyRoutes } from './api-keys';
import { webhookRoutes } from './webhooks';
import { authRoutes } from './auth';
import { badgeSendingRoutes } from './badge-sending';
import { badgeRoutes } from './badges';
import { checkinRoutes } from './checkin';
import { checkinDeviceRoutes } from './checkin-offline';
import { dataRightsRoutes } from './data-rights';
import { b2bProgrammeRoutes, b2bSpaceRoutes } from './b2b';
import { b2bProfileRoutes } from './b2b-profile';
import { documentRoutes } from './documents';
import { eventRoutes } from './events';
import { featureRoutes } from './features';
import type { RouteContract } from './http';
import { infoRequestRoutes } from './info-requests';
import { invitationRoutes } from './invitations';
import { kioskRoutes } from './kiosk';
import { exhibitorSpaceRoutes, leadAdminRoutes } from './leads';
import { meetingRoutes } from './meetings';
import { mailingRoutes } from './mailings';
import { memberRoutes } from './members';
import { organizationCredentialRoutes } from './organization-credentials';
import { organizationRoutes } from './organizations';
import { planningRoutes } from './planning';
import { privacyNoticeRoutes } from './privacy-notice';
import { profileRoutes } from './profile';
import { registrationExportRoutes } from './registration-exports';
import { registrationRoutes } from './registrations';
import { rightsRoutes } from './rights';
import { taskRoutes } from './tasks';
import { teamRoutes } from './teams';

/**
 * Every `/api` route the SPA may call. The BFF mounts handlers for the `bff` routes and proxies only the
 * `proxy` routes listed here (the allowlist); anything else under `/api` is a 404.
 */
export const apiRoutes = {
  auth: authRoutes,
  organizations: organizationRoutes,
  organizationCredentials: organizationCredentialRoutes,
  apiKeys: apiKeyRoutes,
  webhooks: webhookRoutes,
  events: eventRoutes,
  members: memberRoutes,
  invitations: invitationRoutes,
  teams: teamRoutes,
  tasks: taskRoutes,
  documents: documentRoutes,
  features: featureRoutes,
  registrations: registrationRoutes,
  registrationExports: registrationExportRoutes,
  profile: profileRoutes,
  badges: badgeRoutes,
  badgeSending: badgeSendingRoutes,
  checkin: checkinRoutes,
  checkinDevice: checkinDeviceRoutes,
  b2bProgramme: b2bProgrammeRoutes,
  b2bSpace: b2bSpaceRoutes,
  b2bProfile: b2bProfileRoutes,
  exhibitorSpace: exhibitorSpaceRoutes,
  leads: leadAdminRoutes,
  meetings: meetingRoutes,
  rights: rightsRoutes,
  planning: planningRoutes,
  analytics: analyticsRoutes,
  mailings: mailingRoutes,
  dataRights: dataRightsRoutes,
  privacyNotice: privacyNoticeRoutes,
  infoRequests: infoRequestRoutes,
  kiosk: kioskRoutes,
} as const satisfies Record<string, Record<string, RouteContract>>;

export function allRoutes(): RouteContract[] {
  return Object.values(apiRoutes).flatMap((group) => Object.values(group) as RouteContract[]);
}

/**
 * A table keyed like `apiRoutes` (group, then route name), indexed by the route object itself: how the
 * access table and the feature table are read for a route.
 */
export function indexByRoute<T>(table: object): Map<RouteContract, T> {
  const byRoute = new Map<RouteContract, T>();
  for (const [group, routes] of Object.entries(apiRoutes)) {
    const entries = (table as Record<string, Record<string, T | undefined> | undefined>)[group];
    for (const [name, route] of Object.entries(routes)) {
      const entry = entries?.[name];
      if (entry !== undefined) byRoute.set(route as RouteContract, entry);
    }
  }
  return byRoute;
}
