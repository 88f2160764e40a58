import { defaultBadgeModel } from '@evt/contracts/badges';
import { DEFAULT_EVENT_TIME_ZONE } from '@evt/contracts/event-time-zone';
import { createHash } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Db, Queryable } from '../db/db';
import { seedB2bProgramme } from './demo-b2b';
import { seedFormQuestions } from './demo-questions';
import { seedDemoActivity } from './demo-activity';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoMailings } from './demo-mailings';
import { badgePng } from './png';
import { seedProgramme } from './programme';
import { seedDemoCommissions } from './demo-commissions';
import { seedInfoRequests } from './demo-requests';
import { seedDemoApiKeys } from './demo-api-keys';
import { seedDemoWebhooks } from './demo-webhooks';
import { seedDemoLeads } from './demo-leads';
import { daysFrom } from './days';

export const DEMO_ORGANISER = {
  email: 'organiser@demo.example',
  password: 'demo-organiser-2026',
  firstName: 'Camille',
  lastName: 'Martin',
} as const;

/** A second organiser in another organisation: access tests prove neither sees the other's data. */
export const DEMO_ORGANISER_2 = {
  email: 'organiser2@demo.example',
  password: 'demo-organiser-2026',
  firstName: 'Kenji',
  lastName: 'Sato',
} as const;

async function addUser(
  tx: Queryable,
  who: { email: string; password: string; firstName: string; lastName: string },
  locale: string,
) {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, email_verified, locale)
     VALUES ($1, $2, $3, $4, true, $5) RETURNING id`,
    [who.email, await hashPassword(who.password), who.firstName, who.lastName, locale],
  );
  return rows[0]?.id as number;
}

async function addOrganization(tx: Queryable, ownerId: number, org: Record<string, string>, image?: Buffer) {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO organizations (name, description, website, email, phone, country)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [org.name, org.description, org.website, org.email, org.phone, org.country],
  );
  const id = rows[0]?.id as number;
  await tx.query(
    `INSERT INTO organization_members (organization_id, user_id, member_type_id)
     SELECT $1, $2, id FROM member_types WHERE code = 'owner'`,
    [id, ownerId],
  );
  if (image) {
    await tx.query(
      'INSERT INTO organization_images (organization_id, content_type, data, hash) VALUES ($1, $2, $3, $4)',
      [id, 'image/png', image, createHash('sha256').update(image).digest('hex')],
    );
  }
  return id;
}

interface DemoPerson {
  first: string;
  last: string;
  organisation: string;
  email: string;
  locale: 'fr' | 'en' | 'ja';
}

/** The people of the demo's events, in turn: names, structures and addresses a fair's list would show. */
const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    first: 'Claire',
    last: 'Fontaine',
    organisation: 'Atelier Fontaine',
    email: 'claire.fontaine@atelier-fontaine.example',
    locale: 'fr',
  },
  {
    first: 'Hugo',
    last: 'Lambert',
    organisation: 'Nova Robotique',
    email: 'h.lambert@nova-robotique.example',
    locale: 'fr',
  },
  {
    first: 'Julie',
    last: 'Marchand',
    organisation: 'Lumen Optique',
    email: 'julie.marchand@lumen-optique.example',
    locale: 'fr',
  },
  {
    first: 'Yui',
    last: 'Tanaka',
    organisation: 'Kobe Sensors',
    email: 'yui.tanaka@kobe-sensors.example',
    locale: 'ja',
  },
  {
    first: 'Marc',
    last: 'Girard',
    organisation: 'Industrie Hebdo',
    email: 'marc.girard@industrie-hebdo.example',
    locale: 'fr',
  },
  {
    first: 'Sarah',
    last: 'Collins',
    organisation: 'Brightwave Energy',
    email: 's.collins@brightwave.example',
    locale: 'en',
  },
  {
    first: 'Kenta',
    last: 'Mori',
    organisation: 'Université de Lyon',
    email: 'kenta.mori@univ-lyon.example',
    locale: 'ja',
  },
  {
    first: 'Léa',
    last: 'Rousseau',
    organisation: 'Verdi Bâtiment',
    email: 'lea.rousseau@verdi-batiment.example',
    locale: 'fr',
  },
  {
    first: 'Thomas',
    last: 'Petit',
    organisation: 'CapNum Conseil',
    email: 'thomas.petit@capnum.example',
    locale: 'fr',
  },
  {
    first: 'Emma',
    last: 'Becker',
    organisation: 'Heliox GmbH',
    email: 'emma.becker@heliox.example',
    locale: 'en',
  },
  {
    first: 'Nicolas',
    last: 'Faure',
    organisation: 'Agri Demain',
    email: 'nicolas.faure@agridemain.example',
    locale: 'fr',
  },
  {
    first: 'Aiko',
    last: 'Sato',
    organisation: 'Osaka Design Lab',
    email: 'aiko.sato@osaka-design.example',
    locale: 'ja',
  },
  {
    first: 'Paul',
    last: 'Mercier',
    organisation: 'Mercier & Fils',
    email: 'paul.mercier@mercier-fils.example',
    locale: 'fr',
  },
  {
    first: 'Chloé',
    last: 'André',
    organisation: 'Startup Studio Sud',
    email: 'chloe.andre@studio-sud.example',
    locale: 'fr',
  },
];

// the registration kind of each seeded role (form slug), as migration 003 maps existing rows
const SEED_KINDS: Record<string, string> = { exposant: 'exhibitor', agent_presse: 'press_agent' };

async function addEvent(
  tx: Queryable,
  organizationId: number,
  e: Record<string, unknown>,
  registrations: number,
) {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, description, venue, city, country, start_date, end_date, languages, status, translations,
       start_time, end_time, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      organizationId,
      e.name,
      e.slug,
      e.description,
      e.venue,
      e.city,
      e.country,
      e.startDate,
      e.endDate,
      JSON.stringify(e.languages),
      e.status,
      JSON.stringify(e.translations ?? {}),
      e.startTime ?? null,
      e.endTime ?? null,
      e.timeZone ?? DEFAULT_EVENT_TIME_ZONE,
    ],
  );
  const id = rows[0]?.id as number;
  const roles = ['participant', 'participant', 'exposant', 'participant', 'agent_presse', 'b2b', 'panelist'];
  for (let i = 0; i < registrations; i++) {
    const role = roles[i % roles.length] as string;
    const kind = SEED_KINDS[role] ?? role;
    const person = DEMO_PEOPLE[i % DEMO_PEOPLE.length] as DemoPerson;
    // the structure under the field its form asks for it (a company for an exhibitor, a medium for the press)
    const structure =
      kind === 'exhibitor'
        ? 'companyName'
        : kind === 'press_agent'
          ? 'mediaOrganization'
          : 'organizationName';
    await tx.query(
      `INSERT INTO registrations (event_id, role, kind, status, email, full_name, first_names, last_name, locale, data,
                                  created_at, confirmed_at)
       VALUES ($1, $2, $7, $3, $4, $5 || ' ' || $8, $5, $8, $9, $10, now() - ($6::int * interval '1 day'),
               CASE WHEN $3 = 'confirmed' THEN now() - ($6::int * interval '1 day') END)`,
      [
        id,
        role,
        i % 3 === 0 ? 'pending' : 'confirmed',
        person.email,
        person.first,
        i % 5,
        kind,
        person.last,
        person.locale,
        JSON.stringify({ [structure]: person.organisation }),
      ],
    );
  }
  // the forms' titles in the event's other languages; a language without one shows the kind's
  for (const [kind, title, titles] of [
    ['participant', 'Participant', { en: 'Visitor registration', ja: '来場者登録' }],
    ['exposant', 'Exposant', { en: 'Exhibitor', ja: '出展者' }],
    ['b2b', 'B2B', { en: 'B2B meetings' }],
  ] as const) {
    await tx.query(
      'INSERT INTO event_forms (event_id, kind, title, titles, open) VALUES ($1, $2, $3, $4, true)',
      [id, kind, title, JSON.stringify(titles)],
    );
  }
  return id;
}

/** The salon's badge models (participants, exhibitors) and its first arrivals on the first morning. */
async function seedBadges(tx: Queryable, eventId: number, staff: number, morning: string) {
  const participant = { ...defaultBadgeModel('A6'), accent: '#1d4ed8' };
  const exhibitor = { ...defaultBadgeModel('A4x4'), accent: '#b45309' };
  for (const [role, model] of [
    ['participant', participant],
    ['exhibitor', exhibitor],
  ] as const) {
    await tx.query('INSERT INTO badge_models (event_id, role, model) VALUES ($1, $2, $3)', [
      eventId,
      role,
      JSON.stringify(model),
    ]);
  }
  // four confirmed registrations checked in between 09:05 and 10:40, at the two entrances' desks
  await tx.query(
    `INSERT INTO checkins (registration_id, event_id, checked_in_at, checked_in_by, checked_in_by_name, desk)
     SELECT r.id, r.event_id, $2::timestamptz + (row_number() OVER (ORDER BY r.id) * interval '23 minutes') - interval '18 minutes',
            u.id, trim(u.first_name || ' ' || u.last_name),
            CASE WHEN r.id % 3 = 0 THEN 'Entrée Sud' ELSE 'Entrée Nord' END
     FROM (SELECT id, event_id FROM registrations WHERE event_id = $1 AND status = 'confirmed' ORDER BY id LIMIT 4) r,
          users u WHERE u.id = $3`,
    [eventId, morning, staff],
  );
}

/** Seeds the demo data once: only when the database has no user at all. Returns whether it seeded. */
export async function seedDemo(db: Db, now = new Date(), publicUrl?: string): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users LIMIT 1');
  if (existing.length > 0) return false;
  const at = (days: number, hour: number) => {
    const d = daysFrom(now, days);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  await db.transaction(async (tx) => {
    const camille = await addUser(tx, DEMO_ORGANISER, 'fr');
    const kenji = await addUser(tx, DEMO_ORGANISER_2, 'ja');
    const salon = await addOrganization(
      tx,
      camille,
      {
        name: "Salon International de l'Innovation",
        description:
          "Organisateur du Salon International de l'Innovation : expositions, rencontres B2B et conférences pour les entreprises innovantes.",
        website: 'https://salon-innovation.example',
        email: 'contact@salon-innovation.example',
        phone: '140000000',
        country: 'FR',
      },
      badgePng(96, [29, 78, 216], [14, 165, 233]),
    );
    // its privacy notice, shown on every public form of its events (the second organisation has none:
    // its forms show the default sentence)
    await tx.query(
      `UPDATE organizations SET privacy_url = $2, privacy_texts = $3::jsonb, privacy_contact = $4 WHERE id = $1`,
      [
        salon,
        'https://salon-innovation.example/confidentialite',
        JSON.stringify({
          fr: "Vos données servent à gérer votre inscription, votre badge et les rencontres du salon. Elles sont conservées 24 mois après l'événement.",
          en: 'Your data is used to handle your registration, your badge and the meetings of the fair. It is kept for 24 months after the event.',
        }),
        'dpo@salon-innovation.example',
      ],
    );
    // the keys the automation service would use for the organisation (shown masked on its settings page)
    await tx.query('INSERT INTO organization_credentials (organization_id, data) VALUES ($1, $2)', [
      salon,
      JSON.stringify({
        zoomApiKey: 'demo-zoom-key-not-real-7f2c',
        mailProviderKey: 'demo-mail-key-not-real-31ab',
      }),
    ]);
    const sii = await addEvent(
      tx,
      salon,
      {
        name: "Salon International de l'Innovation 2027",
        slug: 'sii-2027',
        description: 'Trois jours d’exposition, de conférences et de rendez-vous B2B autour de l’innovation.',
        venue: 'Paris Expo Porte de Versailles',
        city: 'Paris',
        country: 'FR',
        startDate: at(60, 8),
        endDate: at(62, 18),
        startTime: '09:00',
        endTime: '18:00',
        timeZone: 'Europe/Paris',
        languages: ['fr', 'en', 'ja'],
        status: 'published',
        translations: {
          en: {
            name: 'International Innovation Fair 2027',
            description: 'Three days of exhibition, talks and B2B meetings about innovation.',
          },
          ja: {
            name: '国際イノベーション見本市 2027',
            description: 'イノベーションをテーマにした3日間の展示会、講演、B2B商談会。',
          },
        },
      },
      12,
    );
    await seedBadges(tx, sii, camille, at(60, 9));
    await seedDemoLeads(tx, sii, at(60, 9));
    await seedProgramme(tx, sii, at(60, 8).slice(0, 10));
    await (await import('./demo-meetings')).seedDemoMeetings(tx, sii, camille, now);
    await seedInfoRequests(tx, sii, camille, now);
    await seedDemoApiKeys(tx, salon, camille, now);
    await seedDemoWebhooks(tx, salon, sii, camille, now, publicUrl);
    await seedDemoCommissions(tx, sii, camille, now);
    await seedDemoDocuments(tx, sii);
    await seedDemoMailings(tx, sii, camille, now, at(59, 16));
    const lyon = await addEvent(
      tx,
      salon,
      {
        name: 'Forum B2B Innovation Lyon',
        slug: 'forum-b2b-lyon',
        description: 'Une journée de rendez-vous d’affaires entre start-up, PME et investisseurs.',
        venue: 'Centre de Congrès de Lyon',
        city: 'Lyon',
        country: 'FR',
        startDate: at(-1, 8),
        endDate: at(1, 18),
        startTime: '08:30',
        endTime: '17:30',
        timeZone: 'Europe/Paris',
        languages: ['fr', 'en'],
        status: 'published',
        translations: { en: { name: 'Lyon Innovation B2B Forum', description: '' } },
      },
      7,
    );
    // The forum's B2B programme, on its three days (yesterday, today, tomorrow)
    await seedB2bProgramme(
      tx,
      lyon,
      [-1, 0, 1].map((d) => at(d, 12).slice(0, 10)),
    );
    await seedProgramme(tx, lyon, at(-1, 8).slice(0, 10));
    await seedDemoActivity(tx, lyon, camille, now);
    await seedFormQuestions(tx, lyon);
    const osaka = await addOrganization(tx, kenji, {
      name: 'Osaka Business Fair',
      description: 'Trade fairs for industry and technology in the Kansai region.',
      website: 'https://osaka-fair.example',
      email: 'info@osaka-fair.example',
      phone: '660000000',
      country: 'JP',
    });
    await addEvent(
      tx,
      osaka,
      {
        name: 'Osaka Tech Expo',
        slug: 'osaka-tech-expo',
        description: 'Exhibition of manufacturing and digital technologies.',
        venue: 'INTEX Osaka',
        city: 'Osaka',
        country: 'JP',
        startDate: at(-90, 0),
        endDate: at(-88, 9),
        startTime: '10:00',
        endTime: '17:00',
        timeZone: 'Asia/Tokyo',
        languages: ['en', 'ja'],
        status: 'archived',
        translations: {
          ja: { name: '大阪テックエキスポ', description: 'ものづくりとデジタル技術の展示会。' },
        },
      },
      4,
    );
  });
  return true;
}
