import type { AutomationMethod, automationOperations } from './automation';
import type { EventFeature } from './features';
import type { RouteContract } from './http';
import { type apiRoutes, indexByRoute } from './routes';

/**
 * Which event feature (/admin/features) each route, webhook operation and console page belongs to, beside
 * the access table (route-access.ts). A switched-off feature:
 * - console routes and operations listed here: the BFF refuses them (403 `errors.featureOff`) in the same
 *   check as their permission (bff/src/routes/permissions.ts), from the features the permissions answer carries;
 * - visitor routes listed here: the upstream refuses them where it resolves the visitor's form, link or
 *   token (410 `errors.partClosed`), since only it knows the event of a personal link;
 * - console pages listed here: the event's navigation and dashboard leave them out, and the page says the
 *   feature is off (web/src/components/feature-gate.tsx).
 * A route not listed belongs to no feature. Decision and its reasons: docs/decisions/console.md.
 */
type RouteFeatureTable = {
  readonly [G in keyof typeof apiRoutes]?: { readonly [R in keyof (typeof apiRoutes)[G]]?: EventFeature };
};

const commission = 'commission' as const;
const badgeModel = 'badgeModel' as const;
const informationRequests = 'informationRequests' as const;
const formModel = 'formModel' as const;

export const routeFeature = {
  teams: {
    listForEvent: commission,
    create: commission,
    remove: commission,
    addMembers: commission,
    projects: commission,
    createProject: commission,
    updateProject: commission,
    removeProject: commission,
  },
  tasks: {
    listForEvent: commission,
    create: commission,
    toggleCompletion: commission,
    assign: commission,
    update: commission,
    remove: commission,
    unassign: commission,
  },
  badges: {
    listModels: badgeModel,
    saveModel: badgeModel,
    removeModel: badgeModel,
    testPdf: badgeModel,
    generate: badgeModel,
  },
  badgeSending: { status: 'badgeSending', send: 'badgeSending' },
  infoRequests: {
    list: informationRequests,
    create: informationRequests,
    resend: informationRequests,
    cancel: informationRequests,
    file: informationRequests,
    publicView: informationRequests,
    publicUpload: informationRequests,
    publicAnswer: informationRequests,
  },
  // the event's staff rights; everyone's own permissions (`mine`) stay readable: the console needs them
  rights: { get: 'authorisations', setMemberType: 'authorisations', setMember: 'authorisations' },
  // the visitors' forms and what follows them (a company's B2B space comes from its B2B form)
  registrations: { forms: formModel, register: formModel, upload: formModel },
  kiosk: { start: formModel },
  b2bSpace: {
    me: formModel,
    directory: formModel,
    suggestions: formModel,
    company: formModel,
    companyLogo: formModel,
    requests: formModel,
    sendRequest: formModel,
    actOnRequest: formModel,
    agenda: formModel,
    profile: formModel,
    saveProfile: formModel,
    feed: formModel,
  },
} as const satisfies RouteFeatureTable;

type OperationFeatureTable = {
  readonly [O in keyof typeof automationOperations]?: {
    readonly [M in keyof (typeof automationOperations)[O]['requests']]?: EventFeature;
  };
};

/** The webhook operations that change the event's forms: adding, opening, closing, renaming, ordering, removing. */
export const operationFeature = {
  eventForms: { POST: formModel, DELETE: formModel },
  eventFormsOrder: { POST: formModel },
} as const satisfies OperationFeatureTable;

/** The console's event pages (`/events/{page}-{id}`) of each feature. */
export const pageFeature: Readonly<Record<string, EventFeature>> = {
  commission,
  badges: badgeModel,
  testpdf: badgeModel,
  genbadge: badgeModel,
  requests: informationRequests,
  rights: 'authorisations',
  forms: formModel,
};

const byRoute = indexByRoute<EventFeature>(routeFeature);

/** The feature a route belongs to, or undefined. */
export function featureOf(route: RouteContract): EventFeature | undefined {
  return byRoute.get(route);
}

export function operationFeatureOf(name: string, method: AutomationMethod): EventFeature | undefined {
  if (!Object.hasOwn(operationFeature, name)) return undefined;
  return (operationFeature as Record<string, Partial<Record<AutomationMethod, EventFeature>>>)[name]?.[
    method
  ];
}

/** Whether a feature is on in an event's answer (a feature never set is on). */
export function isFeatureOn(
  features: Partial<Record<EventFeature, boolean>> | undefined,
  feature: EventFeature,
): boolean {
  return features?.[feature] !== false;
}
