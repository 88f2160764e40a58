import type { AutomationMethod, automationOperations } from './automation';
import type { RouteContract } from './http';
import type { Permission } from './permissions';
import { type apiRoutes, indexByRoute } from './routes';

/**
 * What each route and webhook operation needs, beside the route table. Every route of
 * `apiRoutes` and every method of every automation operation has an entry: the mapped types below make a
 * missing one a type error, and `bff/test/security/event-permissions.test.ts` a failing test.
 *
 * - a Permission: the caller must hold it in the event the route acts on. The event is read from the path
 *   (`/events/:id`, or a team, project or task of one); the BFF refuses before anything reaches the upstream.
 * - `organization`: an organisation-level route (no event yet, or the organisation itself); the route's
 *   organisation role (`role`, roles.ts) decides, and the upstream checks membership.
 * - `account`: any signed-in user, about themselves (their organisations, profile, session).
 * - `public`: no session (visitors' forms, invitation codes, sign-in).
 */
export type RouteAccess = Permission | 'organization' | 'account' | 'public';

type RouteAccessTable = {
  readonly [G in keyof typeof apiRoutes]: { readonly [R in keyof (typeof apiRoutes)[G]]: RouteAccess };
};

export const routeAccess = {
  auth: {
    me: 'account',
    login: 'public',
    logout: 'public',
    register: 'public',
    forgotPassword: 'public',
    resetPassword: 'public',
    verifyEmail: 'public',
    updateSelection: 'account',
  },
  organizations: {
    list: 'account',
    create: 'account',
    get: 'organization',
    update: 'organization',
    eventNumbers: 'organization',
    image: 'organization',
  },
  // owners only (the routes' role): the organisation's secret credentials, masked
  organizationCredentials: { list: 'organization', set: 'organization', remove: 'organization' },
  // owners only (the routes' role): the organisation's API keys
  apiKeys: { list: 'organization', create: 'organization', revoke: 'organization', openApi: 'public' },
  // owners only (the routes' role): the organisation's outgoing webhooks
  webhooks: {
    list: 'organization',
    create: 'organization',
    update: 'organization',
    remove: 'organization',
    rotateSecret: 'organization',
    ping: 'organization',
    deliveries: 'organization',
    redeliver: 'organization',
  },
  events: {
    listForOrganization: 'organization',
    get: 'event:read',
    create: 'organization',
    update: 'event:settings',
    setStatus: 'event:settings',
    closeRegistrations: 'event:settings',
    // the organisation's managers only (role), whatever the event grants
    remove: 'organization',
  },
  members: {
    memberTypes: 'account',
    list: 'organization',
    names: 'organization',
    changeType: 'organization',
    remove: 'organization',
  },
  invitations: {
    invite: 'organization',
    list: 'organization',
    invalidate: 'organization',
    resend: 'organization',
    lookup: 'public',
    accept: 'account',
  },
  teams: {
    listForOrganization: 'organization',
    listForEvent: 'event:read',
    create: 'planning:write',
    remove: 'planning:write',
    addMembers: 'planning:write',
    projects: 'event:read',
    createProject: 'planning:write',
    updateProject: 'planning:write',
    removeProject: 'planning:write',
  },
  tasks: {
    listForEvent: 'event:read',
    create: 'planning:write',
    toggleCompletion: 'planning:write',
    assign: 'planning:write',
    update: 'planning:write',
    remove: 'planning:write',
    unassign: 'planning:write',
  },
  documents: {
    upload: 'documents:write',
    list: 'event:read',
    download: 'event:read',
    rename: 'documents:write',
    remove: 'documents:write',
    eventLogo: 'public',
    organizationImage: 'organization',
  },
  features: {
    get: 'event:read',
    update: 'event:settings',
  },
  // The registration desk's device; leaving only gives the limits back
  kiosk: { start: 'registrations:write', leave: 'public' },
  registrations: {
    event: 'public',
    forms: 'public',
    register: 'public',
    upload: 'public',
    confirm: 'public',
    resend: 'public',
    list: 'registrations:read',
    get: 'registrations:read',
    // a registrant's documents are contact data: masked for whoever may not see them
    file: 'registrations:contacts',
    confirmByHand: 'registrations:write',
    // resend the confirmation, cancel, accept or decline a candidate
    act: 'registrations:write',
    remove: 'registrations:write',
  },
  // the export's job reads with the asker's rights; its state and file are the asker's alone
  registrationExports: {
    start: 'registrations:export',
    list: 'registrations:export',
    status: 'registrations:export',
    file: 'registrations:export',
  },
  profile: {
    update: 'account',
  },
  rights: {
    // any member of the event's organisation reads their own permissions (the SPA hides what they lack)
    mine: 'organization',
    get: 'rights:manage',
    setMemberType: 'rights:manage',
    setMember: 'rights:manage',
    // the organisation's rules: its managers (role); what they give the caller: any member
    organizationRights: 'organization',
    organizationMine: 'organization',
    setOrganizationMemberType: 'organization',
    setOrganizationMember: 'organization',
    // one event's lines: who manages its rights sees who changed them, exported, erased or mailed there
    eventAudit: 'rights:manage',
    audit: 'organization',
  },
  badges: {
    listModels: 'badges:manage',
    saveModel: 'badges:manage',
    removeModel: 'badges:manage',
    testPdf: 'badges:manage',
    generate: 'badges:manage',
  },
  // The badge manager's, like generating them
  badgeSending: {
    status: 'badges:manage',
    send: 'badges:manage',
  },
  checkin: {
    scan: 'checkin:scan',
    checkIn: 'checkin:scan',
    search: 'checkin:scan',
    // the dashboard's arrivals: figures, no contact data
    stats: 'event:read',
  },
  checkinDevice: {
    sync: 'checkin:scan',
    roster: 'checkin:scan',
    manifest: 'public',
  },
  b2bProgramme: {
    get: 'b2b:manage',
    saveSettings: 'b2b:manage',
    freeze: 'b2b:manage',
    schedule: 'b2b:manage',
    move: 'b2b:manage',
    meetingStatus: 'b2b:manage',
    offer: 'b2b:manage',
    publish: 'b2b:manage',
    // the online meetings' links, made on the caller's Google connection or through Zoom (b2b-online.ts)
    createLinks: 'b2b:manage',
  },
  // a company's space: its personal link is the credential
  b2bSpace: {
    me: 'public',
    directory: 'public',
    suggestions: 'public',
    company: 'public',
    companyLogo: 'public',
    requests: 'public',
    sendRequest: 'public',
    actOnRequest: 'public',
    setMustMeet: 'public',
    agenda: 'public',
    profile: 'public',
    saveProfile: 'public',
    feedKey: 'public',
    renewFeedKey: 'public',
    feed: 'public',
    resendLink: 'public',
  },
  // an exhibitor's space: its link is the credential
  exhibitorSpace: { space: 'public', scans: 'public', edit: 'public', remove: 'public', manifest: 'public' },
  // how many leads each stand made (counts, names of exhibitors only); its link is sent to its own address
  leads: {
    exhibitors: 'registrations:read',
    sendLink: 'registrations:write',
    revokeLinks: 'registrations:write',
  },
  // the signed-in user's own companies, found by their verified address (/profile/b2b)
  b2bProfile: {
    list: 'account',
    open: 'account',
  },
  meetings: {
    list: 'meetings:manage',
    get: 'meetings:manage',
    createGoogle: 'meetings:manage',
    updateGoogle: 'meetings:manage',
    remove: 'meetings:manage',
    createZoom: 'meetings:manage',
    updateZoom: 'meetings:manage',
    // the organiser's own Google connection, not an event's
    googleConnection: 'account',
    googleDisconnect: 'account',
  },
  planning: {
    board: 'event:read',
    create: 'planning:write',
    update: 'planning:write',
    remove: 'planning:write',
    publicProgramme: 'public',
    publicProgrammeIcs: 'public',
  },
  analytics: {
    registrations: 'registrations:read',
    // the page is every member's; the upstream leaves out each kind the caller may not see
    activity: 'event:read',
  },
  // recipients' addresses and the mail itself: the mailing manager's
  mailings: {
    list: 'mailings:send',
    create: 'mailings:send',
    preview: 'mailings:send',
    test: 'mailings:send',
    get: 'mailings:send',
    update: 'mailings:send',
    remove: 'mailings:send',
    send: 'mailings:send',
    cancel: 'mailings:send',
    retry: 'mailings:send',
    recipients: 'mailings:send',
  },
  // the visitor's data rights (data-rights.ts): the export holds contact data and files, as the file
  // download does; the erasure is the label's "confirm and erase"; the retention is the owners' (role)
  dataRights: {
    exportPerson: 'registrations:contacts',
    erasePerson: 'registrations:write',
    getRetention: 'organization',
    setRetention: 'organization',
  },
  // the organisation's privacy notice: read by any member, set by managers (the routes' role)
  privacyNotice: { getPrivacyNotice: 'organization', setPrivacyNotice: 'organization' },
  // information requests: the organiser's side needs requests:manage; the visitor's link is its credential
  infoRequests: {
    list: 'requests:manage',
    create: 'requests:manage',
    resend: 'requests:manage',
    cancel: 'requests:manage',
    file: 'requests:manage',
    publicView: 'public',
    publicUpload: 'public',
    publicAnswer: 'public',
  },
} as const satisfies RouteAccessTable;

type OperationAccessTable = {
  readonly [O in keyof typeof automationOperations]: {
    readonly [M in keyof (typeof automationOperations)[O]['requests']]: RouteAccess;
  };
};

/** The same for the webhook gateway's operations, per method. */
export const operationAccess = {
  eventLogo: { POST: 'event:settings' },
  event: { GET: 'event:read' },
  enrolmentMetrics: { GET: 'registrations:read' },
  // it carries the enrolment metrics: the strictest of what it holds (docs/decisions/console.md)
  eventData: { GET: 'registrations:read' },
  eventForms: { GET: 'event:read', POST: 'event:settings', DELETE: 'event:settings' },
  eventFormsOrder: { POST: 'event:settings' },
  configMatching: { GET: 'b2b:manage', POST: 'b2b:manage' },
  zoomMeeting: { POST: 'meetings:manage', DELETE: 'meetings:manage' },
} as const satisfies OperationAccessTable;

const byRoute = indexByRoute<RouteAccess>(routeAccess);

/** A route's entry in the table; undefined = none (the BFF refuses to start, the test fails). */
export function accessOf(route: RouteContract): RouteAccess | undefined {
  return byRoute.get(route);
}

export function operationAccessOf(name: string, method: AutomationMethod): RouteAccess | undefined {
  const entry = (operationAccess as Record<string, Partial<Record<AutomationMethod, RouteAccess>>>)[name];
  return Object.hasOwn(operationAccess, name) ? entry?.[method] : undefined;
}

export function isPermissionAccess(access: RouteAccess): access is Permission {
  return access !== 'organization' && access !== 'account' && access !== 'public';
}
