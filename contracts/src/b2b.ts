import { eventClock } from './event-time-zone';
import { z } from 'zod';
import { EDITABLE_PROFILE_FIELDS, profileEdit } from './b2b-edit';
import {
  B2B_PROFILE_TYPES,
  CERTIFICATIONS,
  NEED_TYPES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  REVENUE_BANDS,
  SECTORS,
  TIME_SLOTS,
} from './constants';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { eventNameVersions } from './upstream-events';
import { id, msg, optionalText } from './validation';

/*
 * The B2B programme: what a confirmed B2B registration becomes (a programme company), the
 * organiser's programme settings, the meeting requests and the schedule. The engine's own shapes are in
 * matching/src/api.ts; these are the wire shapes between the browser, the BFF and the reference upstream.
 *
 * Personal links (decision): a B2B registration's `{code}` is its registration id (a public number, no
 * secret) and `{confirm}` its access key (48 hex characters, stored hashed, expiring with the event's last
 * day). `/events-{id}/b2b-{code}-{confirm}` (and `b2b_osaka-`, `b2b_sipen-` in the form-sipen layout, and the
 * dashed `b2b-osaka-`, `b2b-sipen-`) is the company's private space; its first opening is harmless (the
 * registration was confirmed by the confirmation mail, which is when the key is made and mailed).
 * `/events-{id}/b2b-{code}` alone is the page that sends the link again to the registered address.
 */

export const B2B_KEY = /^[0-9a-f]{48}$/;
export const b2bKey = z.string().regex(B2B_KEY, { error: msg.invalidInput });

export { B2B_LAYOUTS, type B2bLayout, parseB2bSegment } from './b2b-paths';

/**
 * The most requests a company may mark must-meet (among the ones it sent and has not withdrawn): few
 * enough that the scheduler placing them before every other request stays fair to the other companies.
 */
export const MUST_MEET_MAX = 3;

/** why the scheduler left a request out (`b2bMatch.unplaced.<reason>`) */
export const UNPLACED = ['no_common_slot', 'partner_full', 'tables_full', 'quota_reached'] as const;
export const MEETING_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const MEETING_STATUSES = ['scheduled', 'held', 'no_show', 'cancelled'] as const;
/** where the programme's online meetings take place (the platforms): the organiser's Google Meet or Zoom */
export const B2B_ONLINE_PLATFORMS = ['google_meet', 'zoom'] as const;
export type B2bOnlinePlatform = (typeof B2B_ONLINE_PLATFORMS)[number];

// ---------- the organiser's settings ----------

/** the most days and breaks a programme has (the settings form stops adding at these) */
export const PROGRAMME_DAYS_MAX = 14;
export const PROGRAMME_BREAKS_MAX = 10;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg.invalidInput });
const day = z.iso.date({ error: msg.invalidInput });

export const programmeSettings = z
  .object({
    days: z.array(day).min(1, { error: msg.atLeastOne }).max(PROGRAMME_DAYS_MAX),
    dayStart: hhmm,
    dayEnd: hhmm,
    slotMinutes: z.number().int().min(10).max(120),
    breaks: z.array(z.object({ start: hhmm, end: hhmm })).max(PROGRAMME_BREAKS_MAX),
    /** table names or booth numbers, in order; their count is the number of tables */
    tables: z
      .array(z.string().trim().min(1, { error: msg.required }).max(40))
      .min(1)
      .max(500),
    /** true: a request is scheduled once the other company accepts; false: every sent request is */
    mutualAcceptance: z.boolean(),
    /** requests a company may have sent and not withdrawn */
    requestCap: z.number().int().min(1).max(200),
    /** most meetings per company */
    meetingQuota: z.number().int().min(1).max(100),
    /**
     * a request cap of its own for some companies (0: it may only answer); the others have `requestCap`.
     * Settings stored before this field read as none.
     */
    companyCaps: z
      .array(z.object({ companyId: id(), requestCap: z.number().int().min(0).max(200) }))
      .max(2000)
      .default([]),
    /** a note for the online meetings (shown to the organiser only) */
    onlineLinkNote: optionalText(300),
    /**
     * the video platform of the online meetings: Google Meet through the publishing organiser's own Google
     * connection, or Zoom through the zoom-meeting webhook. Settings stored before this field read as Meet.
     */
    onlinePlatform: z.enum(B2B_ONLINE_PLATFORMS).default('google_meet'),
  })
  .refine((s) => s.dayStart < s.dayEnd, { path: ['dayEnd'], error: msg.timeOrder })
  .refine((s) => s.breaks.every((b) => b.start < b.end), { path: ['breaks'], error: msg.timeOrder });
export type ProgrammeSettings = z.infer<typeof programmeSettings>;

export const DEFAULT_PROGRAMME_SETTINGS: ProgrammeSettings = {
  days: [],
  dayStart: '09:00',
  dayEnd: '17:00',
  slotMinutes: 30,
  breaks: [{ start: '12:00', end: '13:30' }],
  tables: Array.from({ length: 10 }, (_, i) => `T${i + 1}`),
  mutualAcceptance: true,
  requestCap: 10,
  meetingQuota: 8,
  companyCaps: [],
  onlineLinkNote: '',
  onlinePlatform: 'google_meet',
};

/** `config_matching`'s `config`: the engine's MatchConfig (weights 0–10 per criterion, a minimum score). */
export const MATCH_CRITERIA = [
  'offerNeed',
  'profilePair',
  'sectors',
  'targetMarket',
  'format',
  'availability',
  'size',
] as const;
const weight = z.number().int().min(0).max(10);
export const matchConfig = z.object({
  weights: z.object(
    Object.fromEntries(MATCH_CRITERIA.map((c) => [c, weight])) as Record<
      (typeof MATCH_CRITERIA)[number],
      typeof weight
    >,
  ),
  minScore: z.number().int().min(0).max(100),
});
export type MatchConfigBody = z.infer<typeof matchConfig>;

// ---------- what a company sees ----------

export const companySummary = z.object({
  id: z.number().int(),
  companyName: z.string(),
  profileType: z.enum(B2B_PROFILE_TYPES),
  /** the size band (`enums.companySizes`), from the number of employees or as registered before it was asked */
  companySize: z.string(),
  /** null: registered before the form asked the number (its band stands) */
  employees: z.number().int().nullable().default(null),
  /** `enums.revenueBands`, empty when the company does not say */
  annualRevenue: z.string().default(''),
  certifications: z.array(z.string()).default([]),
  sectors: z.array(z.string()),
  offerType: z.string(),
  needType: z.string(),
  country: z.string().nullable(),
  participationFormat: z.enum(PARTICIPATION_FORMATS),
  logo: z.boolean(),
  /** the match score with the viewing company, 0–100 */
  score: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummary>;

export const matchReasonView = z.object({
  criterion: z.string(),
  points: z.number(),
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * A company's logo as the space shows it: an image type the upload accepted and its bytes in base64 (the
 * page draws it from a data address: the personal link travels in a header an image request cannot carry).
 */
export const companyLogo = z.object({
  logo: z
    // the B2B form's logo types (forms/fields.ts IMAGE_TYPES), written here so the space does not load the forms
    .object({ type: z.enum(['image/png', 'image/jpeg', 'image/webp']), data: z.base64() })
    .nullable(),
});
export type CompanyLogo = z.infer<typeof companyLogo>;

export const requestView = z.object({
  id: z.number().int(),
  fromId: z.number().int(),
  toId: z.number().int(),
  /** the other company's name */
  otherName: z.string(),
  otherId: z.number().int(),
  direction: z.enum(['sent', 'received']),
  status: z.enum(MEETING_REQUEST_STATUSES),
  message: z.string(),
  declineReason: z.string(),
  online: z.boolean(),
  /** why the scheduler left it out, when it did (`b2bMatch.unplaced.<reason>`) */
  unplaced: z.string().nullable(),
  /** its sender marked it must-meet: the scheduler places it before the ordinary requests */
  mustMeet: z.boolean().default(false),
  createdAt: z.string(),
});
export type RequestView = z.infer<typeof requestView>;

export const companyProfile = companySummary.extend({
  companyDescription: z.string(),
  skills: z.string(),
  websiteUrl: z.string(),
  /** the certification written in words when `other` is ticked */
  otherCertification: z.string().default(''),
  targetMarket: z.string(),
  needUrgency: z.string(),
  targetedPartnerType: z.string(),
  specificCriteria: z.string(),
  availabilityStart: z.string(),
  availabilityEnd: z.string(),
  timeSlots: z.array(z.string()),
  /** the representative, shown to companies of the programme only */
  fullName: z.string(),
  position: z.string(),
  reasons: z.array(matchReasonView),
  /** the request between the viewer and this company, if any (latest) */
  request: requestView.nullable(),
});
export type CompanyProfileView = z.infer<typeof companyProfile>;

export const programmeState = z.object({
  frozen: z.boolean(),
  published: z.boolean(),
  /** this company's cap: its own when the organiser set one, else the programme's */
  requestCap: z.number().int(),
  mutualAcceptance: z.boolean(),
});

export const spaceMe = z.object({
  /** in the event's main language; `eventTitles` holds the others written */
  eventTitle: z.string(),
  eventTitles: eventNameVersions,
  eventLanguages: z.array(z.enum(LOCALES)).default([]),
  eventSlug: z.string(),
  company: companySummary,
  programme: programmeState,
  /** requests sent and not withdrawn or declined */
  requestsUsed: z.number().int(),
});
export type SpaceMe = z.infer<typeof spaceMe>;

export const agendaMeeting = z.object({
  requestId: z.number().int(),
  /** stable across moves: the calendar's UID */
  uid: z.string(),
  sequence: z.number().int(),
  start: z.string(),
  end: z.string(),
  table: z.string().nullable(),
  /** online meetings: the video link once the meetings feature has made one, else null */
  onlineUrl: z.string().nullable(),
  otherName: z.string(),
  otherId: z.number().int(),
  status: z.enum(MEETING_STATUSES),
});
export type AgendaMeeting = z.infer<typeof agendaMeeting>;

/** What became of one of the company's must-meet requests in the published programme. */
export const mustMeetOutcome = z.object({
  requestId: z.number().int(),
  otherName: z.string(),
  placed: z.boolean(),
  /** why it was left out (`b2bMatch.unplaced.<reason>`), null when placed or not scheduled yet */
  reason: z.enum(UNPLACED).nullable(),
});
export type MustMeetOutcome = z.infer<typeof mustMeetOutcome>;

export const agenda = z.object({
  eventTitle: z.string(),
  /** the event's zone: every time of the agenda is shown on it, named */
  timeZone: eventClock.timeZone,
  published: z.boolean(),
  meetings: z.array(agendaMeeting),
  /** the company's must-meet requests, each placed or why not (empty before publication) */
  mustMeet: z.array(mustMeetOutcome).default([]),
});
export type Agenda = z.infer<typeof agenda>;

export const directoryQuery = z.object({
  q: z.string().trim().max(100, { error: msg.tooLong }).optional().default(''),
  profileType: z.enum(B2B_PROFILE_TYPES).optional(),
  sector: z.enum(SECTORS).optional(),
  offer: z.enum(OFFER_TYPES).optional(),
  need: z.enum(NEED_TYPES).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  format: z.enum(PARTICIPATION_FORMATS).optional(),
  revenue: z.enum(REVENUE_BANDS).optional(),
  /** companies holding this certification (`other`: any written in words) */
  certification: z.enum(CERTIFICATIONS).optional(),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

export const directory = z.object({ data: z.array(companySummary), total: z.number().int() });
/**
 * A company that would rank among the suggestions but can never meet this one (no slot of the programme
 * where both are available): named with when it is available, so the page can say why it is left out.
 */
export const leftOutForAvailability = z.object({
  id: z.number().int(),
  companyName: z.string(),
  score: z.number().int(),
  timeSlots: z.array(z.enum(TIME_SLOTS)),
  availabilityStart: z.string(),
  availabilityEnd: z.string(),
});
export const suggestions = z.object({
  data: z.array(companySummary),
  /** the best matches left out for availability, strongest first (at most LEFT_OUT_SHOWN) */
  leftOut: z.array(leftOutForAvailability).default([]),
});
export type LeftOutForAvailability = z.infer<typeof leftOutForAvailability>;
/** how many of the best matches left out for availability the suggestions name */
export const LEFT_OUT_SHOWN = 5;
export const requestList = z.object({ data: z.array(requestView) });

export const newRequestBody = z.object({
  toId: id(),
  message: optionalText(500),
  online: z.boolean().default(false),
});
export const declineBody = z.object({ reason: optionalText(300) });
/** marks (or unmarks) a sent request must-meet; 409 `b2b_must_meet_limit` beyond MUST_MEET_MAX */
export const mustMeetBody = z.object({ mustMeet: z.boolean() });
export const REQUEST_ACTIONS = ['accept', 'decline', 'withdraw'] as const;

export const slugParam = z.object({ slug: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/) });
export const companyParams = slugParam.extend({ companyId: id() });
export const requestParams = slugParam.extend({ requestId: id(), action: z.enum(REQUEST_ACTIONS) });
export const mustMeetParams = slugParam.extend({ requestId: id() });
/**
 * The calendar feed's own key: read-only (it opens the agenda's feed and nothing else), renewable on its
 * own; the space's key never appears in the feed's address.
 */
export const feedKey = b2bKey;
export const feedParams = slugParam.extend({
  company: id(),
  key: feedKey,
});
/** The feed's key as the space shows it (in the feed's address) */
export const feedKeyAnswer = z.object({ feedKey });

/** `POST /api/public/b2b/{slug}/link`: send the personal link again (same answer whoever asks). */
export const resendLinkBody = z.object({
  code: id(),
  locale: z.enum(LOCALES).optional(),
});

/** The company's own match profile as it may edit it (b2b-edit.ts), every editable field present. */
export const ownProfile = z.object({
  companyName: z.string(),
  profileType: z.string(),
  frozen: z.boolean(),
  values: z.record(z.enum(EDITABLE_PROFILE_FIELDS), z.union([z.string(), z.array(z.string()), z.boolean()])),
});
export type OwnProfile = z.infer<typeof ownProfile>;
export { profileEdit };

/** The visitor's header carrying `{code}-{confirm}` (never a URL of the API: logs keep paths). */
export const B2B_KEY_HEADER = 'x-b2b-key';
export const keyHeader = z.string().regex(/^\d{1,9}-[0-9a-f]{48}$/);

/** The private space's routes, answered by the BFF (public: the key is the credential). */
export const b2bSpaceRoutes = {
  me: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/me',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: spaceMe, ...commonErrors },
  }),
  directory: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/companies',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    query: directoryQuery,
    responses: { 200: directory, ...commonErrors },
  }),
  suggestions: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/suggestions',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: suggestions, ...commonErrors },
  }),
  company: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/companies/:companyId',
    kind: 'bff',
    auth: 'public',
    params: companyParams,
    responses: { 200: companyProfile, ...commonErrors },
  }),
  /** a company's uploaded logo (the caller's own or another's of the programme), or null without one */
  companyLogo: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/companies/:companyId/logo',
    kind: 'bff',
    auth: 'public',
    params: companyParams,
    responses: { 200: companyLogo, ...commonErrors },
  }),
  requests: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/requests',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: requestList, ...commonErrors },
  }),
  sendRequest: defineRoute({
    method: 'POST',
    path: '/public/b2b/:slug/requests',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    body: newRequestBody,
    responses: { 201: requestView, ...commonErrors, 409: commonErrors[400] },
  }),
  actOnRequest: defineRoute({
    method: 'POST',
    path: '/public/b2b/:slug/requests/:requestId/:action',
    kind: 'bff',
    auth: 'public',
    params: requestParams,
    body: declineBody,
    responses: { 200: requestView, ...commonErrors, 409: commonErrors[400] },
  }),
  /** a sent, open request marked must-meet or not, until the programme is frozen */
  setMustMeet: defineRoute({
    method: 'PUT',
    path: '/public/b2b/:slug/requests/:requestId/must-meet',
    kind: 'bff',
    auth: 'public',
    params: mustMeetParams,
    body: mustMeetBody,
    responses: { 200: requestView, ...commonErrors, 409: commonErrors[400] },
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/profile',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: ownProfile, ...commonErrors },
  }),
  /** until the programme is frozen (409 `b2b_profile_frozen` after) */
  saveProfile: defineRoute({
    method: 'PUT',
    path: '/public/b2b/:slug/profile',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    body: profileEdit,
    responses: { 200: ownProfile, ...commonErrors, 409: commonErrors[400] },
  }),
  agenda: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/agenda',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: agenda, ...commonErrors },
  }),
  /** the calendar feed's key (made on first ask), for the address the page shows */
  feedKey: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/feed-key',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: feedKeyAnswer, ...commonErrors },
  }),
  /** a new feed key: the old feed address stops working, the space's link is untouched */
  renewFeedKey: defineRoute({
    method: 'POST',
    path: '/public/b2b/:slug/feed-key',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: feedKeyAnswer, ...commonErrors },
  }),
  /**
   * the calendar feed: its own read-only key is in the address (calendar applications subscribe to an
   * address); the space's key is refused here
   */
  feed: defineRoute({
    method: 'GET',
    path: '/public/b2b/:slug/calendar/:company/:key',
    kind: 'bff',
    auth: 'public',
    params: feedParams,
    responses: { 200: null, ...commonErrors },
  }),
  resendLink: defineRoute({
    method: 'POST',
    path: '/public/b2b/:slug/link',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    body: resendLinkBody,
    responses: { 202: z.object({ status: z.literal('sent') }), ...commonErrors },
  }),
} as const;

// ---------- the organiser's page ----------

/**
 * Why a live request has no meeting: the scheduler's reasons, or it never reached the scheduler (still
 * waiting for the other company's answer under mutual acceptance, or sent after the last run).
 */
export const LEFT_OUT = [...UNPLACED, 'awaiting_answer', 'not_scheduled'] as const;
export type LeftOutReason = (typeof LEFT_OUT)[number];
const leftOutRequest = z.object({
  requestId: z.number().int(),
  fromId: z.number().int(),
  toId: z.number().int(),
  fromName: z.string(),
  toName: z.string(),
  reason: z.enum(LEFT_OUT),
  /** the sender marked it must-meet */
  mustMeet: z.boolean().default(false),
});
export const RUN_STATES = ['idle', 'running', 'done', 'failed'] as const;

export const gridMeeting = z.object({
  requestId: z.number().int(),
  slotId: z.string(),
  tableId: z.string().nullable(),
  tableName: z.string().nullable(),
  fromId: z.number().int(),
  toId: z.number().int(),
  fromName: z.string(),
  toName: z.string(),
  status: z.enum(MEETING_STATUSES),
  online: z.boolean(),
  /** its sender marked it must-meet */
  mustMeet: z.boolean().default(false),
  /** an online meeting's video link once made (b2b-online.ts), else null */
  onlineUrl: z.string().nullable().default(null),
});
export type GridMeeting = z.infer<typeof gridMeeting>;

export const programmeView = z.object({
  eventId: z.number().int(),
  /** the event's zone, which the slots are on and shown in */
  timeZone: eventClock.timeZone,
  settings: programmeSettings,
  match: matchConfig,
  frozen: z.boolean(),
  publishedAt: z.string().nullable(),
  run: z.object({
    state: z.enum(RUN_STATES),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** the last run's proof: the most meetings any schedule could hold, the share of it not placed
     * (percent), and whether the schedule is proven the best; null before a first run */
    upperBound: z.number().int().nullable(),
    gapPct: z.number().nullable(),
    optimal: z.boolean(),
  }),
  /** published meetings that no longer fit the programme as set now, each with the rule it breaks */
  lockedConflicts: z.array(
    z.object({
      requestId: z.number().int(),
      fromName: z.string(),
      toName: z.string(),
      reason: z.enum(UNPLACED),
    }),
  ),
  slots: z.array(z.object({ id: z.string(), start: z.string(), end: z.string() })),
  meetings: z.array(gridMeeting),
  /** every live request (pending or accepted) with no meeting, and why: not only the scheduler's */
  unplaced: z.array(leftOutRequest),
  /**
   * every company left with fewer meetings than it asked for (its live requests, sent and received, up
   * to the meeting quota), each missing meeting with its reason; a company that asked for none and has
   * none is here too (`asked` 0), so that nobody is left without a word
   */
  shortfalls: z.array(
    z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      asked: z.number().int(),
      placed: z.number().int(),
      missing: z.array(leftOutRequest),
    }),
  ),
  figures: z.object({
    companies: z.number().int(),
    requests: z.number().int(),
    accepted: z.number().int(),
    placed: z.number().int(),
    minMeetings: z.number().int(),
    /** the companies with the fewest meetings, by name (the first ten) */
    minCompanies: z.array(z.string()),
    medianMeetings: z.number(),
    maxMeetings: z.number().int(),
    tablesUsed: z.number().int(),
    /** open must-meet requests, and how many of them have a meeting */
    mustMeet: z.number().int().default(0),
    mustMeetPlaced: z.number().int().default(0),
  }),
  /** freed slots that two companies who asked each other could take */
  offers: z.array(
    z.object({ slotId: z.string(), requestId: z.number().int(), fromName: z.string(), toName: z.string() }),
  ),
  /** changes made since the last publication, whose companies a new publication mails */
  pendingChanges: z.number().int(),
  /** the programme's companies, for the caps of their own (requests sent and not withdrawn or declined) */
  companies: z.array(
    z.object({ id: z.number().int(), companyName: z.string(), requestsUsed: z.number().int() }),
  ),
  /**
   * the online meetings' links once the programme is published: how many are still to make (or to move,
   * or to delete), and the last run's failure as a `meetings.*` / `errors.*` message key (null: none)
   */
  onlineLinks: z
    .object({
      missing: z.number().int(),
      error: z.string().nullable(),
      checkedAt: z.string().nullable(),
    })
    .default({ missing: 0, error: null, checkedAt: null }),
});
export type ProgrammeView = z.infer<typeof programmeView>;

export const b2bEventParams = z.object({ id: id() });
export const b2bMeetingParams = z.object({ id: id(), requestId: id() });
export const freezeBody = z.object({ frozen: z.boolean() });
export const moveBody = z.object({
  slotId: z.string().min(1).max(40),
  tableId: z.string().max(40).nullable(),
});
export const meetingStatusBody = z.object({ status: z.enum(MEETING_STATUSES) });
export const offerBody = z.object({ slotId: z.string().min(1).max(40), requestId: id() });
export const moveResult = z.object({ result: z.string() });
export const linksQueued = z.object({ status: z.literal('queued') });

/** The organiser's routes, proxied to the upstream (members of the event's organisation). */
export const b2bProgrammeRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/b2b',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: b2bEventParams,
    responses: { 200: programmeView, ...commonErrors },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/events/:id/b2b/settings',
    kind: 'bff',
    auth: 'session',
    params: b2bEventParams,
    body: programmeSettings,
    responses: { 200: programmeView, ...commonErrors },
  }),
  freeze: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/freeze',
    kind: 'proxy',
    auth: 'session',
    params: b2bEventParams,
    body: freezeBody,
    responses: { 200: programmeView, ...commonErrors },
  }),
  schedule: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/schedule',
    kind: 'proxy',
    auth: 'session',
    params: b2bEventParams,
    responses: { 202: programmeView, ...commonErrors, 409: commonErrors[400] },
  }),
  move: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/meetings/:requestId/move',
    kind: 'bff',
    auth: 'session',
    params: b2bMeetingParams,
    body: moveBody,
    responses: { 200: programmeView, ...commonErrors, 409: commonErrors[400] },
  }),
  meetingStatus: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/meetings/:requestId/status',
    kind: 'bff',
    auth: 'session',
    params: b2bMeetingParams,
    body: meetingStatusBody,
    responses: { 200: programmeView, ...commonErrors },
  }),
  offer: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/offers',
    kind: 'bff',
    auth: 'session',
    params: b2bEventParams,
    body: offerBody,
    responses: { 200: programmeView, ...commonErrors, 409: commonErrors[400] },
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/publish',
    kind: 'bff',
    auth: 'session',
    params: b2bEventParams,
    responses: { 200: programmeView, ...commonErrors },
  }),
  /** queues the making of the online meetings' missing links (b2b-online.ts), on the caller's behalf */
  createLinks: defineRoute({
    method: 'POST',
    path: '/events/:id/b2b/online-links',
    kind: 'bff',
    auth: 'session',
    params: b2bEventParams,
    responses: { 202: linksQueued, ...commonErrors },
  }),
} as const;
