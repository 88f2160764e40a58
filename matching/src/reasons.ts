/**
 * `scorePair`: the score of one pair with its reasons. The score comes from the same kernel as
 * `scoreAll`; each criterion that contributed points is then explained as an i18n key under
 * `b2bMatch.reasons.` with its values. Enum values are passed as their codes (the locale texts nest
 * `$t(enums.….{{code}})`), country names in the three languages (`country_fr`, `country_en`,
 * `country_ja`; the texts say `{{country}}`, which `reasonValuesFor` fills for one language), company
 * names as written.
 */
import {
  CRITERIA,
  type CompanyProfile,
  type MatchConfig,
  type MatchReason,
  type PairExclusions,
  type PairScore,
} from './api';
import { DAY_PARTS } from './day-parts';
import { parseTargetMarket, writtenPartOf } from './markets';
import {
  declinedSet,
  type Features,
  features,
  fillRow,
  fixedTable,
  NEEDS,
  pairKey,
  pairTotal,
  needsService,
  seeksInvestment,
  serves,
  targets,
  units,
} from './score';

type Explanation = Pick<MatchReason, 'key' | 'values'>;

const countryNames = (code: string) => {
  const values: Record<string, string> = {};
  for (const locale of ['fr', 'en', 'ja']) {
    values[`country_${locale}`] =
      new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  }
  return values;
};

function explainOfferNeed(f: Features, a: CompanyProfile, b: CompanyProfile): Explanation {
  const ab = serves(f, 0, 1);
  const ba = serves(f, 1, 0);
  if (ab >= 0.5 && ba >= 0.5) {
    return {
      key: 'mutualNeeds',
      values: { a: a.companyName, b: b.companyName, needA: a.needType, needB: b.needType },
    };
  }
  const [giver, taker, gi] = ab >= ba ? [a, b, 0] : [b, a, 1];
  // which of the taker's two wishes the giver answers: its need type, or the partner it targets
  const need = f.need[1 - gi]!;
  const fromNeed = need >= 0 ? f.meetsNeed[gi * NEEDS + need]! : 0;
  if (fromNeed > 0 && fromNeed >= Math.max(ab, ba)) {
    return {
      key: 'answersNeed',
      values: {
        giver: giver.companyName,
        taker: taker.companyName,
        need: taker.needType,
        offer: giver.offerType,
        profile: giver.profileType,
      },
    };
  }
  if (taker.targetedPartnerType === 'local_representatives' && giver.country) {
    return {
      key: 'localRepresentative',
      values: { giver: giver.companyName, taker: taker.companyName, ...countryNames(giver.country) },
    };
  }
  return {
    key: 'targetedPartner',
    values: { giver: giver.companyName, taker: taker.companyName, partner: taker.targetedPartnerType },
  };
}

function explainProfiles(a: CompanyProfile, b: CompanyProfile, value: number): Explanation {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (x.profileType === 'investor' && seeksInvestment(y))
      return { key: 'investorSeeking', values: { investor: x.companyName, company: y.companyName } };
  }
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (value === 1 && x.profileType === 'service_provider' && needsService(y))
      return {
        key: 'serviceForNeed',
        values: { provider: x.companyName, company: y.companyName, need: y.needType },
      };
    if (x.profileType === 'buyer' && y.profileType === 'supplier')
      return { key: 'buyerSupplier', values: { buyer: x.companyName, supplier: y.companyName } };
  }
  return {
    key: 'profilesComplement',
    values: { a: a.companyName, b: b.companyName, profileA: a.profileType, profileB: b.profileType },
  };
}

function explainSectors(a: CompanyProfile, b: CompanyProfile, value: number): Explanation {
  if (value === 1) {
    const shared = a.sectors.filter((s) => s !== 'others' && b.sectors.includes(s));
    return { key: 'sharedSector', values: { sector: shared[0] ?? 'others', count: shared.length } };
  }
  for (const sa of a.sectors) {
    const mask = features([{ ...a, sectors: [sa] }]).sectorComplements[0]!;
    for (const sb of b.sectors) {
      const one = features([{ ...b, sectors: [sb] }]).sectors[0]!;
      if (mask & one)
        return {
          key: 'complementarySectors',
          values: { a: a.companyName, b: b.companyName, sectorA: sa, sectorB: sb },
        };
    }
  }
  const values = {
    a: a.companyName,
    b: b.companyName,
    sectorA: a.sectors[0] ?? 'others',
    sectorB: b.sectors[0] ?? 'others',
  };
  return { key: 'complementarySectors', values };
}

function explainMarket(f: Features, a: CompanyProfile, b: CompanyProfile): Explanation {
  const ab = targets(f, 0, 1);
  const ba = targets(f, 1, 0);
  if (ab === 1 && ba === 1)
    return { key: 'targetsEachOther', values: { a: a.companyName, b: b.companyName } };
  const [company, partner] = ab >= ba ? [a, b] : [b, a];
  if (Math.max(ab, ba) < 1)
    return { key: 'targetsWorld', values: { company: company.companyName, partner: partner.companyName } };
  const country = partner.country ?? '';
  const term = parseTargetMarket(company.targetMarket).find((t) => !t.world && t.countries.includes(country));
  return {
    key: 'targetsCountry',
    values: {
      company: company.companyName,
      partner: partner.companyName,
      // quoted as the company wrote it, not as the parser normalised it
      market: term ? writtenPartOf(company.targetMarket, term.text) : company.targetMarket.trim(),
      ...countryNames(country),
    },
  };
}

function explainFormat(a: CompanyProfile, b: CompanyProfile): Explanation {
  if (a.participationFormat === b.participationFormat)
    return { key: 'sameFormat', values: { format: a.participationFormat } };
  const [hybrid, other] = a.participationFormat === 'hybrid' ? [a, b] : [b, a];
  return {
    key: 'hybridFits',
    values: { hybrid: hybrid.companyName, other: other.companyName, format: other.participationFormat },
  };
}

function explainAvailability(f: Features, value: number): Explanation {
  if (value < 1) return { key: 'sameDaysOnly', values: {} };
  const common = f.slots[0]! & f.slots[1]!;
  const slot = DAY_PARTS.find((_, k) => (common >> k) & 1) ?? 'morning';
  return { key: 'commonSlot', values: { slot } };
}

function explainSize(a: CompanyProfile, b: CompanyProfile): Explanation {
  if (a.companySize === b.companySize) return { key: 'sameSize', values: { size: a.companySize } };
  return {
    key: 'sizesFit',
    values: { a: a.companyName, b: b.companyName, sizeA: a.companySize, sizeB: b.companySize },
  };
}

/**
 * Certifications both companies hold: a note, not a criterion (the score's weights and the organiser's
 * settings stay the seven criteria). Shared standards say the two can work to the same requirements; a
 * certification written in words ('other') is not compared.
 */
function sharedCertifications(a: CompanyProfile, b: CompanyProfile): MatchReason | null {
  const theirs = new Set(b.certifications ?? []);
  const shared = (a.certifications ?? []).filter((c) => c !== 'other' && theirs.has(c));
  if (shared.length === 0) return null;
  return {
    criterion: 'certifications',
    points: 0,
    key: 'sharedCertification',
    values: { certification: shared[0]!, count: shared.length },
  };
}

const ZERO: PairScore = { score: 0, reasons: [] };

/** The score of a pair (0–100) and its reasons, strongest first. */
export function scorePair(
  a: CompanyProfile,
  b: CompanyProfile,
  config: MatchConfig,
  exclusions?: PairExclusions,
): PairScore {
  if (a.id === b.id || declinedSet(exclusions).has(pairKey(a.id, b.id))) return ZERO;
  const f = features([a, b]);
  if (f.group[0] === f.group[1]) return ZERO;
  const unit = units(config);
  const values = new Float64Array(CRITERIA.length);
  pairTotal(f, 0, 1, unit, values);
  const row = new Uint8Array(2);
  fillRow(f, unit, fixedTable(unit), 0, 1, row, 0);
  const score = row[1]!;
  const reasons: MatchReason[] = [];
  CRITERIA.forEach((criterion, c) => {
    const value = values[c]!;
    const points = Math.round(unit[c]! * value);
    if (points <= 0) return;
    const explanation =
      criterion === 'offerNeed'
        ? explainOfferNeed(f, a, b)
        : criterion === 'profilePair'
          ? explainProfiles(a, b, value)
          : criterion === 'sectors'
            ? explainSectors(a, b, value)
            : criterion === 'targetMarket'
              ? explainMarket(f, a, b)
              : criterion === 'format'
                ? explainFormat(a, b)
                : criterion === 'availability'
                  ? explainAvailability(f, value)
                  : explainSize(a, b);
    reasons.push({ criterion, points, ...explanation });
  });
  reasons.sort((x, y) => y.points - x.points);
  const certifications = sharedCertifications(a, b);
  if (certifications) reasons.push(certifications);
  return { score, reasons };
}

/** A reason's values for one language: `{{country}}` is the country's name in that language. */
export function reasonValuesFor(
  values: Record<string, string | number>,
  language: 'fr' | 'en' | 'ja',
): Record<string, string | number> {
  const name = values[`country_${language}`];
  return name === undefined ? values : { ...values, country: name };
}
