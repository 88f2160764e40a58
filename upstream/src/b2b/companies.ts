import {
  type CompanySummary,
  DEFAULT_PROGRAMME_SETTINGS,
  type MatchConfigBody,
  matchConfig,
  type ProgrammeSettings,
  programmeSettings,
} from '@evt/contracts/b2b';
import { companySizeOf } from '@evt/contracts/constants';
import { eventTimeZone, zonedDateTime } from '@evt/contracts/event-time-zone';
import { mainRegionOf } from '@evt/contracts/forms/countries';
import type { CompanyProfile, PairExclusions, ScheduleSlot } from '@evt/matching/api';
import { dayPartBitAt, dayPartBits } from '@evt/matching/day-parts';
import { DEFAULT_MATCH_CONFIG } from '@evt/matching/index';
import type { Queryable, Row } from '../db/db';

/** A confirmed B2B registration of the event, as the programme reads it. */
export interface Company {
  profile: CompanyProfile;
  data: Record<string, unknown>;
  email: string;
  locale: string;
  logo: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function toCompany(row: Row): Company {
  const data = (row.data as Record<string, unknown>) ?? {};
  const profile = {
    id: Number(row.id),
    companyName: str(data.companyName),
    profileType: str(data.profileType),
    companySize: companySizeOf(data.employees),
    sectors: strs(data.businessSectors),
    offerType: str(data.offerType),
    needType: str(data.needType),
    needUrgency: str(data.needUrgency),
    targetedPartnerType: str(data.targetedPartnerType),
    targetMarket: str(data.targetMarket),
    country: mainRegionOf(str(data.dialCode)) ?? null,
    participationFormat: str(data.participationFormat),
    availabilityStart: str(data.availabilityStart),
    availabilityEnd: str(data.availabilityEnd),
    timeSlots: strs(data.timeSlots),
    certifications: strs(data.certifications),
  } as CompanyProfile;
  return {
    profile,
    data,
    email: String(row.email),
    locale: String(row.locale),
    logo: data.logo !== null && data.logo !== undefined && data.logo !== '',
  };
}

/** The event's programme companies: its confirmed B2B registrations. */
export async function companiesOf(db: Queryable, eventId: number): Promise<Company[]> {
  const rows = await db.query(
    `SELECT id, email, locale, data FROM registrations
     WHERE event_id = $1 AND kind = 'b2b' AND status = 'confirmed' AND coalesce(data->>'companyName', '') <> ''
     ORDER BY id`,
    [eventId],
  );
  return rows.map(toCompany);
}

export function summaryOf(company: Company, score: number): CompanySummary {
  const p = company.profile;
  return {
    id: p.id,
    companyName: p.companyName,
    profileType: p.profileType,
    companySize: p.companySize,
    employees: typeof company.data.employees === 'number' ? company.data.employees : null,
    annualRevenue: str(company.data.annualRevenue),
    certifications: [...(p.certifications ?? [])],
    sectors: p.sectors,
    offerType: p.offerType,
    needType: p.needType,
    country: p.country,
    participationFormat: p.participationFormat,
    logo: company.logo,
    score,
  };
}

export interface Programme {
  eventId: number;
  settings: ProgrammeSettings;
  /** the event's zone, which the programme's slots are on */
  timeZone: string;
  frozen: boolean;
  publishedAt: Date | null;
  runState: string;
  runStartedAt: Date | null;
  runFinishedAt: Date | null;
  unplaced: { requestId: string; reason: string }[];
  /** what the last run proved (see ScheduleResult.stats), null before a first run */
  runProof: { upperBound: number; gapPct: number; optimal: boolean } | null;
  /** the scheduler's random seed, kept with the programme */
  scheduleSeed: number;
}

/** The event's programme; an event without one gets the defaults over its own days. */
export async function programmeOf(db: Queryable, eventId: number): Promise<Programme> {
  const rows = await db.query(
    `SELECT p.*, e.start_date, e.end_date, e.time_zone FROM events e
       LEFT JOIN b2b_programmes p ON p.event_id = e.id
     WHERE e.id = $1`,
    [eventId],
  );
  const row = rows[0] ?? {};
  const parsed = programmeSettings.safeParse(row.settings);
  const settings = parsed.success
    ? parsed.data
    : { ...DEFAULT_PROGRAMME_SETTINGS, days: eventDays(row.start_date, row.end_date) };
  return {
    eventId,
    settings,
    timeZone: eventTimeZone({ timeZone: (row.time_zone as string | null | undefined) ?? null }),
    frozen: row.frozen_at != null,
    publishedAt: (row.published_at as Date | null) ?? null,
    runState: (row.run_state as string | undefined) ?? 'idle',
    runStartedAt: (row.run_started_at as Date | null) ?? null,
    runFinishedAt: (row.run_finished_at as Date | null) ?? null,
    unplaced: (row.unplaced as { requestId: string; reason: string }[] | undefined) ?? [],
    runProof: (row.run_proof as Programme['runProof'] | undefined) ?? null,
    scheduleSeed: Number(row.schedule_seed ?? 1),
  };
}

function eventDays(start: unknown, end: unknown): string[] {
  if (!start || !end) return [];
  const days: string[] = [];
  const from = new Date(start as string);
  const to = new Date(end as string);
  for (let d = new Date(from); d <= to && days.length < 14; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days.length ? days : [from.toISOString().slice(0, 10)];
}

/** A company's request cap: its own when the organiser set one, else the programme's. */
export function requestCapOf(settings: ProgrammeSettings, companyId: number): number {
  return settings.companyCaps.find((c) => c.companyId === companyId)?.requestCap ?? settings.requestCap;
}

/** Requests a company has sent and not withdrawn, nor seen declined: what its cap counts. */
export async function requestsUsedOf(db: Queryable, companyId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM b2b_requests WHERE from_id = $1 AND status IN ('pending', 'accepted')`,
    [companyId],
  );
  return rows[0]?.n ?? 0;
}

/** The matching weights stored through `config_matching` (any form of the event), else the engine's. */
export async function matchConfigOf(db: Queryable, eventId: number): Promise<MatchConfigBody> {
  const rows = await db.query<{ config: unknown }>(
    'SELECT config FROM config_matching WHERE event_id = $1 ORDER BY updated_at DESC LIMIT 1',
    [eventId],
  );
  const parsed = matchConfig.safeParse(rows[0]?.config);
  return parsed.success ? parsed.data : (DEFAULT_MATCH_CONFIG as MatchConfigBody);
}

/** Pairs that declined each other (either direction): they score zero. */
export async function exclusionsOf(db: Queryable, eventId: number): Promise<PairExclusions> {
  const rows = await db.query<{ from_id: number; to_id: number }>(
    `SELECT from_id, to_id FROM b2b_requests WHERE event_id = $1 AND status = 'declined'`,
    [eventId],
  );
  return { declined: rows.map((r) => [Number(r.from_id), Number(r.to_id)] as const) };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The programme's grid: each day from its start to its end in slots, minus the breaks, on the event's
 * clock (`timeZone`). Ids `YYYY-MM-DDTHH:MM`; starts and ends carry the zone's offset at that moment.
 */
export function slotsOf(settings: ProgrammeSettings, timeZone: string): ScheduleSlot[] {
  const slots: ScheduleSlot[] = [];
  const end = minutes(settings.dayEnd);
  for (const day of settings.days) {
    for (let m = minutes(settings.dayStart); m + settings.slotMinutes <= end; m += settings.slotMinutes) {
      const e = m + settings.slotMinutes;
      if (settings.breaks.some((b) => m < minutes(b.end) && e > minutes(b.start))) continue;
      slots.push({
        id: `${day}T${hhmmOf(m)}`,
        start: zonedDateTime(day, hhmmOf(m), timeZone),
        end: zonedDateTime(day, hhmmOf(e), timeZone),
      });
    }
  }
  return slots;
}

/**
 * The slots a company said it is available in: its dates, and the parts of the day it ticked as the
 * score reads them (one definition, @evt/matching/day-parts: "full day" is morning and afternoon).
 */
export function availableSlotIds(profile: CompanyProfile, slots: readonly ScheduleSlot[]): string[] {
  const parts = dayPartBits(profile.timeSlots);
  return slots
    .filter((s) => {
      const day = s.id.slice(0, 10);
      if (profile.availabilityStart && day < profile.availabilityStart) return false;
      if (profile.availabilityEnd && day > profile.availabilityEnd) return false;
      return (parts & dayPartBitAt(minutes(s.id.slice(11, 16)))) !== 0;
    })
    .map((s) => s.id);
}
