/**
 * The B2B matching and scheduling engine's public shape. Pure TypeScript, no I/O: the BFF or
 * the reference upstream hands it plain data and gets plain data back, so it runs wherever the data
 * lives, and heavy runs go to a worker thread (`./worker`). Everything a person reads (reasons, left-out
 * causes) is an i18n key under `b2bMatch.` in locales/ with its values, never a sentence built here:
 * reasons under `b2bMatch.reasons.<key>`, left-out causes under `b2bMatch.unplaced.<reason>`, criteria names
 * under `b2bMatch.criteria.<criterion>`.
 *
 * This file is the contract between the engine and its callers: change it only with both sides.
 */
import type {
  B2B_PROFILE_TYPES,
  COMPANY_SIZES,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
} from '@evt/contracts/constants';

type OneOf<T extends readonly string[]> = T[number];

/** What the engine reads of a confirmed B2B registration (the B2B form's fields, spec section 3). */
export interface CompanyProfile {
  /** the B2B registration's id */
  id: number;
  companyName: string;
  profileType: OneOf<typeof B2B_PROFILE_TYPES>;
  companySize: OneOf<typeof COMPANY_SIZES>;
  sectors: OneOf<typeof SECTORS>[];
  offerType: OneOf<typeof OFFER_TYPES>;
  needType: OneOf<typeof NEED_TYPES>;
  needUrgency: OneOf<typeof NEED_URGENCIES>;
  targetedPartnerType: OneOf<typeof TARGETED_PARTNERS>;
  /** free text from the form ("Europe, Japan", "FR, DE"…) */
  targetMarket: string;
  /** ISO 3166-1 alpha-2 of the company, when known (from its dial code's region), else null */
  country: string | null;
  participationFormat: OneOf<typeof PARTICIPATION_FORMATS>;
  /** YYYY-MM-DD, inclusive */
  availabilityStart: string;
  availabilityEnd: string;
  timeSlots: OneOf<typeof TIME_SLOTS>[];
  /**
   * Certifications held (`CERTIFICATIONS` codes; `other` is one written in words): not scored, explained
   * when shared. Absent: none said.
   */
  certifications?: readonly string[];
}

export const CRITERIA = [
  'offerNeed',
  'profilePair',
  'sectors',
  'targetMarket',
  'format',
  'availability',
  'size',
] as const;
export type Criterion = (typeof CRITERIA)[number];

/** The organiser's tuning, stored through the `config_matching` webhook operation. */
export interface MatchConfig {
  /** each criterion's weight, 0–10; the score is the weighted sum normalised to 0–100 */
  weights: Record<Criterion, number>;
  /** pairs under this score are not suggested (they can still be requested) */
  minScore: number;
}

/**
 * What a reason is about: a criterion of the score, or a note that weighs nothing in it but helps the
 * reader (certifications both companies hold).
 */
export type ReasonTopic = Criterion | 'certifications';

/** One reason a person can read: `b2bMatch.reasons.<key>` with `values` interpolated. */
export interface MatchReason {
  criterion: ReasonTopic;
  /** this criterion's contribution to the 0–100 score; 0 for a note */
  points: number;
  key: string;
  values: Record<string, string | number>;
}

export interface PairScore {
  /** 0–100, integer */
  score: number;
  /** strongest first: the criteria that contributed (points > 0), then the notes (points 0) */
  reasons: MatchReason[];
}

/** Pairs that must score zero whatever their profiles (a declined request, either direction). */
export interface PairExclusions {
  declined: ReadonlyArray<readonly [number, number]>;
}

/** One slot of the programme's grid. */
export interface ScheduleSlot {
  id: string;
  /** ISO date-time, the event's time zone offset included */
  start: string;
  end: string;
}

export interface ScheduleTable {
  id: string;
  name: string;
}

export interface ScheduleCompany {
  id: number;
  /** most meetings this company gets (the organiser's quota) */
  quota: number;
  /** the slots it is available in */
  availableSlotIds: string[];
}

export interface ScheduleRequest {
  id: string;
  /** requester and recipient registration ids */
  from: number;
  to: number;
  /** online meetings need no table */
  online: boolean;
  /** the pair's match score, for the last objective */
  score: number;
  /**
   * a must-meet request (its requester marked it; at most `MUST_MEET_MAX` per company, contracts/src/b2b.ts):
   * the scheduler places as many of these as it can before anything else (the objective order: ./schedule)
   */
  mustMeet?: boolean;
}

/** A meeting already confirmed or published: it stays where it is. */
export interface LockedMeeting {
  requestId: string;
  slotId: string;
  tableId: string | null;
}

export interface ScheduleInput {
  slots: ScheduleSlot[];
  tables: ScheduleTable[];
  companies: ScheduleCompany[];
  /** accepted (or, without mutual acceptance, sent) requests to place */
  requests: ScheduleRequest[];
  locked: LockedMeeting[];
  /** how much work the improvement after the greedy start may do, and its random seed */
  options?: ScheduleOptions;
}

export interface ScheduleOptions {
  /**
   * units of work (attempts to place or move a meeting) the improvement may spend; counted, never timed,
   * so that a result depends on the input alone (default DEFAULT_WORK_BUDGET in ./schedule)
   */
  workBudget?: number;
  /** the tie-breaking's seed, stored with the programme so that a rerun gives the same schedule */
  seed?: number;
}

export const UNPLACED_REASONS = ['no_common_slot', 'partner_full', 'tables_full', 'quota_reached'] as const;
export type UnplacedReason = (typeof UNPLACED_REASONS)[number];

export interface PlacedMeeting {
  requestId: string;
  slotId: string;
  tableId: string | null;
}

export interface ScheduleResult {
  placed: PlacedMeeting[];
  unplaced: { requestId: string; reason: UnplacedReason }[];
  stats: {
    requests: number;
    placed: number;
    minMeetings: number;
    medianMeetings: number;
    maxMeetings: number;
    tablesUsed: number;
    /**
     * a proven ceiling of the requests any schedule can place (the LP relaxation's in the worker, else each
     * company's own ceiling), `gapPct` the share of it not placed (0 when proven optimal), and whether the
     * schedule is proven optimal for the objective order (most placed, highest minimum, fewest at it)
     */
    upperBound: number;
    gapPct: number;
    optimal: boolean;
    /** units of work the heuristic improvement spent (see ScheduleOptions.workBudget) */
    work: number;
    /** must-meet requests in the input, and how many of them are placed */
    mustMeet: number;
    mustMeetPlaced: number;
  };
}

/**
 * What `./index` exports (implemented on branch `match`):
 *
 * - `DEFAULT_MATCH_CONFIG: MatchConfig`
 * - `scorePair(a, b, config, exclusions?): PairScore`: the score with its reasons
 * - `scoreAll(companies, config, exclusions?): { ids: number[]; scores: Uint8Array }`: every pair's score,
 *   row-major over `ids` (reasons on demand through `scorePair`)
 * - `suggestMatches(company, companies, config, exclusions?, limit?): { id: number; score: number }[]`
 * - `schedule(input): ScheduleResult`: hard constraints always hold; objectives in order: every request
 *   placed, the fewest meetings any company gets as high as possible, total score
 * - `checkMove(input, placed, move: PlacedMeeting): UnplacedReason | 'ok' | 'slot_taken'`: a hand move
 *   checked against the same constraints
 * - `runScheduleInWorker(input): Promise<ScheduleResult>` in `./worker`: the same, off the event loop
 *
 * Added on branch `match` (nothing above changed):
 * - `ScheduleInput.options` (work budget of the improvement, counted in attempts, never in time; seed) and
 *   `runScheduleInWorker(input, { signal })` to stop a run;
 * - `greedySchedule(input)`: the plain greedy pass alone, and `placementUpperBound(input)`, for comparison;
 * - `generateProgramme(options)` / `generateProfiles(count, seed)`: seeded random programmes (tests, bench,
 *   demo data), also in `./generate`.
 * - stats: min/median/max meetings are over the companies that are in at least one request; `tablesUsed`
 *   counts the distinct tables with at least one meeting.
 * - `runScheduleInWorker` runs `scheduleProven` (./optimum): the heuristic, then a proven ceiling and gap
 *   (stats.upperBound, gapPct, optimal), small programmes solved exactly by HiGHS; `lockedConflicts(input)`
 *   names the locked meetings the programme no longer allows.
 */
