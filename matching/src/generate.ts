/**
 * Random B2B programmes for tests, the bench and demo data: companies with plausible profiles and a
 * schedule input (slots, tables, availability, quotas, requests chosen among each company's better
 * matches, some locked meetings). Deterministic for a given seed.
 */
import {
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
import { MUST_MEET_MAX } from '@evt/contracts/b2b';
import type { CompanyProfile, LockedMeeting, ScheduleInput, ScheduleRequest } from './api';
import { random } from './random';
import { DEFAULT_MATCH_CONFIG, features, fillRow, fixedTable, units } from './score';

/** The form's choices for each enumerated field of a profile. */
export const PROFILE_CHOICES = {
  profileType: B2B_PROFILE_TYPES,
  companySize: COMPANY_SIZES,
  sectors: SECTORS,
  offerType: OFFER_TYPES,
  needType: NEED_TYPES,
  needUrgency: NEED_URGENCIES,
  targetedPartnerType: TARGETED_PARTNERS,
  participationFormat: PARTICIPATION_FORMATS,
  timeSlots: TIME_SLOTS,
} as const;

const COUNTRIES = ['FR', 'CI', 'SN', 'JP', 'DE', 'US', 'CM', 'MA', 'BE', 'CN', 'NG', 'GB', 'CA', 'BR', 'IN'];
const MARKETS = [
  'Europe',
  'Afrique de l’Ouest',
  'Japan, Korea',
  'FR, DE',
  '日本・中国',
  'Worldwide',
  'Asie',
  'Côte d’Ivoire, Sénégal',
  'North America',
  'Middle East and Africa',
  'international',
  'Maghreb',
];

export interface ProgrammeOptions {
  companies: number;
  requests: number;
  slots: number;
  tables: number;
  seed?: number;
  /** share of requests held online (no table), default 0.15 */
  onlineShare?: number;
  /** each company is available in each slot with this probability, default between 0.6 and 1 */
  availability?: [number, number];
  /** quota range, default [4, 12] */
  quota?: [number, number];
  /** share of requests already placed and locked (confirmed or published), default 0 */
  lockedShare?: number;
  /** share of requests their sender marks must-meet (at most MUST_MEET_MAX per sender), default 0 */
  mustMeetShare?: number;
}

export interface Programme {
  profiles: CompanyProfile[];
  input: ScheduleInput;
}

export function generateProfiles(count: number, seed = 1): CompanyProfile[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const start = 1 + Math.floor(rnd() * 3);
    const sectors = [...new Set([pick(SECTORS), ...(rnd() < 0.5 ? [pick(SECTORS)] : [])])];
    return {
      id: i + 1,
      companyName: `Company ${i + 1}`,
      profileType: pick(B2B_PROFILE_TYPES),
      companySize: pick(COMPANY_SIZES),
      sectors,
      offerType: pick(OFFER_TYPES),
      needType: pick(NEED_TYPES),
      needUrgency: pick(NEED_URGENCIES),
      targetedPartnerType: pick(TARGETED_PARTNERS),
      targetMarket: pick(MARKETS),
      country: rnd() < 0.9 ? pick(COUNTRIES) : null,
      participationFormat: pick(PARTICIPATION_FORMATS),
      availabilityStart: `2026-03-0${start}`,
      availabilityEnd: `2026-03-0${start + Math.floor(rnd() * 3)}`,
      timeSlots: [...new Set([pick(TIME_SLOTS), ...(rnd() < 0.4 ? [pick(TIME_SLOTS)] : [])])],
    };
  });
}

export function generateProgramme(options: ProgrammeOptions): Programme {
  const seed = options.seed ?? 1;
  const rnd = random(seed * 7919 + 13);
  const profiles = generateProfiles(options.companies, seed);
  const f = features(profiles);
  const unit = units(DEFAULT_MATCH_CONFIG);
  const fixed = fixedTable(unit);
  const row = new Uint8Array(profiles.length);
  const n = profiles.length;
  const [availLow, availHigh] = options.availability ?? [0.6, 1];
  const [quotaLow, quotaHigh] = options.quota ?? [4, 12];
  const slots = Array.from({ length: options.slots }, (_, s) => {
    const day = 1 + Math.floor(s / 10);
    const minutes = 9 * 60 + (s % 10) * 30;
    const time = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return {
      id: `s${s + 1}`,
      start: `2026-03-0${day}T${time(minutes)}:00+01:00`,
      end: `2026-03-0${day}T${time(minutes + 30)}:00+01:00`,
    };
  });
  const tables = Array.from({ length: options.tables }, (_, t) => ({
    id: `t${t + 1}`,
    name: `Table ${t + 1}`,
  }));
  const companies = profiles.map((p) => {
    const share = availLow + rnd() * (availHigh - availLow);
    return {
      id: p.id,
      quota: quotaLow + Math.floor(rnd() * (quotaHigh - quotaLow + 1)),
      availableSlotIds: slots.filter(() => rnd() < share).map((s) => s.id),
    };
  });
  const requests: ScheduleRequest[] = [];
  const seen = new Set<string>();
  const wanted = n < 2 ? 0 : Math.min(options.requests, (n * (n - 1)) / 2);
  for (let tries = 0; requests.length < wanted && tries < wanted * 50; tries++) {
    const a = Math.floor(rnd() * n);
    // the requester picks the best of a few companies it looked at
    let best = -1;
    let bestScore = -1;
    for (let k = 0; k < 4; k++) {
      const b = Math.floor(rnd() * n);
      if (b === a) continue;
      fillRow(f, unit, fixed, a, b, row, 0, b + 1);
      const score = row[b]!;
      if (score > bestScore) [best, bestScore] = [b, score];
    }
    if (best < 0) continue;
    const key = a < best ? `${a}:${best}` : `${best}:${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push({
      id: `r${requests.length + 1}`,
      from: profiles[a]!.id,
      to: profiles[best]!.id,
      online: rnd() < (options.onlineShare ?? 0.15),
      score: bestScore,
    });
  }
  markMustMeet(requests, options.mustMeetShare ?? 0, random(seed * 104_729 + 7));
  const input: ScheduleInput = { slots, tables, companies, requests, locked: [] };
  input.locked = lockSome(input, options.lockedShare ?? 0, rnd);
  return { profiles, input };
}

/** Marks a share of the requests must-meet, at most MUST_MEET_MAX per sender (its own random stream). */
function markMustMeet(requests: ScheduleRequest[], share: number, rnd: () => number): void {
  if (share <= 0) return;
  const marked = new Map<number, number>();
  for (const r of requests) {
    if (rnd() >= share || (marked.get(r.from) ?? 0) >= MUST_MEET_MAX) continue;
    r.mustMeet = true;
    marked.set(r.from, (marked.get(r.from) ?? 0) + 1);
  }
}

/** Places a share of the requests at the first slot and table that fit, as an earlier run would have. */
export function lockSome(input: ScheduleInput, share: number, rnd: () => number): LockedMeeting[] {
  if (share <= 0) return [];
  const available = new Map(input.companies.map((c) => [c.id, new Set(c.availableSlotIds)]));
  const busy = new Set<string>();
  const tableUsed = new Set<string>();
  const count = new Map<number, number>();
  const quota = new Map(input.companies.map((c) => [c.id, c.quota]));
  const locked: LockedMeeting[] = [];
  for (const r of input.requests) {
    if (rnd() >= share) continue;
    if (
      (count.get(r.from) ?? 0) >= (quota.get(r.from) ?? 0) ||
      (count.get(r.to) ?? 0) >= (quota.get(r.to) ?? 0)
    )
      continue;
    for (const slot of input.slots) {
      const s = slot.id;
      if (!available.get(r.from)?.has(s) || !available.get(r.to)?.has(s)) continue;
      if (busy.has(`${r.from}@${s}`) || busy.has(`${r.to}@${s}`)) continue;
      const table = r.online ? null : input.tables.find((t) => !tableUsed.has(`${t.id}@${s}`));
      if (table === undefined) continue;
      busy.add(`${r.from}@${s}`);
      busy.add(`${r.to}@${s}`);
      if (table) tableUsed.add(`${table.id}@${s}`);
      count.set(r.from, (count.get(r.from) ?? 0) + 1);
      count.set(r.to, (count.get(r.to) ?? 0) + 1);
      locked.push({ requestId: r.id, slotId: s, tableId: table ? table.id : null });
      break;
    }
  }
  return locked;
}
