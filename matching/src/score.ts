/**
 * The match score of two companies: a weighted sum of seven named criteria, each worth 0–1 for the pair,
 * normalised to 0–100. Every criterion is symmetric (a match is about the pair: what A brings B counts as
 * much as what B brings A, and the stronger direction leads), so score(a, b) = score(b, a).
 *
 * One kernel (`pairTotal`) computes the score from per-company features held in typed arrays; `scoreAll`
 * runs it over every pair without allocating, and `scorePair` runs the very same kernel on two companies
 * and then explains each criterion that contributed (`explain`), so the two never disagree.
 */
import {
  B2B_PROFILE_TYPES,
  COMPANY_SIZES,
  NEED_TYPES,
  PARTICIPATION_FORMATS,
  SECTORS,
  TARGETED_PARTNERS,
} from '@evt/contracts/constants';
import { type CompanyProfile, CRITERIA, type MatchConfig, type PairExclusions } from './api';
import { dayPartBits } from './day-parts';
import { COUNTRY_COUNT, COUNTRY_INDEX, normalise, parseTargetMarket } from './markets';

export const DEFAULT_MATCH_CONFIG: MatchConfig = {
  weights: {
    offerNeed: 10,
    profilePair: 8,
    sectors: 6,
    targetMarket: 5,
    format: 3,
    availability: 5,
    size: 2,
  },
  minScore: 50,
};

const indexOf = <T extends string>(list: readonly T[]) => {
  const map = new Map<string, number>(list.map((v, i) => [v, i]));
  return (value: string): number => map.get(value) ?? -1;
};
const profileIx = indexOf(B2B_PROFILE_TYPES);
const sizeIx = indexOf(COMPANY_SIZES);
const needIx = indexOf(NEED_TYPES);
const formatIx = indexOf(PARTICIPATION_FORMATS);
const sectorIx = indexOf(SECTORS);
const partnerIx = indexOf(TARGETED_PARTNERS);
export const NEEDS = NEED_TYPES.length;
const PARTNERS = TARGETED_PARTNERS.length;

type Need = (typeof NEED_TYPES)[number];
type Partner = (typeof TARGETED_PARTNERS)[number];
type Sector = (typeof SECTORS)[number];

/**
 * How well a company can answer each need type of another, in tenths, from what it offers, what it is
 * (its profile) and its sectors. "Potential clients" are answered by buyers and by companies looking for
 * suppliers; "distributors" by trade and logistics companies and buyers; and so on.
 */
function needStrengths(c: CompanyProfile): Record<Need, number> {
  const s: Record<Need, number> = {
    potential_clients: 0,
    suppliers: 0,
    distributors: 0,
    technical_partners_rnd: 0,
    investors: 0,
    mentoring_support: 0,
    other_specify: 0,
  };
  const up = (need: Need, value: number) => {
    s[need] = Math.max(s[need], value);
  };
  const offerToNeed: Record<string, [Need, number][]> = {
    products_to_distribute: [['suppliers', 10]],
    subcontracting: [
      ['suppliers', 10],
      ['technical_partners_rnd', 4],
    ],
    b2b_services: [
      ['suppliers', 8],
      ['mentoring_support', 8],
    ],
    technical_expertise: [
      ['technical_partners_rnd', 10],
      ['mentoring_support', 8],
      ['suppliers', 5],
    ],
    investment_partnership: [['investors', 10]],
  };
  for (const [need, value] of offerToNeed[c.offerType] ?? []) up(need, value);
  if (c.profileType === 'buyer') {
    up('potential_clients', 10);
    up('distributors', 6);
  }
  if (c.profileType === 'supplier') up('suppliers', 8);
  if (c.profileType === 'investor') {
    up('investors', 10);
    up('mentoring_support', 5);
  }
  if (c.profileType === 'service_provider') {
    up('mentoring_support', 8);
    up('suppliers', 6);
  }
  if (c.needType === 'suppliers') up('potential_clients', 8);
  if (c.needType === 'technical_partners_rnd') up('technical_partners_rnd', 5);
  const sectors = new Set<string>(c.sectors);
  if (sectors.has('trade_distribution')) up('distributors', 10);
  if (sectors.has('transport_logistics')) up('distributors', 6);
  if (sectors.has('research_development')) up('technical_partners_rnd', 8);
  if (sectors.has('tech_innovation')) up('technical_partners_rnd', 6);
  if (sectors.has('finance_insurance')) up('investors', 6);
  return s;
}

/** What kind of partner a company can be (targeted partner types), in tenths; local representatives are
 * judged per pair (the company's country within the other's target market). */
function partnerStrengths(c: CompanyProfile, needs: Record<Need, number>): Record<Partner, number> {
  const coDevelopment = Math.max(
    c.offerType === 'technical_expertise' ? 10 : 0,
    c.needType === 'technical_partners_rnd' ? 8 : 0,
    c.sectors.includes('research_development') ? 8 : 0,
  );
  return {
    distributors: needs.distributors,
    clients: needs.potential_clients,
    suppliers: needs.suppliers,
    co_development: coDevelopment,
    local_representatives: 0,
    other_specify: 0,
  };
}

/** Profile pairs, symmetric, in tenths (buyer, supplier, investor, service provider). */
const PROFILE_PAIR = [
  [0, 10, 2, 7],
  [10, 3, 3, 5],
  [2, 3, 1, 3],
  [7, 5, 3, 2],
];
const SERVICE_NEEDS: ReadonlySet<string> = new Set<Need>([
  'mentoring_support',
  'technical_partners_rnd',
  'suppliers',
]);
/** A company looking for investment: one that says it needs investors (offering an investment
 * partnership is a company that invests, not one that seeks it). The reasons use this same test. */
export const seeksInvestment = (c: Pick<CompanyProfile, 'needType'>) => c.needType === 'investors';
/** A company that needs a service (what a service provider answers); the reasons use this same set. */
export const needsService = (c: Pick<CompanyProfile, 'needType'>) => SERVICE_NEEDS.has(c.needType);

/** Sectors that work with each other (symmetric); sharing a sector counts more. */
const COMPLEMENTARY_SECTORS: [Sector, Sector[]][] = [
  [
    'agriculture_agroindustry',
    [
      'trade_distribution',
      'transport_logistics',
      'industry_manufacturing',
      'energy_environment',
      'research_development',
      'finance_insurance',
    ],
  ],
  [
    'tech_innovation',
    [
      'digital_economy_ecommerce',
      'research_development',
      'communication_media',
      'finance_insurance',
      'education_training',
      'industry_manufacturing',
    ],
  ],
  [
    'energy_environment',
    [
      'construction_infrastructure',
      'industry_manufacturing',
      'transport_logistics',
      'public_service_government',
    ],
  ],
  ['education_training', ['research_development', 'associations_ngos', 'public_service_government']],
  ['finance_insurance', ['construction_infrastructure', 'trade_distribution', 'legal_services']],
  [
    'transport_logistics',
    ['trade_distribution', 'industry_manufacturing', 'digital_economy_ecommerce', 'tourism_hospitality'],
  ],
  ['construction_infrastructure', ['public_service_government', 'industry_manufacturing']],
  ['trade_distribution', ['industry_manufacturing', 'digital_economy_ecommerce']],
  ['tourism_hospitality', ['art_culture', 'communication_media']],
  ['art_culture', ['communication_media']],
  ['communication_media', ['digital_economy_ecommerce']],
  ['legal_services', ['public_service_government']],
  ['associations_ngos', ['public_service_government']],
  ['research_development', ['industry_manufacturing', 'energy_environment']],
];
const OTHERS_BIT = 1 << sectorIx('others');
const complementMask = new Uint32Array(SECTORS.length);
for (const [sector, others] of COMPLEMENTARY_SECTORS) {
  for (const other of others) {
    complementMask[sectorIx(sector)] = (complementMask[sectorIx(sector)] ?? 0) | (1 << sectorIx(other));
    complementMask[sectorIx(other)] = (complementMask[sectorIx(other)] ?? 0) | (1 << sectorIx(sector));
  }
}

const DAY_MS = 86_400_000;
function dayNumber(date: string, fallback: number): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return fallback;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : fallback;
}

/** Criterion values for the various cases, 0–1. */
const V = {
  sectorShared: 1,
  sectorComplement: 0.6,
  marketWorld: 0.5,
  formatHybrid: 0.8,
  sameDaysOnly: 0.4,
  size: [
    [1, 0.7, 0.4],
    [0.7, 1, 0.7],
    [0.4, 0.7, 1],
  ],
};
/** Both directions of an asymmetric relation into one symmetric value: the stronger leads. */
const combine = (x: number, y: number) => Math.min(1, 0.8 * Math.max(x, y) + 0.4 * Math.min(x, y));

const MARKET_WORDS = Math.ceil(COUNTRY_COUNT / 32);
/** A company's need type and targeted partner type as one code (-1, unknown, included). */
const WISHES = (NEEDS + 1) * (PARTNERS + 1);
const wishOf = (need: number, partner: number) => (need + 1) * (PARTNERS + 1) + partner + 1;
const FORMATS = PARTICIPATION_FORMATS.length + 1;
const SIZES = COMPANY_SIZES.length;
const KINDS = 16 * FORMATS * SIZES;
const kindOf = (profileCode: number, format: number, size: number) =>
  (profileCode * FORMATS + format + 1) * SIZES + size;

/** Every company's features, struct of arrays. */
export interface Features {
  n: number;
  ids: number[];
  group: Int32Array;
  profile: Uint8Array;
  size: Uint8Array;
  need: Int8Array;
  partner: Int8Array;
  format: Int8Array;
  /** need strengths [n * NEEDS] and partner strengths [n * PARTNERS], 0–1 */
  meetsNeed: Float64Array;
  isPartner: Float64Array;
  seeksInvestors: Uint8Array;
  needsService: Uint8Array;
  /** how well i answers a company of need/partner code k: serve[i * WISHES + wish[j]], 0–1 */
  serve: Float64Array;
  /** the same, transposed (serveBy[k * n + j]: how well j answers wish k), for the hot loop's memory walk */
  serveBy: Float64Array;
  wish: Uint8Array;
  /** profile, seeks investors, needs a service: index into PROFILE_VALUES */
  profileCode: Uint8Array;
  /** profile code, format and size together: index into the table of `fixedTable` */
  kind: Uint8Array;
  sectors: Uint32Array;
  sectorComplements: Uint32Array;
  country: Int16Array;
  /** countries named by the target market [n * MARKET_WORDS] bits, and whether it says "worldwide" */
  markets: Uint32Array;
  /** the same, transposed (marketsBy[word * n + j]) */
  marketsBy: Uint32Array;
  world: Uint8Array;
  dayStart: Float64Array;
  dayEnd: Float64Array;
  slots: Uint8Array;
}

export function features(companies: readonly CompanyProfile[]): Features {
  const n = companies.length;
  const f: Features = {
    n,
    ids: companies.map((c) => c.id),
    group: new Int32Array(n),
    profile: new Uint8Array(n),
    size: new Uint8Array(n),
    need: new Int8Array(n),
    partner: new Int8Array(n),
    format: new Int8Array(n),
    meetsNeed: new Float64Array(n * NEEDS),
    isPartner: new Float64Array(n * PARTNERS),
    seeksInvestors: new Uint8Array(n),
    needsService: new Uint8Array(n),
    serve: new Float64Array(n * WISHES),
    serveBy: new Float64Array(n * WISHES),
    wish: new Uint8Array(n),
    profileCode: new Uint8Array(n),
    kind: new Uint8Array(n),
    sectors: new Uint32Array(n),
    sectorComplements: new Uint32Array(n),
    country: new Int16Array(n),
    markets: new Uint32Array(n * MARKET_WORDS),
    marketsBy: new Uint32Array(n * MARKET_WORDS),
    world: new Uint8Array(n),
    dayStart: new Float64Array(n),
    dayEnd: new Float64Array(n),
    slots: new Uint8Array(n),
  };
  const groups = new Map<string, number>();
  companies.forEach((c, i) => {
    const name = normalise(c.companyName);
    let group = name ? groups.get(name) : undefined;
    if (group === undefined) {
      group = i;
      if (name) groups.set(name, i);
    }
    f.group[i] = group;
    f.profile[i] = Math.max(0, profileIx(c.profileType));
    f.size[i] = Math.max(0, sizeIx(c.companySize));
    f.need[i] = needIx(c.needType);
    f.partner[i] = partnerIx(c.targetedPartnerType);
    f.format[i] = formatIx(c.participationFormat);
    const needs = needStrengths(c);
    NEED_TYPES.forEach((need, k) => {
      f.meetsNeed[i * NEEDS + k] = needs[need] / 10;
    });
    const partners = partnerStrengths(c, needs);
    TARGETED_PARTNERS.forEach((partner, k) => {
      f.isPartner[i * PARTNERS + k] = partners[partner] / 10;
    });
    f.seeksInvestors[i] = seeksInvestment(c) ? 1 : 0;
    f.needsService[i] = needsService(c) ? 1 : 0;
    f.profileCode[i] = f.profile[i]! * 4 + f.seeksInvestors[i]! * 2 + f.needsService[i]!;
    f.wish[i] = wishOf(f.need[i]!, f.partner[i]!);
    f.kind[i] = kindOf(f.profileCode[i]!, f.format[i]!, f.size[i]!);
    for (let need = -1; need < NEEDS; need++)
      for (let partner = -1; partner < PARTNERS; partner++) {
        const fromNeed = need >= 0 ? f.meetsNeed[i * NEEDS + need]! : 0;
        const fromPartner = partner >= 0 ? 0.8 * f.isPartner[i * PARTNERS + partner]! : 0;
        f.serve[i * WISHES + wishOf(need, partner)] = Math.max(fromNeed, fromPartner);
      }
    let mask = 0;
    let complements = 0;
    for (const sector of c.sectors) {
      const k = sectorIx(sector);
      if (k < 0) continue;
      mask |= 1 << k;
      complements |= complementMask[k] ?? 0;
    }
    f.sectors[i] = mask >>> 0;
    f.sectorComplements[i] = complements >>> 0;
    f.country[i] = c.country ? (COUNTRY_INDEX.get(c.country) ?? -1) : -1;
    for (const term of parseTargetMarket(c.targetMarket)) {
      if (term.world) {
        f.world[i] = 1;
        continue;
      }
      for (const code of term.countries) {
        const k = COUNTRY_INDEX.get(code);
        if (k !== undefined) f.markets[i * MARKET_WORDS + (k >> 5)]! |= 1 << (k & 31);
      }
    }
    f.dayStart[i] = dayNumber(c.availabilityStart, Number.NEGATIVE_INFINITY);
    f.dayEnd[i] = dayNumber(c.availabilityEnd, Number.POSITIVE_INFINITY);
    f.slots[i] = dayPartBits(c.timeSlots);
  });
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < WISHES; k++) f.serveBy[k * n + i] = f.serve[i * WISHES + k]!;
    for (let w = 0; w < MARKET_WORDS; w++) f.marketsBy[w * n + i] = f.markets[i * MARKET_WORDS + w]!;
  }
  return f;
}

export const targets = (f: Features, i: number, j: number): number => {
  const k = f.country[j]!;
  if (k < 0) return 0;
  if ((f.markets[i * MARKET_WORDS + (k >> 5)]! >>> (k & 31)) & 1) return 1;
  return f.world[i] ? V.marketWorld : 0;
};
const LOCAL_REPRESENTATIVES = partnerIx('local_representatives');

/** How well i answers j's need or targeted partner, 0–1. */
export function serves(f: Features, i: number, j: number): number {
  const best = f.serve[i * WISHES + f.wish[j]!]!;
  return f.partner[j] === LOCAL_REPRESENTATIVES && best < 0.8 && targets(f, j, i) === 1 ? 0.8 : best;
}

const INVESTOR = profileIx('investor');
const SERVICE_PROVIDER = profileIx('service_provider');
/** PROFILE_PAIR with its two exceptions, over profile codes (profile × seeks investors × needs a service). */
const PROFILE_VALUES = new Float64Array(16 * 16);
for (let x = 0; x < 16; x++)
  for (let y = 0; y < 16; y++) {
    const [px, py] = [x >> 2, y >> 2];
    const seeks = (code: number) => (code >> 1) & 1;
    const needsService = (code: number) => code & 1;
    let v = PROFILE_PAIR[px]![py]! / 10;
    if ((px === INVESTOR && seeks(y)) || (py === INVESTOR && seeks(x))) v = 1;
    if ((px === SERVICE_PROVIDER && needsService(y)) || (py === SERVICE_PROVIDER && needsService(x))) v = 1;
    PROFILE_VALUES[x * 16 + y] = v;
  }

const IN_PERSON = formatIx('in_person');
const ONLINE = formatIx('online');
const HYBRID = formatIx('hybrid');
function formatValue(a: number, b: number): number {
  if (a === b) return 1;
  if (a === HYBRID || b === HYBRID) return V.formatHybrid;
  return (a === ONLINE && b === IN_PERSON) || (a === IN_PERSON && b === ONLINE) ? 0 : V.formatHybrid;
}

export const overlapDays = (f: Features, i: number, j: number) =>
  Math.min(f.dayEnd[i]!, f.dayEnd[j]!) - Math.max(f.dayStart[i]!, f.dayStart[j]!) + 1;

/**
 * The weighted total, already on the 0–100 scale (`unit[c]` = weight × 100 / sum of weights). When `out`
 * is given it receives each criterion's value (0–1) in CRITERIA order.
 */
/** The part of the total that depends on profile, format and size only (criteria 1, 4, 6). */
function fixedPart(unit: Float64Array, profile: number, format: number, size: number): number {
  return unit[1]! * profile + unit[4]! * format + unit[6]! * size;
}
const sizeValue = (a: number, b: number) => V.size[a]![b]!;

/** `fixedPart` for every pair of kinds (profile code × format × size), for the hot loop. */
const fixedTables = new Map<string, Float64Array>();
export function fixedTable(unit: Float64Array): Float64Array {
  const key = unit.join(',');
  const cached = fixedTables.get(key);
  if (cached) return cached;
  const table = new Float64Array(KINDS * KINDS);
  for (let x = 0; x < KINDS; x++)
    for (let y = 0; y < KINDS; y++) {
      const [px, fx, sx] = [
        Math.floor(x / (FORMATS * SIZES)),
        (Math.floor(x / SIZES) % FORMATS) - 1,
        x % SIZES,
      ];
      const [py, fy, sy] = [
        Math.floor(y / (FORMATS * SIZES)),
        (Math.floor(y / SIZES) % FORMATS) - 1,
        y % SIZES,
      ];
      table[x * KINDS + y] = fixedPart(
        unit,
        PROFILE_VALUES[px * 16 + py]!,
        formatValue(fx, fy),
        sizeValue(sx, sy),
      );
    }
  if (fixedTables.size > 32) fixedTables.clear();
  fixedTables.set(key, table);
  return table;
}

/**
 * Each criterion's value (0–1) for a pair, in CRITERIA order, and the weighted total on the 0–100 scale
 * (`unit[c]` = weight × 100 / sum of weights), summed exactly as `fillRow` does.
 */
export function pairTotal(f: Features, i: number, j: number, unit: Float64Array, out: Float64Array): number {
  const offerNeed = combine(serves(f, i, j), serves(f, j, i));
  const profile = PROFILE_VALUES[f.profileCode[i]! * 16 + f.profileCode[j]!]!;
  const si = f.sectors[i]!;
  const sj = f.sectors[j]!;
  const sectors =
    (si & sj & ~OTHERS_BIT) !== 0
      ? V.sectorShared
      : (f.sectorComplements[i]! & sj) !== 0
        ? V.sectorComplement
        : 0;
  const market = combine(targets(f, i, j), targets(f, j, i));
  const format = formatValue(f.format[i]!, f.format[j]!);
  const days = overlapDays(f, i, j);
  const availability = days <= 0 ? 0 : (f.slots[i]! & f.slots[j]!) !== 0 ? 1 : V.sameDaysOnly;
  const size = sizeValue(f.size[i]!, f.size[j]!);
  out.set([offerNeed, profile, sectors, market, format, availability, size]);
  return (
    fixedPart(unit, profile, format, size) +
    unit[0]! * offerNeed +
    unit[2]! * sectors +
    unit[3]! * market +
    unit[5]! * availability
  );
}

/**
 * The hot loop: the scores of company i against companies from..n-1, written to row[offset + j].
 * The same arithmetic as `pairTotal`, with i's features read once and profile, format and size taken
 * from `fixed` (= fixedTable(unit)); no allocation.
 */
export function fillRow(
  f: Features,
  unit: Float64Array,
  fixed: Float64Array,
  i: number,
  from: number,
  row: Uint8Array,
  offset: number,
  to = f.n,
): void {
  const { serve, serveBy, wish, partner, group, ids, kind, sectors, sectorComplements, country, world } = f;
  const { markets, marketsBy, n } = f;
  const { dayStart, dayEnd, slots } = f;
  const [u0, u2, u3, u5] = [unit[0]!, unit[2]!, unit[3]!, unit[5]!];
  const gi = group[i]!;
  const idi = ids[i]!;
  const serveI = i * WISHES;
  const serveByI = wish[i]! * n;
  const localI = partner[i] === LOCAL_REPRESENTATIVES;
  const fixedI = kind[i]! * KINDS;
  const si = sectors[i]!;
  const ci = sectorComplements[i]! & ~0;
  const si2 = si & ~OTHERS_BIT;
  const countryI = country[i]!;
  const marketsI = i * MARKET_WORDS;
  const marketsByI = countryI < 0 ? 0 : (countryI >> 5) * n;
  const worldI = world[i]! === 1;
  const startI = dayStart[i]!;
  const endI = dayEnd[i]!;
  const slotsI = slots[i]!;
  for (let j = from; j < to; j++) {
    if (group[j] === gi || ids[j] === idi) {
      row[offset + j] = 0;
      continue;
    }
    const countryJ = country[j]!;
    // does i's market name j's country, and j's name i's (1), or say "worldwide" (0.5)
    const tij =
      countryJ < 0
        ? 0
        : (markets[marketsI + (countryJ >> 5)]! >>> (countryJ & 31)) & 1
          ? 1
          : worldI
            ? V.marketWorld
            : 0;
    const tji =
      countryI < 0
        ? 0
        : (marketsBy[marketsByI + j]! >>> (countryI & 31)) & 1
          ? 1
          : world[j] === 1
            ? V.marketWorld
            : 0;
    let sij = serve[serveI + wish[j]!]!;
    if (sij < 0.8 && partner[j] === LOCAL_REPRESENTATIVES && tji === 1) sij = 0.8;
    let sji = serveBy[serveByI + j]!;
    if (sji < 0.8 && localI && tij === 1) sji = 0.8;
    const offerNeed = combine(sij, sji);
    const sj = sectors[j]!;
    const sectorValue = (si2 & sj) !== 0 ? V.sectorShared : (ci & sj) !== 0 ? V.sectorComplement : 0;
    const market = combine(tij, tji);
    const days = Math.min(endI, dayEnd[j]!) - Math.max(startI, dayStart[j]!) + 1;
    const availability = days <= 0 ? 0 : (slotsI & slots[j]!) !== 0 ? 1 : V.sameDaysOnly;
    const total =
      fixed[fixedI + kind[j]!]! + u0 * offerNeed + u2 * sectorValue + u3 * market + u5 * availability;
    row[offset + j] = toScore(total);
  }
}

/** Weights clamped to 0–10, scaled so that all criteria at 1 make 100. */
export function units(config: MatchConfig): Float64Array {
  const weights = CRITERIA.map((c) => {
    const w = config.weights[c];
    return Number.isFinite(w) ? Math.min(10, Math.max(0, w)) : 0;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  return Float64Array.from(weights, (w) => (sum > 0 ? (w * 100) / sum : 0));
}

export const toScore = (total: number) => Math.min(100, Math.max(0, Math.round(total)));

export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
export function declinedSet(exclusions?: PairExclusions): Set<string> {
  return new Set((exclusions?.declined ?? []).map(([a, b]) => pairKey(a, b)));
}

/** Every pair's score, row-major over `ids` (n × n, diagonal 0). */
export function scoreAll(
  companies: readonly CompanyProfile[],
  config: MatchConfig,
  exclusions?: PairExclusions,
): { ids: number[]; scores: Uint8Array } {
  const f = features(companies);
  const unit = units(config);
  const fixed = fixedTable(unit);
  const n = f.n;
  const scores = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) fillRow(f, unit, fixed, i, i + 1, scores, i * n);
  // the lower triangle mirrors the upper one, in blocks so that both stay in cache
  const B = 64;
  for (let bi = 0; bi < n; bi += B)
    for (let bj = bi; bj < n; bj += B)
      for (let i = bi; i < Math.min(bi + B, n); i++)
        for (let j = Math.max(bj, i + 1); j < Math.min(bj + B, n); j++)
          scores[j * n + i] = scores[i * n + j]!;
  if (exclusions && exclusions.declined.length > 0) {
    const rows = new Map<number, number[]>();
    f.ids.forEach((id, i) => {
      rows.set(id, [...(rows.get(id) ?? []), i]);
    });
    for (const [a, b] of exclusions.declined) {
      for (const i of rows.get(a) ?? [])
        for (const j of rows.get(b) ?? []) {
          scores[i * n + j] = 0;
          scores[j * n + i] = 0;
        }
    }
  }
  return { ids: f.ids, scores };
}

/** The companies `company` matches best, strongest first, at or above the configured minimum score. */
export function suggestMatches(
  company: CompanyProfile,
  companies: readonly CompanyProfile[],
  config: MatchConfig,
  exclusions?: PairExclusions,
  limit = 10,
): { id: number; score: number }[] {
  const f = features([company, ...companies]);
  const unit = units(config);
  const row = new Uint8Array(f.n);
  fillRow(f, unit, fixedTable(unit), 0, 1, row, 0);
  const declined = declinedSet(exclusions);
  const found: { id: number; score: number }[] = [];
  for (let j = 1; j < f.n; j++) {
    const id = f.ids[j]!;
    const score = row[j]!;
    if (score > 0 && score >= config.minScore && !declined.has(pairKey(company.id, id)))
      found.push({ id, score });
  }
  found.sort((x, y) => y.score - x.score || x.id - y.id);
  return found.slice(0, Math.max(0, limit));
}
