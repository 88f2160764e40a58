import { DEFAULT_PROGRAMME_SETTINGS } from '@evt/contracts/b2b';
import { B2B_PROFILE_TYPES, FUNCTIONS } from '@evt/contracts/constants';
import { dialCodeOf, isCountryCode } from '@evt/contracts/forms/countries';
import type { CompanyProfile } from '@evt/matching/api';
import { DEFAULT_MATCH_CONFIG, generateProfiles, scoreAll } from '@evt/matching/index';
import { availableSlotIds, programmeOf, slotsOf } from '../b2b/companies';
import type { Queryable } from '../db/db';
import { sha256 } from '../model/registrations';

/** 40 companies of each profile type (buyer, supplier, investor, service provider). */
export const DEMO_B2B_PER_PROFILE = 40;
/**
 * The first demo company's personal link key (demo data only: seeding is refused in production), so a
 * reader of the README can open a company's space at once: `/events-sii-2027/b2b-{id}-{key}`.
 */
export const DEMO_B2B_KEY = 'de30b2b0'.repeat(6);

const FIRST = ['Atlas', 'Nova', 'Sahel', 'Kansai', 'Rhône', 'Baobab', 'Helios', 'Sakura', 'Lumen', 'Orion'];
const SECOND = [
  'Industries',
  'Digital',
  'Agro',
  'Logistique',
  'Capital',
  'Conseil',
  'Énergie',
  'Tech',
  'Santé',
  'Design',
];
const PEOPLE = [
  'Awa Diop',
  'Louis Bernard',
  'Yuki Tanaka',
  'Chloé Petit',
  'Kofi Mensah',
  'Sara Haddad',
  'Hiro Sato',
  'Inès Moreau',
];

/** A believable headcount within each size band of spec section 9 (micro 1–9, SME 10–249, large 250+). */
const EMPLOYEES: Record<CompanyProfile['companySize'], readonly number[]> = {
  micro: [3, 5, 8],
  sme: [18, 45, 120, 230],
  large: [380, 1200, 5400],
};
/** Revenue bands that go with a headcount (about 150 k€ to 300 k€ per employee). */
const REVENUES: Record<CompanyProfile['companySize'], readonly string[]> = {
  micro: ['under_2m'],
  sme: ['2m_10m', '2m_10m', '10m_50m', '', '10m_50m'],
  large: ['50m_250m', 'over_250m', ''],
};
/** The certifications a company of a sector commonly holds; most hold one or two, some none. */
const CERTIFICATIONS_BY_SECTOR: Partial<Record<string, readonly string[]>> = {
  agriculture_agroindustry: ['haccp', 'iso_22000', 'organic', 'fair_trade'],
  industry_manufacturing: ['iso_9001', 'iso_45001', 'ce_marking'],
  construction_infrastructure: ['iso_9001', 'iso_45001', 'iso_14001'],
  energy_environment: ['iso_14001', 'iso_9001', 'b_corp'],
  tech_innovation: ['iso_27001', 'iso_9001'],
  digital_economy_ecommerce: ['iso_27001'],
  finance_insurance: ['iso_27001', 'b_corp'],
  transport_logistics: ['iso_9001', 'iso_14001'],
  trade_distribution: ['iso_9001', 'fair_trade'],
  tourism_hospitality: ['iso_14001'],
  research_development: ['iso_9001', 'iso_13485'],
};

function certificationsOf(p: CompanyProfile, i: number): string[] {
  const known = p.sectors.flatMap((s) => CERTIFICATIONS_BY_SECTOR[s] ?? []);
  if (known.length === 0 || i % 4 === 3) return [];
  const first = known[i % known.length]!;
  const second = known[(i + 1) % known.length]!;
  return p.companySize === 'micro' || second === first ? [first] : [first, second];
}

/** The directory is opt-in: most demo companies agreed to be listed, one in eight did not. */
const unlisted = (i: number) => i % 8 === 7;

function formData(p: CompanyProfile, i: number, days: string[]) {
  const country = p.country && isCountryCode(p.country) ? p.country : 'FR';
  return {
    companyName: p.companyName,
    profileType: p.profileType,
    fullName: PEOPLE[i % PEOPLE.length],
    position: FUNCTIONS[i % FUNCTIONS.length],
    email: `b2b${i + 1}@demo.example`,
    dialCode: dialCodeOf(country),
    phone: `6${String(10_000_000 + i * 7919).slice(0, 8)}`,
    employees: EMPLOYEES[p.companySize][i % EMPLOYEES[p.companySize].length],
    annualRevenue: REVENUES[p.companySize][i % REVENUES[p.companySize].length],
    certifications: certificationsOf(p, i),
    otherCertification: '',
    websiteUrl: `https://company${i + 1}.example`,
    address: `${10 + (i % 90)} avenue de l'Innovation`,
    businessSectors: p.sectors,
    otherSector: '',
    logo: null,
    listedInDirectory: !unlisted(i),
    companyDescription: `${p.companyName} : une entreprise qui développe des solutions pour ses clients en Europe, en Afrique et en Asie.`,
    skills: 'Conseil, intégration, distribution et accompagnement de projets internationaux.',
    offerType: p.offerType,
    otherOfferType: p.offerType === 'other_specify' ? 'Formation' : '',
    targetMarket: p.targetMarket,
    needType: p.needType,
    otherNeedType: p.needType === 'other_specify' ? 'Visibilité' : '',
    needUrgency: p.needUrgency,
    targetedPartnerType: p.targetedPartnerType,
    otherPartnershipType: p.targetedPartnerType === 'other_specify' ? 'Alliance' : '',
    specificCriteria: '',
    participationFormat: p.participationFormat,
    availabilityStart: days[0],
    availabilityEnd: days[days.length - 1],
    timeSlots: p.timeSlots,
    expectations: '',
  };
}

/**
 * The demo event's B2B programme: 160 confirmed companies with plausible profiles (the engine's
 * seeded generator), each asking its three best matches among the companies it can meet (a slot of the
 * programme where both are available) for a meeting (accepted, pending or declined),
 * and the programme's settings over the event's days. Neither frozen nor scheduled: the organiser does it.
 */
export async function seedB2bProgramme(tx: Queryable, eventId: number, days: string[]): Promise<void> {
  const count = DEMO_B2B_PER_PROFILE * B2B_PROFILE_TYPES.length;
  const profiles = generateProfiles(count, 2027).map((p, i) => ({
    ...p,
    profileType: B2B_PROFILE_TYPES[i % B2B_PROFILE_TYPES.length] as CompanyProfile['profileType'],
    companyName: `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}${i >= 100 ? ` ${Math.floor(i / 100) + 1}` : ''}`,
    availabilityStart: days[0] ?? p.availabilityStart,
    availabilityEnd: days[days.length - 1] ?? p.availabilityEnd,
  }));
  // believable: a company of the demo is available at some time the demo's programme runs (09:00–17:00),
  // not only in the evening; one the generator made evening-only keeps a part of the day within the hours
  const settings = {
    ...DEFAULT_PROGRAMME_SETTINGS,
    days,
    tables: Array.from({ length: 20 }, (_, i) => `Stand B${i + 1}`),
    requestCap: 12,
    meetingQuota: 8,
  };
  // on the event's own clock, as the programme reads it
  const slots = slotsOf(settings, (await programmeOf(tx, eventId)).timeZone);
  const withinHours: CompanyProfile['timeSlots'][] = [['morning'], ['afternoon'], ['full_day']];
  for (const [i, p] of profiles.entries())
    if (availableSlotIds(p, slots).length === 0) p.timeSlots = withinHours[i % withinHours.length]!;
  // a few set-based statements, not one per row: every test upstream seeds this
  const rows = profiles.map((p, i) => {
    const data = formData(p, i, days);
    return { email: data.email, name: data.companyName, data, locale: ['fr', 'en', 'ja'][i % 3] };
  });
  const inserted = await tx.query<{ id: number; email: string }>(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, data, locale, confirmed_at)
     SELECT $1, 'b2b', 'b2b', 'confirmed', x.email, x.name, x.name, x.data, x.locale, now()
     FROM jsonb_to_recordset($2::jsonb) AS x(email text, name text, data jsonb, locale text)
     RETURNING id, email`,
    [eventId, JSON.stringify(rows)],
  );
  const idOf = new Map(inserted.map((r) => [r.email, Number(r.id)]));
  const ids = rows.map((r) => idOf.get(r.email) as number);
  await tx.query(
    `INSERT INTO b2b_access (registration_id, key_hash, link_base)
     SELECT id, CASE WHEN id = $2 THEN $3 END, 'http://localhost:3000' FROM unnest($1::int[]) AS id`,
    [ids, ids[0], sha256(DEMO_B2B_KEY)],
  );
  const withIds = profiles.map((p, i) => ({ ...p, id: ids[i] as number }));
  const asked = new Set<string>();
  const requests: { from: number; to: number; status: string; online: boolean }[] = [];
  // every pair's score at once (one pass over typed arrays), then each company's three best
  const { scores } = scoreAll(withIds, DEFAULT_MATCH_CONFIG, { declined: [] });
  const n = withIds.length;
  // a request the scheduler can never place ("no common slot") is not one a person would send
  const slotSets = withIds.map((p) => new Set(availableSlotIds(p, slots)));
  const canMeet = (i: number, k: number) => [...slotSets[i]!].some((s) => slotSets[k]!.has(s));
  for (const [i, p] of withIds.entries()) {
    const best = withIds
      // nobody asks first a company that is not in the directory: it cannot be found
      .map((m, k) => ({
        id: m.id,
        score: k === i || !canMeet(i, k) || unlisted(k) ? -1 : (scores[i * n + k] ?? 0),
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 3);
    for (const [j, m] of best.entries()) {
      if (asked.has(`${m.id}>${p.id}`) || m.id === p.id) continue;
      asked.add(`${p.id}>${m.id}`);
      const status = (i + j) % 10 === 0 ? 'declined' : (i + j) % 3 === 0 ? 'pending' : 'accepted';
      requests.push({
        from: p.id,
        to: m.id,
        status,
        online: p.participationFormat === 'online' && (i + j) % 2 === 0,
      });
    }
  }
  await tx.query(
    `INSERT INTO b2b_requests (event_id, from_id, to_id, status, online)
     SELECT $1, x."from", x."to", x.status, x.online
     FROM jsonb_to_recordset($2::jsonb) AS x("from" int, "to" int, status text, online boolean)`,
    [eventId, JSON.stringify(requests)],
  );
  await tx.query('INSERT INTO b2b_programmes (event_id, settings) VALUES ($1, $2)', [
    eventId,
    JSON.stringify(settings),
  ]);
}
