import { z } from 'zod';
import {
  agenda,
  companyLogo,
  companyProfile,
  declineBody,
  mustMeetBody,
  directory,
  directoryQuery,
  feedKey,
  feedKeyAnswer,
  newRequestBody,
  ownProfile,
  profileEdit,
  REQUEST_ACTIONS,
  requestList,
  requestView,
  spaceMe,
  suggestions,
} from './b2b';
import { b2bProfileUpstreamRoutes } from './b2b-profile';
import { defineUpstreamRoute } from './http';
import { linkCredential, spaceRoutes } from './link-space';
import { id } from './validation';

/** The BFF's calls for a company's private space, reference-upstream extensions (link-space.ts). */
const credential = linkCredential;
const space = spaceRoutes('/public/b2b/space');

export const b2bUpstreamRoutes = {
  b2bMe: space('me', credential, spaceMe),
  // no filters sent: the whole directory
  b2bDirectory: space('directory', credential.extend({ query: directoryQuery.prefault({}) }), directory),
  b2bSuggestions: space('suggestions', credential, suggestions),
  b2bCompany: space('company', credential.extend({ companyId: id() }), companyProfile),
  b2bCompanyLogo: space('logo', credential.extend({ companyId: id() }), companyLogo),
  b2bRequests: space('requests', credential, requestList),
  b2bSend: space('send', credential.extend({ request: newRequestBody }), requestView, 201),
  b2bAct: space(
    'act',
    credential.extend({
      requestId: id(),
      action: z.enum(REQUEST_ACTIONS),
      decline: declineBody.prefault({}),
    }),
    requestView,
  ),
  b2bMustMeet: space('must-meet', credential.extend({ requestId: id(), ...mustMeetBody.shape }), requestView),
  b2bAgenda: space('agenda', credential, agenda),
  /** the feed's key, made on first ask or renewed (`renew`): called with the space's credential */
  b2bFeedKey: space('feed-key', credential.extend({ renew: z.boolean() }), feedKeyAnswer),
  /** the agenda read with the feed's own key: the only thing that key opens */
  b2bFeedAgenda: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/b2b/feed',
    auth: 'service',
    body: z.object({ slug: credential.shape.slug, code: id(), feedKey }),
    responses: { 200: agenda },
  }),
  b2bProfile: space('profile', credential, ownProfile),
  b2bSaveProfile: space('profile-save', credential.extend({ profile: profileEdit }), ownProfile),
  ...b2bProfileUpstreamRoutes,
  b2bLink: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/b2b/link',
    auth: 'service',
    body: z.object({
      slug: z.string().min(1).max(100),
      code: id(),
      linkBase: z.url({ protocol: /^https?$/ }),
    }),
    responses: { 202: z.object({ status: z.literal('sent') }) },
  }),
} as const;
